import { z } from 'zod';
import { defineRecurso } from '../define.ts';
import { cnpjOpcionalSchema, emailOpcional, idOpcional, textoOpcional } from './documento.ts';

/** Brazil's official time zones (one city each), for reports and schedules of the whole group. */
export const fusosHorarios = ['America/Noronha', 'America/Sao_Paulo', 'America/Manaus', 'America/Rio_Branco'] as const;
const rotulosFusos: Record<(typeof fusosHorarios)[number], string> = {
  'America/Noronha': 'Fernando de Noronha (UTC−2)',
  'America/Sao_Paulo': 'Brasília (UTC−3)',
  'America/Manaus': 'Amazonas (UTC−4)',
  'America/Rio_Branco': 'Acre (UTC−5)',
};

export const configuracoesGrupoPadrao = () => ({ fusoHorario: 'America/Sao_Paulo' as const, empresaPadrao: null, emailContato: null, observacao: null });

/**
 * The business group's own record: one per group, whose _id is the group's. It lives in `registro`;
 * the typed grupo_empresarial table (read by sign-in) is kept by hooks (docs/decisions/0006).
 */
export const grupoEmpresarial = defineRecurso({
  nome: 'grupoEmpresarial',
  rotulo: 'Grupo empresarial',
  rotuloPlural: 'Grupos empresariais',
  escopo: 'grupo',
  registroUnico: true,
  schema: () => z.object({
    nome: z.string({ error: 'Informe o nome do grupo.' }).trim().min(1, 'Informe o nome do grupo.').max(120, 'No máximo 120 caracteres.'),
    cnpj: cnpjOpcionalSchema.default(null),
    logo: idOpcional.default(null),
    configuracoes: z
      .object({
        fusoHorario: z.enum(fusosHorarios, { error: 'Escolha o fuso horário.' }).default('America/Sao_Paulo'),
        /** The company a new user starts in. */
        empresaPadrao: idOpcional.default(null),
        emailContato: emailOpcional.default(null),
        observacao: textoOpcional(500).default(null),
      })
      .default(configuracoesGrupoPadrao),
  }),
  campos: {
    nome: { rotulo: 'Nome do grupo', tipo: 'texto' },
    cnpj: { rotulo: 'CNPJ', tipo: 'cpfCnpj', ajuda: 'Da holding ou da matriz, quando houver.' },
    logo: { rotulo: 'Logotipo', tipo: 'imagem', ajuda: 'PNG, JPEG ou WebP até 1 MB.' },
    configuracoes: {
      rotulo: 'Configurações do grupo',
      tipo: 'objeto',
      campos: {
        fusoHorario: { rotulo: 'Fuso horário', tipo: 'opcao', opcoes: fusosHorarios, rotulosOpcoes: rotulosFusos },
        empresaPadrao: { rotulo: 'Empresa padrão', tipo: 'referencia', ajuda: 'A empresa em que um usuário novo começa.' },
        emailContato: { rotulo: 'E-mail de contato', tipo: 'texto' },
        observacao: { rotulo: 'Observação', tipo: 'textoLongo' },
      },
    },
  },
  colunas: ['nome', 'cnpj'],
  busca: ['nome'],
  filtros: [],
  ordenacao: { campo: 'nome', direcao: 'asc' },
  relacoes: { 'configuracoes.empresaPadrao': 'empresa' },
});
