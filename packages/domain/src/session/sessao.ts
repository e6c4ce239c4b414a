import * as z from 'zod/mini';
import { permissoesSchema } from '../permissoes/permissoes.ts';

// Apart from the request bodies (schemas.ts): what a signed-in page reads of its session, so that the app's
// shell, which validates the saved session, builds only these schemas as it loads, with zod/mini: classic
// zod's methods cannot be tree-shaken and weighed ~15 KiB of the shell (issue 19).

export const atribuicoesSistema = ['Administrador', 'Gerente', 'Caixa', 'Garçom', 'Cozinha', 'Motoboy', 'Estoquista', 'Comprador', 'Financeiro'] as const;

/** SPEC.md §6: delivery people are the users with this atribuicaoSistema. */
export const ATRIBUICAO_ENTREGADOR = 'Motoboy' satisfies (typeof atribuicoesSistema)[number];

/**
 * What getUsuario (SPEC.md §7) answers with retornoCompleto false, and what every signed-in user may
 * read of a colleague: enough to list and pick employees and delivery people.
 */
export const usuarioResumo = z.object({ _id: z.string(), nome: z.string(), login: z.string(), atribuicaoSistema: z.string(), pessoa: z.nullable(z.string()) });
export type UsuarioResumo = z.infer<typeof usuarioResumo>;

export const usuarioSessao = z.object({
  _id: z.string(),
  nome: z.string(),
  login: z.string(),
  email: z.nullable(z.string()),
  atribuicaoSistema: z.string(),
  administrador: z.boolean(),
  /** The access profile in effect, so the web hides what the server would refuse (403). */
  permissoes: permissoesSchema,
});
export type UsuarioSessao = z.infer<typeof usuarioSessao>;

export const grupoSessao = z.object({ _id: z.string(), nome: z.string() });
export type GrupoSessao = z.infer<typeof grupoSessao>;

/** Company fields the web reads (SPEC.md §3). */
export const empresaSessao = z.object({
  _id: z.string(),
  grupoEmpresarial: z.string(),
  nomeFantasia: z.string(),
  razaoSocial: z.string(),
  cnpj: z.nullable(z.string()),
  configuracoes: z.object({
    callCenter: z.boolean(),
    empresasCallCenter: z.array(z.string()),
    expedicao: z.object({ setorImpressaoExpedicao: z.nullable(z.string()) }),
    googleKeyApi: z.nullable(z.string()),
    googleVersaoApi: z.nullable(z.string()),
  }),
});
export type EmpresaSessao = z.infer<typeof empresaSessao>;

/** What POST /api/login, GET /api/sessao and POST /api/sessao/empresa answer. */
export const sessaoData = z.object({
  usuario: usuarioSessao,
  grupoEmpresarial: grupoSessao,
  empresas: z.array(empresaSessao),
  empresa: empresaSessao,
});
export type SessaoData = z.infer<typeof sessaoData>;

/** POST /api/login answer when the login exists in several groups and none was chosen. */
export const escolherGrupoData = z.object({ escolherGrupo: z.array(grupoSessao) });
export type EscolherGrupoData = z.infer<typeof escolherGrupoData>;
