import { z } from 'zod';
import { defineRecurso } from '../define.ts';

const data = (rotulo: string) => z.iso.date({ error: `Informe ${rotulo} (AAAA-MM-DD).` });
const instante = (rotulo: string) => z.iso.datetime({ offset: true, error: `Informe ${rotulo} em ISO 8601 com fuso.` }).nullable().default(null);
const ref = z.string().min(1).nullable().default(null);

/**
 * A cash period of a cashier (SPEC.md §7): read by the store terminal, opened and closed there
 * (POST /api/periodo/abrir and /:id/fechar, finance/caixa) and closed in the back office by
 * conciliacaoCaixa; an approved period is no longer edited (hook periodo).
 */
export const periodo = defineRecurso({
  nome: 'periodo',
  rotulo: 'Período',
  rotuloPlural: 'Períodos',
  escopo: 'empresa',
  semTela: true,
  schema: () => z.object({
    caixa: z.string({ error: 'Escolha o caixa.' }).min(1, 'Escolha o caixa.'),
    periodoAberto: z.boolean().default(true),
    dataAbertura: data('a data de abertura'),
    dataFechamento: data('a data de fechamento').nullable().default(null),
    /** The terminal that opened it, when one did. */
    terminal: ref,
    /** Opening float (fundo de troco) in the drawer, centavos. */
    fundoTroco: z.number().int('Informe o valor em centavos.').min(0, 'O fundo de troco não pode ser negativo.').default(0),
    abertoEm: instante('a abertura'),
    fechadoEm: instante('o fechamento'),
    operadorAbertura: ref,
    operadorFechamento: ref,
  }),
  campos: {
    caixa: { rotulo: 'Caixa', tipo: 'referencia' },
    periodoAberto: { rotulo: 'Aberto', tipo: 'booleano' },
    dataAbertura: { rotulo: 'Abertura', tipo: 'data' },
    dataFechamento: { rotulo: 'Fechamento', tipo: 'data' },
    terminal: { rotulo: 'Terminal', tipo: 'referencia' },
    fundoTroco: { rotulo: 'Fundo de troco', tipo: 'dinheiro' },
    abertoEm: { rotulo: 'Aberto em', tipo: 'texto' },
    fechadoEm: { rotulo: 'Fechado em', tipo: 'texto' },
    operadorAbertura: { rotulo: 'Operador da abertura', tipo: 'texto' },
    operadorFechamento: { rotulo: 'Operador do fechamento', tipo: 'texto' },
  },
  colunas: ['caixa', 'periodoAberto', 'dataAbertura', 'dataFechamento'],
  busca: [],
  filtros: ['caixa', 'periodoAberto', 'dataAbertura', 'terminal'],
  ordenacao: { campo: 'dataAbertura', direcao: 'desc' },
  relacoes: { caixa: 'caixa', terminal: 'terminal' },
  regras: (d) =>
    d.dataFechamento !== null && d.dataFechamento < d.dataAbertura ? [{ campo: 'dataFechamento', mensagem: 'O fechamento não pode ser antes da abertura.' }] : [],
});
