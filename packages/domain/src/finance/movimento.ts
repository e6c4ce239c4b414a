import { z } from 'zod';

/**
 * Kinds of row in the money ledger (financeiro_movimento). entrada/saida are typed by hand or posted
 * by other documents; a transferencia is two rows (out of one account, into another) in one transaction;
 * an estorno reverses one row; saldoInicial is the account's opening balance.
 */
export const tiposMovimentoFinanceiro = ['entrada', 'saida', 'transferencia', 'estorno', 'saldoInicial'] as const;
export type TipoMovimentoFinanceiro = (typeof tiposMovimentoFinanceiro)[number];

export const rotulosTipoMovimentoFinanceiro: Record<TipoMovimentoFinanceiro, string> = {
  entrada: 'Entrada',
  saida: 'Saída',
  transferencia: 'Transferência',
  estorno: 'Estorno',
  saldoInicial: 'Saldo inicial',
};

/** 1 trillion reais: a limit that keeps sums of many rows far inside bigint and JavaScript's safe integers. */
export const VALOR_MAXIMO_CENTAVOS = 100_000_000_000_000;

const id = (mensagem: string) => z.string({ error: mensagem }).trim().min(1, mensagem);
const dataIso = z.iso.date({ error: 'Informe a data (AAAA-MM-DD).' });
/** An amount in integer centavos up to the ledger's limit, from zero or from one; the messages name `oQue` ('o valor'). */
export const centavosSchema = (oQue: string, minimo: 0 | 1) =>
  z
    .number({ error: `Informe ${oQue} em centavos.` })
    .int(`Informe ${oQue} em centavos inteiros (R$ 10,50 = 1050).`)
    .min(minimo, minimo ? 'O valor deve ser maior que zero.' : 'O valor não pode ser negativo.')
    .max(VALOR_MAXIMO_CENTAVOS, 'Valor acima do limite.');
const valor = centavosSchema('o valor', 1);
const descricao = z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(200, 'No máximo 200 caracteres.');

/** An entrada or saída typed on the screen (or sent by an integrator): the value is positive, the kind gives the sign. */
export const movimentoFinanceiroSchema = z.object({
  tipo: z.enum(['entrada', 'saida'], { error: 'Escolha entrada ou saída.' }),
  conta: id('Escolha a conta financeira.'),
  data: dataIso,
  valor,
  planoConta: id('Escolha a conta do plano de contas.'),
  descricao,
  pessoa: z.string().trim().nullish().transform((v) => v || null),
});
export type MovimentoFinanceiroBody = z.output<typeof movimentoFinanceiroSchema>;

/** Money moved from one account of the company to another: two rows, one transaction. */
export const transferenciaFinanceiraSchema = z
  .object({
    origem: id('Escolha a conta de origem.'),
    destino: id('Escolha a conta de destino.'),
    data: dataIso,
    valor,
    descricao: z.string().trim().max(200, 'No máximo 200 caracteres.').default(''),
  })
  .refine((t) => t.origem !== t.destino, { path: ['destino'], message: 'A conta de destino deve ser outra que a de origem.' });
export type TransferenciaFinanceiraBody = z.output<typeof transferenciaFinanceiraSchema>;

export const estornoFinanceiroSchema = z.object({
  motivo: z.string({ error: 'Informe o motivo do estorno.' }).trim().min(3, 'Informe o motivo do estorno.').max(300, 'No máximo 300 caracteres.'),
});

/** The movements screen's filters (also its URL): a period, and optionally an account, chart account, kind and text. */
export const filtroMovimentacaoSchema = z
  .object({
    de: dataIso,
    ate: dataIso,
    conta: z.string().trim().min(1).optional(),
    planoConta: z.string().trim().min(1).optional(),
    tipo: z.enum(tiposMovimentoFinanceiro, { error: 'Tipo de movimento desconhecido.' }).optional(),
    busca: z.string().trim().max(100, 'No máximo 100 caracteres.').optional(),
    limite: z.number().int('Informe um número inteiro de linhas.').min(1, 'Peça ao menos 1 linha.').max(5000, 'Peça no máximo 5.000 linhas.').optional(),
    offset: z.number().int('Informe uma posição inteira.').min(0, 'A posição não pode ser negativa.').optional(),
  })
  .refine((f) => f.de <= f.ate, { path: ['ate'], message: 'O fim do período é anterior ao início.' });
export type FiltroMovimentacao = z.output<typeof filtroMovimentacaoSchema>;

export const rotulosCampoMovimentoFinanceiro: Record<string, string> = {
  tipo: 'Tipo',
  conta: 'Conta',
  data: 'Data',
  valor: 'Valor',
  planoConta: 'Plano de contas',
  descricao: 'Descrição',
  pessoa: 'Pessoa',
  origem: 'Conta de origem',
  destino: 'Conta de destino',
  motivo: 'Motivo',
  de: 'De',
  ate: 'Até',
  busca: 'Busca',
  limite: 'Linhas por página',
  offset: 'Posição da página',
};

/**
 * Documents whose ledger rows are reversed only through the document itself, because it must stay
 * consistent with them: a settlement reopens its installment; an approved cash closing keeps its lines; a
 * chargeback's wallet credit records the acquirer paying less on a payout the bank credited.
 * The API answers 409 to a reversal from the movements; the screen does not offer one.
 */
export const documentosComEstornoProprio = ['financeiroBaixa', 'conciliacaoCaixa', 'chargeback', 'chargebackDescontado'] as const;
export type DocumentoComEstornoProprio = (typeof documentosComEstornoProprio)[number];
export const temEstornoProprio = (documentoTipo: string | null): documentoTipo is DocumentoComEstornoProprio =>
  (documentosComEstornoProprio as readonly (string | null)[]).includes(documentoTipo);

/** One row of the ledger as the API answers it. */
export interface MovimentoFinanceiro {
  _id: string;
  empresa: string;
  conta: string;
  data: string;
  /** Signed centavos: positive in, negative out. */
  valor: number;
  tipo: TipoMovimentoFinanceiro;
  planoConta: string | null;
  descricao: string;
  pessoa: string | null;
  documentoTipo: string | null;
  documentoId: string | null;
  /** Both rows of a transfer share it. */
  transferencia: string | null;
  estornoDe: string | null;
  /** Set on a row that a later estorno reversed. */
  estornadoPor: string | null;
  usuario: string | null;
  registradoEm: string;
}

/** A row of POST /api/financeiroMovimentacao/lista: the movement with the names the screen shows. */
export interface LinhaMovimentacao extends MovimentoFinanceiro {
  contaNome: string;
  planoContaNome: string | null;
  pessoaNome: string | null;
  /** The account's balance after this row (only when the filter names one account). */
  saldo: number | null;
}

export interface Movimentacao {
  linhas: LinhaMovimentacao[];
  total: number;
  entradas: number;
  saidas: number;
  /** With one account: its balance before the period and at its end. */
  saldoAnterior: number | null;
  saldoFinal: number | null;
}

/** GET /api/financeiroMovimentacao/saldos: an account of the company with its balances. */
export interface SaldoConta {
  conta: string;
  nome: string;
  tipo: string;
  ativo: boolean;
  /** The kept balance: every movement, whatever its date. */
  saldo: number;
  /** The balance at the end of the date asked. */
  saldoNaData: number;
}
