import { z } from 'zod';
import { reais } from '../../shared/dinheiro.ts';
import { VALOR_MAXIMO_CENTAVOS } from '../movimento.ts';

/** financeiroAgenda's API bodies, filters and answers (issue 14). Money in integer centavos. */

export const tiposTitulo = ['pagar', 'receber'] as const;
export type TipoTitulo = (typeof tiposTitulo)[number];
export const statusParcelas = ['aberta', 'parcial', 'paga', 'vencida', 'cancelada'] as const;
/** Derived, never stored: paid in full, partly paid, open, overdue (unpaid past its due date), cancelled with its título. */
export type StatusParcela = (typeof statusParcelas)[number];

/** At most this many installments per título and occurrences per recurrence. */
export const MAXIMO_PARCELAS = 120;
export const MAXIMO_OCORRENCIAS = 60;

const id = (mensagem: string) => z.string({ error: mensagem }).trim().min(1, mensagem);
const dataIso = z.iso.date({ error: 'Informe a data (AAAA-MM-DD).' });
const centavos = (rotulo: string) =>
  z
    .number({ error: `Informe ${rotulo} em centavos.` })
    .int(`Informe ${rotulo} em centavos inteiros (R$ 10,50 = 1050).`)
    .min(0, 'Não pode ser negativo.')
    .max(VALOR_MAXIMO_CENTAVOS, 'Valor acima do limite.');
const positivo = z
  .number({ error: 'Informe o valor em centavos.' })
  .int('Informe o valor em centavos inteiros (R$ 10,50 = 1050).')
  .positive('O valor deve ser maior que zero.')
  .max(VALOR_MAXIMO_CENTAVOS, 'Valor acima do limite.');
