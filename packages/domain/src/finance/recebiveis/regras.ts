import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';

/** The products an acquirer settles differently (DOMAIN.md §7). */
export const produtosRecebivel = [
  'debito',
  'creditoAVista',
  'creditoParceladoLojista',
  'creditoParceladoEmissor',
  'prePago',
  'voucherRefeicao',
  'voucherAlimentacao',
  'pix',
] as const;
export type ProdutoRecebivel = (typeof produtosRecebivel)[number];

export const rotulosProduto: Record<ProdutoRecebivel, string> = {
  debito: 'Débito',
  creditoAVista: 'Crédito à vista',
  creditoParceladoLojista: 'Crédito parcelado lojista',
  creditoParceladoEmissor: 'Crédito parcelado emissor',
  prePago: 'Pré-pago',
  voucherRefeicao: 'Vale-refeição',
  voucherAlimentacao: 'Vale-alimentação',
  pix: 'Pix',
};

export const contagensDias = ['uteis', 'corridos'] as const;
export type ContagemDias = (typeof contagensDias)[number];
export const rotulosContagem: Record<ContagemDias, string> = { uteis: 'Dias úteis', corridos: 'Dias corridos' };

const percentual = (rotulo: string) => decimalExato({ casas: 2, min: '0', max: '100', rotulo });
const parcelas = (rotulo: string) =>
  z.number({ error: `Informe ${rotulo}.` }).int(`Informe ${rotulo} (número inteiro).`).min(1, 'Pelo menos 1 parcela.').max(99, 'No máximo 99 parcelas.').nullable().default(null);

/** One settlement rule of an acquirer's contract: a product, optionally narrowed to a brand and a range of installments. */
export const regraLiquidacaoSchema = z.object({
  produto: z.enum(produtosRecebivel, { error: 'Escolha o produto (débito, crédito à vista, parcelado, pré-pago, vale-refeição, vale-alimentação, pix).' }),
  /** tipoPagamentoBandeira _id; null = every brand. */
  bandeira: z.string().trim().min(1).nullable().default(null),
  parcelasDe: parcelas('a parcela inicial da faixa'),
  parcelasAte: parcelas('a parcela final da faixa'),
  dias: z.number({ error: 'Informe os dias para receber.' }).int('Informe um número inteiro de dias.').min(0, 'Os dias não podem ser negativos.').max(365, 'No máximo 365 dias.').default(1),
  contagem: z.enum(contagensDias, { error: 'Escolha dias úteis ou corridos.' }).default('uteis'),
  taxa: percentual('a taxa (MDR)').default('0.00'),
  /** Fixed fee per sale in centavos, charged on the first installment. */
  tarifa: z.number({ error: 'Informe a tarifa em centavos.' }).int('A tarifa é em centavos inteiros.').min(0, 'A tarifa não pode ser negativa.').max(100_000_00).default(0),
  antecipacaoAutomatica: z.boolean().default(false),
  /** Monthly rate of the automatic anticipation. */
  taxaAntecipacao: percentual('a taxa de antecipação ao mês').default('0.00'),
});
export type RegraLiquidacao = z.infer<typeof regraLiquidacaoSchema>;

/** What the forecast needs of an operadora: its rules and the simple fields every record already has. */
export interface OperadoraRecebiveis {
  diasDebito: number;
  diasCredito: number;
  taxaDebito: string;
  taxaCredito: string;
  taxaParcelado: string;
  regras?: readonly RegraLiquidacao[] | undefined;
  /** How the acquirer settles credit in installments: the store finances it (lojista) or the issuer does (emissor, paid like à vista). */
  parcelado?: 'lojista' | 'emissor' | undefined;
}

/** NFC-e tPag → the product it settles as; null for what is not a card, voucher or pix (cash, boleto…). */
export function produtoDoPagamento(tPag: string, parcelas: number, parcelado: 'lojista' | 'emissor' = 'lojista'): ProdutoRecebivel | null {
  switch (tPag) {
    case '03':
      return parcelas > 1 ? (parcelado === 'emissor' ? 'creditoParceladoEmissor' : 'creditoParceladoLojista') : 'creditoAVista';
    case '04':
      return 'debito';
    case '10':
      return 'voucherAlimentacao';
    case '11':
      return 'voucherRefeicao';
    case '17':
    case '20':
      return 'pix';
    default:
      return null;
  }
}

/** The tPag codes whose payments become receivables (the forecast reads only these). */
export const tPagsRecebiveis = ['03', '04', '10', '11', '17', '20'] as const;

const naFaixa = (r: RegraLiquidacao, parcelas: number) => (r.parcelasDe === null || parcelas >= r.parcelasDe) && (r.parcelasAte === null || parcelas <= r.parcelasAte);

/**
 * The rule that settles a payment: the most specific of the contract's rules for the product (brand
 * and installment range, then brand, then installment range, then the product's default), else the
 * operadora's simple fields. `origem` says which one was taken.
 */
