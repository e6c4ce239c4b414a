import { z } from 'zod';
import { permissoesSchema } from '../permissoes/permissoes.ts';

export const senhaSchema = z
  .string({ error: 'Informe a senha.' })
  .min(8, 'A senha deve ter pelo menos 8 caracteres.')
  .max(200, 'A senha deve ter no máximo 200 caracteres.')
  .regex(/[A-Za-zÀ-ÿ]/, 'A senha deve ter pelo menos uma letra.')
  .regex(/[0-9]/, 'A senha deve ter pelo menos um número.');

/** Four to six digits: what the store terminal asks before a protected action. */
export const pinSchema = z.string().regex(/^\d{4,6}$/, 'O PIN deve ter de 4 a 6 dígitos.');

export const loginBody = z.object({
  login: z.string({ error: 'Informe o login.' }).trim().min(1, 'Informe o login.').max(200),
  senha: z.string({ error: 'Informe a senha.' }).min(1, 'Informe a senha.').max(200),
  /** When one login exists in several groups, the chosen group. */
  grupoEmpresarial: z.string().max(64).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const recuperarSenhaBody = z.object({
  email: z.string({ error: 'Informe o e-mail.' }).trim().min(1, 'Informe o e-mail.').email('E-mail inválido.').max(200),
});

export const alterarSenhaBody = z.object({
  chave: z.string({ error: 'Chave ausente.' }).min(10, 'Chave inválida.').max(200),
  senha: senhaSchema,
});

export const trocarSenhaBody = z.object({
  senhaAtual: z.string({ error: 'Informe a senha atual.' }).min(1, 'Informe a senha atual.').max(200),
  senha: senhaSchema,
});

export const trocarEmpresaBody = z.object({
  empresa: z.string({ error: 'Informe a empresa.' }).min(1, 'Informe a empresa.').max(64),
});

export const atribuicoesSistema = ['Administrador', 'Gerente', 'Caixa', 'Garçom', 'Cozinha', 'Motoboy', 'Estoquista', 'Comprador', 'Financeiro'] as const;

/** SPEC.md §6: delivery people are the users with this atribuicaoSistema. */
export const ATRIBUICAO_ENTREGADOR = 'Motoboy' satisfies (typeof atribuicoesSistema)[number];

/**
 * What getUsuario (SPEC.md §7) answers with retornoCompleto false, and what every signed-in user may
 * read of a colleague: enough to list and pick employees and delivery people.
 */
export const usuarioResumo = z.object({ _id: z.string(), nome: z.string(), login: z.string(), atribuicaoSistema: z.string(), pessoa: z.string().nullable() });
export type UsuarioResumo = z.infer<typeof usuarioResumo>;

export const usuarioSessao = z.object({
  _id: z.string(),
  nome: z.string(),
  login: z.string(),
  email: z.string().nullable(),
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
  cnpj: z.string().nullable(),
  configuracoes: z.object({
    callCenter: z.boolean(),
    empresasCallCenter: z.array(z.string()),
    expedicao: z.object({ setorImpressaoExpedicao: z.string().nullable() }),
    googleKeyApi: z.string().nullable(),
    googleVersaoApi: z.string().nullable(),
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