const opcional = z.string().trim().nullish().transform((v) => v || null);
/** A competence this far from the issue date is a typo (02/2062 for 02/2026), not an accrual. */
export const COMPETENCIA_DIAS_DA_EMISSAO = 731;
const competencia = z.iso.date({ error: 'Informe a competência (AAAA-MM-DD).' });
const diasEntreDatas = (de: string, ate: string): number => Math.round((Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000);

export const tituloSchema = z
  .object({
    tipo: z.enum(tiposTitulo, { error: 'Escolha a pagar ou a receber.' }),
    pessoa: opcional,
    planoConta: id('Escolha a conta do plano de contas.'),
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(200, 'No máximo 200 caracteres.'),
    documento: z.string().trim().max(60, 'No máximo 60 caracteres.').default(''),
    emissao: dataIso,
    /**
     * The day the income or expense belongs to on the accrual basis (the DRE's competência); omitted: the issue
     * date. For a recurrence it is occurrence 1's, the others moved as their first due dates are.
     */
    competencia: competencia.optional(),
    /** The total, split in `parcelas` monthly installments from `vencimento` (odd centavos on the first). */
    valor: positivo,
    parcelas: z.number({ error: 'Informe o número de parcelas.' }).int('Informe um número inteiro de parcelas.').min(1, 'Ao menos 1 parcela.').max(MAXIMO_PARCELAS, `No máximo ${MAXIMO_PARCELAS} parcelas.`).default(1),
    vencimento: dataIso,
    recorrencia: z
      .object({
        frequencia: z.enum(['mensal', 'semanal'], { error: 'Escolha mensal ou semanal.' }),
        ocorrencias: z.number({ error: 'Informe quantas vezes.' }).int('Informe um número inteiro de vezes.').min(2, 'Ao menos 2 vezes.').max(MAXIMO_OCORRENCIAS, `No máximo ${MAXIMO_OCORRENCIAS} vezes.`),
        diaDoMes: z.number().int('Informe um dia de 1 a 31.').min(1, 'Informe um dia de 1 a 31.').max(31, 'Informe um dia de 1 a 31.').nullish(),
      })
      .nullish()
      .transform((r) => r ?? null),
  })
  .refine((t) => t.tipo === 'receber' || t.pessoa, { path: ['pessoa'], message: 'Informe o fornecedor de uma conta a pagar.' })
  .refine((t) => t.parcelas <= t.valor, { path: ['parcelas'], message: 'Mais parcelas que centavos no valor.' })
  .refine((t) => !t.competencia || Math.abs(diasEntreDatas(t.emissao, t.competencia)) <= COMPETENCIA_DIAS_DA_EMISSAO, {
    path: ['competencia'],
    message: 'A competência está a mais de dois anos da emissão: confira a data.',
  });
export type TituloBody = z.output<typeof tituloSchema>;

/**
 * PUT /api/financeiroAgenda/:id: what can change after a título is created. Its installments are sent with
 * due date and amount: by id to keep one, without id to add one; one left out is removed (only when it never
 * had a settlement: 409 otherwise). A settled installment keeps its due date and amount (409 naming it).
 * The título's total is the installments' sum; `total`, when sent, is the total the caller means, and the
 * installments must add up to it (400), so a total changes only on purpose.
 */
export const edicaoTituloSchema = z
  .object({
    pessoa: opcional,
    planoConta: id('Escolha a conta do plano de contas.'),
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(200, 'No máximo 200 caracteres.'),
    documento: z.string().trim().max(60, 'No máximo 60 caracteres.').default(''),
    /** Omitted: unchanged. */
    competencia: competencia.optional(),
    parcelas: z
      .array(z.object({ _id: id('Informe a parcela.').optional(), vencimento: dataIso, valor: positivo }), { error: 'Informe as parcelas.' })
      .min(1, 'Ao menos 1 parcela.')
      .max(MAXIMO_PARCELAS, `No máximo ${MAXIMO_PARCELAS} parcelas.`)
      .refine((ps) => { const ids = ps.flatMap((p) => (p._id ? [p._id] : [])); return new Set(ids).size === ids.length; }, 'Uma parcela aparece duas vezes.'),
    total: positivo.optional(),
  })
  .superRefine((e, ctx) => {
    const soma = e.parcelas.reduce((s, p) => s + p.valor, 0);
    if (e.total !== undefined && soma !== e.total)
      ctx.addIssue({ code: 'custom', path: ['parcelas'], message: `As parcelas somam ${reais(soma)} e o total do título é ${reais(e.total)}: ajuste os valores ou altere o total.` });
  });
export type EdicaoTituloBody = z.output<typeof edicaoTituloSchema>;

/**
 * POST /api/financeiroAgenda/baixarVarias: installments of one kind settled each at its open amount, from one
 * account on one day; `encargos` adds interest, fine and discount to some of them (by installment id).
 */
export const baixaVariasSchema = z
  .object({
    conta: id('Escolha a conta financeira.'),
    data: dataIso,
    parcelas: z
      .array(id('Informe a parcela.'), { error: 'Escolha as parcelas.' })
      .min(1, 'Escolha ao menos uma parcela.')
      .max(500, 'No máximo 500 parcelas por vez.')
      .refine((ps) => new Set(ps).size === ps.length, 'Uma parcela aparece duas vezes.'),
    encargos: z
      .record(z.string().min(1).max(64), z.object({ juros: centavos('os juros').default(0), multa: centavos('a multa').default(0), desconto: centavos('o desconto').default(0) }), {
        error: 'Informe os juros, a multa e o desconto de cada parcela.',
      })
      .default({}),
  })
  .refine((b) => Object.keys(b.encargos).every((p) => b.parcelas.includes(p)), { path: ['encargos'], message: 'Há juros, multa ou desconto de uma parcela não escolhida.' });
export type BaixaVariasBody = z.output<typeof baixaVariasSchema>;

/** The answer of baixarVarias: how many installments were settled and the money moved, in centavos. */
export interface BaixasVarias {
  baixas: number;
  total: number;
}

export const baixaSchema = z
  .object({
    conta: id('Escolha a conta financeira.'),
    data: dataIso,
    /** Principal of the installment settled (at most its open amount). */
    valor: positivo,
    juros: centavos('os juros').default(0),
    multa: centavos('a multa').default(0),
    desconto: centavos('o desconto').default(0),
  })
  .refine((b) => b.desconto < b.valor + b.juros + b.multa, { path: ['desconto'], message: 'O desconto deve ser menor que o valor com juros e multa.' });
export type BaixaBody = z.output<typeof baixaSchema>;

export const motivoSchema = z.object({
  motivo: z.string({ error: 'Informe o motivo.' }).trim().min(3, 'Informe o motivo.').max(300, 'No máximo 300 caracteres.'),
});

export const filtroAgendaSchema = z
  .object({
    tipo: z.enum(tiposTitulo, { error: 'Escolha a pagar ou a receber.' }).optional(),
    status: z.enum(statusParcelas, { error: 'Situação desconhecida.' }).optional(),
    /** Period of the due date. */
    de: dataIso.optional(),
    ate: dataIso.optional(),
    pessoa: z.string().trim().min(1).optional(),
    planoConta: z.string().trim().min(1).optional(),
    busca: z.string().trim().max(100, 'No máximo 100 caracteres.').optional(),
    limite: z.number().int('Informe um número inteiro de linhas.').min(1, 'Peça ao menos 1 linha.').max(5000, 'Peça no máximo 5.000 linhas.').optional(),
    offset: z.number().int('Informe uma posição inteira.').min(0, 'A posição não pode ser negativa.').optional(),
  })
  .refine((f) => !f.de || !f.ate || f.de <= f.ate, { path: ['ate'], message: 'O fim do período é anterior ao início.' });
export type FiltroAgenda = z.output<typeof filtroAgendaSchema>;

/** A título's attachment (boleto, invoice): PDF, PNG, JPEG or XML up to 5 MB, sent in base64; the server checks the bytes against the type. */
export const TAMANHO_MAXIMO_ANEXO = 5 * 1024 * 1024;
export const tiposAnexo = ['application/pdf', 'image/png', 'image/jpeg', 'application/xml'] as const;

export const anexoSchema = z.object({
  nome: z.string({ error: 'Informe o nome do arquivo.' }).trim().min(1, 'Informe o nome do arquivo.').max(200, 'No máximo 200 caracteres.'),
  tipo: z.enum(tiposAnexo, { error: 'Envie um PDF, uma imagem PNG ou JPEG ou um XML.' }),
  conteudo: z.string({ error: 'Envie o conteúdo do arquivo em base64.' }).min(1, 'O arquivo está vazio.').regex(/^[A-Za-z0-9+/\s]*={0,2}\s*$/, 'O conteúdo deve ser os bytes do arquivo em base64.'),
});
export type AnexoBody = z.output<typeof anexoSchema>;

export const rotulosCampoAgenda: Record<string, string> = {
  tipo: 'Tipo',
  pessoa: 'Pessoa',
  planoConta: 'Plano de contas',
  descricao: 'Descrição',
  documento: 'Documento',
  emissao: 'Emissão',
  competencia: 'Competência',
  valor: 'Valor',
  parcelas: 'Parcelas',
  vencimento: 'Vencimento',
  recorrencia: 'Recorrência',
  conta: 'Conta',
  data: 'Data',
  juros: 'Juros',
  multa: 'Multa',
  desconto: 'Desconto',
  encargos: 'Juros, multa e desconto',
  total: 'Total do título',
  motivo: 'Motivo',
  status: 'Situação',
  de: 'De',
  ate: 'Até',
  busca: 'Busca',
  limite: 'Linhas por página',
  offset: 'Posição da página',
  nome: 'Nome do arquivo',
  conteudo: 'Arquivo',
};

export interface Baixa {
  _id: string;
  parcela: string;
  conta: string;
  contaNome: string;
  data: string;
  valor: number;
  juros: number;
  multa: number;
  desconto: number;
  total: number;
  /** On a reversal: the settlement it undoes (its amounts are negated). */
  estornoDe: string | null;
  estornadoPor: string | null;
  motivo: string | null;
  registradoEm: string;
}

/** What is still to pay or receive of an installment: nothing once its título is cancelled. */
export const abertoDaParcela = (p: { valor: number; pago: number; status: StatusParcela }): number => (p.status === 'cancelada' ? 0 : p.valor - p.pago);

export interface Parcela {
  _id: string;
  numero: number;
  vencimento: string;
  valor: number;
  /** Principal settled by settlements dated up to today; `aberto` = valor − pago (a scheduled settlement is not paid yet). */
  pago: number;
  aberto: number;
  /** What can still be settled: valor less every settlement, scheduled ones (dated after today) included. */
  aBaixar: number;
  /** Principal of settlements dated after today (scheduled): aberto − aBaixar. */
  agendado: number;
  status: StatusParcela;
}

export interface Anexo {
  _id: string;
  nome: string;
  tipo: string;
  tamanho: number;
}

export interface Titulo {
  _id: string;
  empresa: string;
  tipo: TipoTitulo;
  pessoa: string | null;
  pessoaNome: string | null;
  planoConta: string;
  planoContaNome: string | null;
  descricao: string;
  documento: string;
  emissao: string;
  /** The accrual basis's day: as typed, or derived from the issue date for títulos from before it was typed. */
  competencia: string;
  recorrencia: string | null;
  recorrenciaNumero: number | null;
  canceladoEm: string | null;
  motivoCancelamento: string | null;
  parcelas: Parcela[];
  baixas: Baixa[];
  anexos: Anexo[];
}

/** A row of POST /api/financeiroAgenda/lista: one installment with its título's names. */
export interface LinhaAgenda extends Parcela {
  titulo: string;
  tipo: TipoTitulo;
  descricao: string;
  documento: string;
  pessoaNome: string | null;
  planoContaNome: string | null;
  parcelas: number;
  anexos: number;
}

export interface Agenda {
  linhas: LinhaAgenda[];
  total: number;
  /** Sums over every row of the filter (not only the page), in centavos. */
  valor: number;
  pago: number;
  aberto: number;
  vencido: number;
}
