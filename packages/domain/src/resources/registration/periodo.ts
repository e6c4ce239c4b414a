import { z } from 'zod';
import { defineRecurso } from '../define.ts';

const data = (rotulo: string) => z.iso.date({ error: `Informe ${rotulo} (AAAA-MM-DD).` });

/** A cash period of a cashier (SPEC.md §7): read by the store terminal, opened and closed there. */
export const periodo = defineRecurso({
  nome: 'periodo',
  rotulo: 'Período',
  rotuloPlural: 'Períodos',
  escopo: 'empresa',
  semTela: true,
  schema: z.object({
    caixa: z.string({ error: 'Escolha o caixa.' }).min(1, 'Escolha o caixa.'),
    periodoAberto: z.boolean().default(true),
    dataAbertura: data('a data de abertura'),
    dataFechamento: data('a data de fechamento').nullable().default(null),
  }),
  campos: {
    caixa: { rotulo: 'Caixa', tipo: 'referencia' },
    periodoAberto: { rotulo: 'Aberto', tipo: 'booleano' },
    dataAbertura: { rotulo: 'Abertura', tipo: 'data' },
    dataFechamento: { rotulo: 'Fechamento', tipo: 'data' },
  },
  colunas: ['caixa', 'periodoAberto', 'dataAbertura', 'dataFechamento'],
  busca: [],
  filtros: ['caixa', 'periodoAberto', 'dataAbertura'],
  ordenacao: { campo: 'dataAbertura', direcao: 'desc' },
  relacoes: { caixa: 'caixa' },
  regras: (d) =>
    d.dataFechamento !== null && d.dataFechamento < d.dataAbertura ? [{ campo: 'dataFechamento', mensagem: 'O fechamento não pode ser antes da abertura.' }] : [],
});
