import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const naturezasPlanoConta = ['Receita', 'Despesa', 'Outras'] as const;
export type NaturezaPlanoConta = (typeof naturezasPlanoConta)[number];

/** '1', '1.01', '1.01.002': numbers separated by dots. */
export const CODIGO_PLANO_CONTA = /^\d{1,4}(\.\d{1,4}){0,5}$/;

/**
 * A node of the group's chart of accounts (a tree by `pai`). Movements point to the node's id, so a
 * node moved under another parent keeps its history and reports read the tree as it is now. A node
 * never sits under itself (hooks/financeiroPlanoConta.ts); every group starts with
 * planoContasPadrao (finance/planoContasPadrao.ts).
 */
export const financeiroPlanoConta = defineRecurso({
  nome: 'financeiroPlanoConta',
  rotulo: 'Conta do plano de contas',
  rotuloPlural: 'Plano de contas',
  feminino: true,
  escopo: 'grupo',
  schema: () => z.object({
    codigo: z.string({ error: 'Informe o código.' }).trim().regex(CODIGO_PLANO_CONTA, 'Use números separados por pontos, ex.: 4.01.002.'),
    nome: z.string({ error: 'Informe o nome.' }).trim().min(1, 'Informe o nome.').max(80, 'No máximo 80 caracteres.'),
    pai: z.string().nullish().transform((v) => v || null).default(null),
    natureza: z.enum(naturezasPlanoConta, { error: 'Escolha a natureza: Receita, Despesa ou Outras.' }),
    dre: z.boolean().default(true),
    ativo: z.boolean().default(true),
  }),
  campos: {
    codigo: { rotulo: 'Código', tipo: 'texto', ajuda: 'Números separados por pontos; a lista ordena por ele (1.01.002).' },
    nome: { rotulo: 'Nome', tipo: 'texto' },
    pai: { rotulo: 'Conta superior', tipo: 'referencia', ajuda: 'Vazio: conta de primeiro nível. Mover a conta mantém os lançamentos dela.' },
    natureza: { rotulo: 'Natureza', tipo: 'opcao', opcoes: naturezasPlanoConta },
    dre: { rotulo: 'Aparece na DRE', tipo: 'booleano', ajuda: 'Desmarque para investimentos e movimentos que não são resultado.' },
    ativo: { rotulo: 'Ativa', tipo: 'booleano' },
  },
  colunas: ['codigo', 'nome', 'pai', 'natureza', 'dre', 'ativo'],
  busca: ['codigo', 'nome'],
  filtros: ['pai', 'natureza', 'dre', 'ativo'],
  ordenacao: { campo: 'codigo', direcao: 'asc' },
  relacoes: { pai: 'financeiroPlanoConta' },
  unicos: [['codigo']],
});
