import { z } from 'zod';
import { centavosSchema as centavos } from './movimento.ts';

/**
 * Cash period closing (conciliacaoCaixa, issue 14): what the system says a period of a cashier took per
 * payment method, what the operator counted, and the difference. The drawer's line (every cash payment,
 * tPag 01) also holds the opening float, minus withdrawals (sangria) and plus additions (suprimento).
 */

/** The key of the drawer's line: all cash payments together, whatever their formaPagamento. */
export const CHAVE_DINHEIRO = 'dinheiro';
export const TPAG_DINHEIRO = '01';

export const tiposMovimentoCaixa = ['sangria', 'suprimento'] as const;
export type TipoMovimentoCaixa = (typeof tiposMovimentoCaixa)[number];
export const rotulosMovimentoCaixa: Record<TipoMovimentoCaixa, string> = { sangria: 'Sangria', suprimento: 'Suprimento' };

export const situacoesPeriodoCaixa = ['aberto', 'fechado', 'aprovado'] as const;
export type SituacaoPeriodoCaixa = (typeof situacoesPeriodoCaixa)[number];
export const rotulosSituacaoPeriodo: Record<SituacaoPeriodoCaixa, string> = { aberto: 'Aberto', fechado: 'Fechado', aprovado: 'Aprovado' };

const idOpcional = z.string().trim().min(1).max(64).nullish().transform((v) => v ?? null);
const instanteOpcional = (oQue: string) => z.iso.datetime({ offset: true, error: `Informe ${oQue} em ISO 8601 com fuso.` }).nullish().transform((v) => v ?? null);

/** A terminal opens a period (POST /api/periodo/abrir): the cashier defaults to the terminal's, the float to the cashier's. */
export const abrirPeriodoSchema = z.object({
  caixa: idOpcional,
  fundoTroco: centavos('o fundo de troco', 0).nullish().transform((v) => v ?? null),
  operador: idOpcional,
  // Required: the terminal's clock says when the drawer opened (a period opened offline arrives later).
  abertoEm: z.iso.datetime({ offset: true, error: 'Informe a abertura em ISO 8601 com fuso.' }),
});
export type AbrirPeriodoBody = z.output<typeof abrirPeriodoSchema>;

export const fecharPeriodoSchema = z.object({ operador: idOpcional, fechadoEm: instanteOpcional('o fechamento') });
export type FecharPeriodoBody = z.output<typeof fecharPeriodoSchema>;

export const movimentoCaixaSchema = z.object({
  tipo: z.enum(tiposMovimentoCaixa, { error: 'Escolha sangria ou suprimento.' }),
  valor: centavos('o valor', 1),
  motivo: z.string({ error: 'Informe o motivo.' }).trim().min(3, 'Informe o motivo.').max(200, 'No máximo 200 caracteres.'),
});
export type MovimentoCaixaBody = z.output<typeof movimentoCaixaSchema>;

/**
 * A sangria or suprimento sent by the terminal (POST /api/periodo/:_id/movimentos). `id`, chosen by the
 * terminal, makes a resend after a lost answer harmless: the same id is answered as first recorded.
 */
export const movimentoTerminalSchema = movimentoCaixaSchema.extend({
  id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Use letras, números, _ ou -.').optional(),
  operador: idOpcional,
});
export type MovimentoTerminalBody = z.output<typeof movimentoTerminalSchema>;

/** What the operator counted, per line (CHAVE_DINHEIRO or a formaPagamento id); a line left out was counted as zero. */
export const aprovacaoCaixaSchema = z.object({
  declarado: z.record(z.string().min(1).max(64), centavos('o valor declarado', 0), { error: 'Informe o valor declarado de cada forma de pagamento.' }),
  observacao: z.string().trim().max(300, 'No máximo 300 caracteres.').default(''),
});
export type AprovacaoCaixaBody = z.output<typeof aprovacaoCaixaSchema>;

/** A manager reopens an approval (POST /api/conciliacaoCaixa/:_id/reabrir): the reason stays with who and when. */
export const reaberturaCaixaSchema = z.object({
  motivo: z.string({ error: 'Informe o motivo da reabertura.' }).trim().min(3, 'Informe o motivo da reabertura.').max(300, 'No máximo 300 caracteres.'),
});
export type ReaberturaCaixaBody = z.output<typeof reaberturaCaixaSchema>;

const dataIso = z.iso.date({ error: 'Informe a data (AAAA-MM-DD).' });
export const filtroPeriodosCaixaSchema = z
  .object({
    de: dataIso,
    ate: dataIso,
    situacao: z.enum(situacoesPeriodoCaixa, { error: 'Situação: aberto, fechado ou aprovado.' }).optional(),
    caixa: z.string().trim().min(1).max(64).optional(),
  })
  .refine((f) => f.de <= f.ate, { path: ['ate'], message: 'O fim do período é anterior ao início.' });
