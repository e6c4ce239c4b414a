import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const caixa = defineRecurso({
  nome: 'caixa',
  rotulo: 'Caixa',
  rotuloPlural: 'Caixas',
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(60),
    fundoTroco: z.number().int('Informe o valor em centavos.').min(0, 'O fundo de troco não pode ser negativo.').default(0),
    contaFinanceira: z.string().trim().max(60).nullable().default(null),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    fundoTroco: { rotulo: 'Fundo de troco', tipo: 'dinheiro' },
    contaFinanceira: { rotulo: 'Conta financeira', tipo: 'texto' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'fundoTroco', 'contaFinanceira', 'ativo'],
  busca: ['descricao', 'contaFinanceira'],
  filtros: ['ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
});