export function regraDoPagamento(
  operadora: OperadoraRecebiveis | null,
  produto: ProdutoRecebivel,
  bandeira: string | null,
  parcelas: number,
): { regra: RegraLiquidacao; origem: 'contrato' | 'operadora' | 'padrao' } {
  const candidatas = (operadora?.regras ?? []).filter((r) => r.produto === produto && (r.bandeira === null || r.bandeira === bandeira) && naFaixa(r, parcelas));
  const peso = (r: RegraLiquidacao) => (r.bandeira !== null ? 2 : 0) + (r.parcelasDe !== null || r.parcelasAte !== null ? 1 : 0);
  const escolhida = candidatas.reduce<RegraLiquidacao | null>((melhor, r) => (!melhor || peso(r) > peso(melhor) ? r : melhor), null);
  if (escolhida) return { regra: escolhida, origem: 'contrato' };
  return operadora ? { regra: regraSimples(operadora, produto), origem: 'operadora' } : { regra: regraSimples(PADRAO, produto), origem: 'padrao' };
}

/** Market defaults (DOMAIN.md §7) for a payment without an operadora: no fee is known, so none is taken. */
const PADRAO: OperadoraRecebiveis = { diasDebito: 1, diasCredito: 30, taxaDebito: '0.00', taxaCredito: '0.00', taxaParcelado: '0.00' };

function regraSimples(o: OperadoraRecebiveis, produto: ProdutoRecebivel): RegraLiquidacao {
  const base = { produto, bandeira: null, parcelasDe: null, parcelasAte: null, tarifa: 0, antecipacaoAutomatica: false, taxaAntecipacao: '0.00' };
  switch (produto) {
    case 'debito':
      return { ...base, dias: o.diasDebito, contagem: 'uteis', taxa: o.taxaDebito };
    case 'prePago':
      return { ...base, dias: 2, contagem: 'uteis', taxa: o.taxaDebito };
    case 'creditoParceladoLojista':
      return { ...base, dias: o.diasCredito, contagem: 'corridos', taxa: o.taxaParcelado };
    case 'pix':
      return { ...base, dias: 0, contagem: 'corridos', taxa: '0.00' };
    default:
      // Crédito à vista, parcelado emissor (settles like à vista) and vouchers.
      return { ...base, dias: o.diasCredito, contagem: 'corridos', taxa: produto === 'creditoParceladoEmissor' ? o.taxaParcelado : o.taxaCredito };
  }
}

/** The longest a rule can take to settle its last installment, in calendar days (for reading sales back far enough). */
export function prazoMaximoDias(regra: Pick<RegraLiquidacao, 'dias' | 'contagem'>, parcelas: number): number {
  // N business days span at most N·7/5 calendar days plus a long holiday run (Carnaval, Christmas).
  const primeira = regra.contagem === 'uteis' ? Math.ceil((regra.dias * 7) / 5) + 6 : regra.dias + 6;
  return primeira + 30 * (parcelas - 1);
}

/**
 * The longest any of these operadoras (and the market default for payments without one) takes to
 * settle a payment in `parcelas` installments, in calendar days: how far back the forecast reads sales.
 */
export function prazoMaximoDasOperadoras(operadoras: readonly OperadoraRecebiveis[], parcelas: number): number {
  let maior = 0;
  for (const o of [PADRAO, ...operadoras]) {
    const regras = [...(o.regras ?? []), ...produtosRecebivel.map((p) => regraSimples(o, p))];
    for (const r of regras) maior = Math.max(maior, prazoMaximoDias(r, r.produto === 'creditoParceladoLojista' ? parcelas : 1));
  }
  return maior;
}

/**
 * The sale days, as calendar days counted back from a receivable's date, whose payments of this tPag in
 * `parcelas` installments can have a receivable on it under any of these operadoras (or the market default):
 * from `minimo` (the earliest a receivable can come: anticipation on D+1, pix on D+0) to `maximo` (the last
 * installment's latest settlement). Any rule of the product counts, whatever its brand or range, so the window
 * is never too narrow; it lets the forecast read, per tPag and installments, only the sales that can fall in it.
 */
export function prazosDoPagamento(operadoras: readonly OperadoraRecebiveis[], tPag: string, parcelas: number): { minimo: number; maximo: number } | null {
  let minimo = Infinity;
  let maximo = -Infinity;
  for (const o of [PADRAO, ...operadoras]) {
    const produto = produtoDoPagamento(tPag, parcelas, o.parcelado ?? 'lojista');
    if (!produto) continue;
    for (const r of [...(o.regras ?? []).filter((r) => r.produto === produto), regraSimples(o, produto)]) {
      minimo = Math.min(minimo, r.antecipacaoAutomatica ? Math.min(1, r.dias) : r.dias);
      maximo = Math.max(maximo, prazoMaximoDias(r, produto === 'creditoParceladoLojista' ? parcelas : 1));
    }
  }
  return maximo < 0 ? null : { minimo, maximo };
}