export type FiltroPeriodosCaixa = z.output<typeof filtroPeriodosCaixaSchema>;

export const rotulosCampoCaixa: Record<string, string> = {
  caixa: 'Caixa',
  fundoTroco: 'Fundo de troco',
  operador: 'Operador',
  abertoEm: 'Abertura',
  fechadoEm: 'Fechamento',
  tipo: 'Tipo',
  valor: 'Valor',
  motivo: 'Motivo',
  declarado: 'Declarado',
  observacao: 'Observação',
  de: 'De',
  ate: 'Até',
  situacao: 'Situação',
};

/** A line of the system's side: one payment method's sales in the period, net of change. */
export interface FormaCaixa {
  chave: string;
  descricao: string;
  tPag: string;
  /** Payments net of troco, cancelled sales out. */
  vendido: number;
  pagamentos: number;
}

export interface MovimentoCaixa {
  _id: string;
  tipo: TipoMovimentoCaixa;
  valor: number;
  motivo: string;
  usuario: string | null;
  usuarioNome: string | null;
  registradoEm: string;
}

/** One line of the closing: sistema is what the drawer or the acquirer should hold; diferenca = declarado − sistema (sobra > 0, falta < 0). */
export interface LinhaConciliacaoCaixa {
  chave: string;
  descricao: string;
  tPag: string;
  vendido: number;
  sistema: number;
  declarado: number;
  diferenca: number;
}

export interface PeriodoCaixa {
  _id: string;
  caixa: string;
  caixaNome: string;
  terminal: string | null;
  terminalNome: string | null;
  dataAbertura: string;
  abertoEm: string | null;
  fechadoEm: string | null;
  fundoTroco: number;
  situacao: SituacaoPeriodoCaixa;
  vendas: number;
  total: number;
}

export interface AprovacaoCaixa {
  _id: string;
  linhas: LinhaConciliacaoCaixa[];
  observacao: string;
  usuario: string | null;
  usuarioNome: string | null;
  aprovadoEm: string;
}

/** An approval that was reopened: the approval as it was and who reopened it, when and why. */
export interface ReaberturaCaixa {
  _id: string;
  aprovacao: AprovacaoCaixa;
  motivo: string;
  usuario: string | null;
  usuarioNome: string | null;
  reabertoEm: string;
}

/** A chart account the closing posts the drawer's difference to; `padrao` when it is the default chart's (none chosen). */
export interface ContaDiferencaCaixa {
  _id: string;
  /** Code and name, as '1.04 Outras receitas'. */
  nome: string;
  padrao: boolean;
}
export interface ContasDiferencaCaixa {
  sobra: ContaDiferencaCaixa;
  falta: ContaDiferencaCaixa;
}

export interface ResumoCaixa {
  periodo: PeriodoCaixa;
  formas: FormaCaixa[];
  movimentos: MovimentoCaixa[];
  sangrias: number;
  suprimentos: number;
  /** The approval in force (null when never approved or reopened since). */
  aprovacao: AprovacaoCaixa | null;
  /** Earlier approvals reopened by a manager, oldest first. */
  reaberturas: ReaberturaCaixa[];
  /** Where an approval posts the drawer's overage and shortage (the company's choice or the default). */
  contasDiferenca: ContasDiferencaCaixa;
}

/**
 * The closing's lines: the drawer first (always there: float + cash sold − sangrias + suprimentos), then
 * every other method sold. The screen shows them as the operator types; the approval stores them.
 */
export function conferirCaixa(r: Pick<ResumoCaixa, 'formas' | 'sangrias' | 'suprimentos'> & { fundoTroco: number }, declarado: Readonly<Record<string, number>>): LinhaConciliacaoCaixa[] {
  const dinheiro = r.formas.find((f) => f.chave === CHAVE_DINHEIRO);
  const gaveta = { chave: CHAVE_DINHEIRO, descricao: 'Dinheiro (gaveta)', tPag: TPAG_DINHEIRO, vendido: dinheiro?.vendido ?? 0 };
  const linhas = [
    { ...gaveta, sistema: r.fundoTroco + gaveta.vendido - r.sangrias + r.suprimentos },
    ...r.formas.filter((f) => f.chave !== CHAVE_DINHEIRO).map((f) => ({ chave: f.chave, descricao: f.descricao, tPag: f.tPag, vendido: f.vendido, sistema: f.vendido })),
  ];
  return linhas.map((l) => {
    const d = declarado[l.chave] ?? 0;
    return { ...l, declarado: d, diferenca: d - l.sistema };
  });
}
