import { paraEscalado } from '../../shared/decimal.ts';
import { valorPresente } from './antecipacao.ts';
import { diasEntre, proximoDiaUtil, somarDiasCorridos, somarDiasUteis } from './diasUteis.ts';
import { avisoPrazoPat, avisoTaxaPat, ehVoucher, PAT_PRAZO_MAXIMO_DIAS, taxaAcimaDoPat, type AvisoPat } from './pat.ts';
import { produtoDoPagamento, regraDoPagamento, type OperadoraRecebiveis, type ProdutoRecebivel, type RegraLiquidacao } from './regras.ts';

/** A card, voucher or pix payment of a sale, as the forecast reads it. */
export interface PagamentoRecebivel {
  /** The sale's local day, 'aaaa-mm-dd'. */
  dataVenda: string;
  /** Centavos. */
  bruto: number;
  /** NFC-e tPag: 03 crédito, 04 débito, 10 vale-alimentação, 11 vale-refeição, 17/20 pix. */
  tPag: string;
  /** tipoPagamentoBandeira _id. */
  bandeira: string | null;
  parcelas: number;
  /** Forces the product when the payment says more than its tPag (a pré-pago card). */
  produto?: ProdutoRecebivel;
}

export interface Recebivel {
  parcela: number;
  /** When the money is expected: the settlement date, or the anticipation date when the contract anticipates. */
  dataPrevista: string;
  /** The installment's own settlement date (the same as dataPrevista without anticipation). */
  vencimento: string;
  bruto: number;
  mdr: number;
  tarifa: number;
  /** Discount of the automatic anticipation (0 without it). */
  antecipacao: number;
  liquido: number;
}

export interface PrevisaoPagamento {
  produto: ProdutoRecebivel;
  /** Where the rule came from: a rule of the contract, the operadora's simple fields, or the market default (no operadora). */
  origem: 'contrato' | 'operadora' | 'padrao';
  recebiveis: Recebivel[];
  avisos: AvisoPat[];
}

/** centavos × percent (2 places) / 100, half up, in BigInt. */
function percentualDe(centavos: number, taxa: string): number {
  const t = paraEscalado(taxa, 2); // percent × 100
  return Number((2n * BigInt(centavos) * t + 10_000n) / 20_000n);
}

/**
 * The installment's settlement date: D+N (business days, or calendar days moved to the next business
 * day) counted from the sale date plus 30·(k−1) days. Pix runs every day: D+N calendar, never moved.
 */
function vencimentoDaParcela(dataVenda: string, regra: RegraLiquidacao, parcela: number): string {
  const base = somarDiasCorridos(dataVenda, 30 * (parcela - 1));
  if (regra.produto === 'pix') return somarDiasCorridos(base, regra.dias);
  return regra.contagem === 'uteis' ? somarDiasUteis(base, regra.dias) : proximoDiaUtil(somarDiasCorridos(base, regra.dias));
}

/**
 * A payment's receivables: the gross split per installment to the centavo (the remainder on the
 * first), MDR rounded per installment, the fixed fee on the first, each installment's date by the
 * contract's rule, and automatic anticipation paying every installment on D+1 business day at its
 * present value. Vouchers carry the PAT warnings the contract or this payment's dates break. Null for
 * a payment that is not a card, voucher or pix.
 */
export function preverRecebiveis(pagamento: PagamentoRecebivel, operadora: OperadoraRecebiveis | null): PrevisaoPagamento | null {
  const parcelado = operadora?.parcelado ?? 'lojista';
  const produto = pagamento.produto ?? produtoDoPagamento(pagamento.tPag, pagamento.parcelas, parcelado);
  if (!produto) return null;
  const { regra, origem } = regraDoPagamento(operadora, produto, pagamento.bandeira, pagamento.parcelas);
  // Only parcelado lojista settles one receivable per installment; the issuer finances the others.
  const n = produto === 'creditoParceladoLojista' ? Math.max(1, pagamento.parcelas) : 1;
  const porParcela = Math.trunc(pagamento.bruto / n);
  const resto = pagamento.bruto - porParcela * n;
  const antecipaEm = regra.antecipacaoAutomatica ? somarDiasUteis(pagamento.dataVenda, 1) : null;
  const recebiveis: Recebivel[] = [];
  for (let parcela = 1; parcela <= n; parcela++) {
    const bruto = porParcela + (parcela === 1 ? resto : 0);
    const mdr = percentualDe(bruto, regra.taxa);
    const tarifa = parcela === 1 ? regra.tarifa : 0;
    const vencimento = vencimentoDaParcela(pagamento.dataVenda, regra, parcela);
    const semAntecipar = bruto - mdr - tarifa;
    const antecipa = antecipaEm !== null && antecipaEm < vencimento;
    const liquido = antecipa ? valorPresente(semAntecipar, regra.taxaAntecipacao, diasEntre(antecipaEm, vencimento)) : semAntecipar;
    recebiveis.push({ parcela, dataPrevista: antecipa ? antecipaEm : vencimento, vencimento, bruto, mdr, tarifa, antecipacao: semAntecipar - liquido, liquido });
  }
  const avisos: AvisoPat[] = [];
  if (ehVoucher(produto)) {
    if (taxaAcimaDoPat(regra.taxa)) avisos.push(avisoTaxaPat(regra.taxa));
    const prazo = diasEntre(pagamento.dataVenda, recebiveis[0]!.vencimento);
    if (prazo > PAT_PRAZO_MAXIMO_DIAS) avisos.push(avisoPrazoPat(prazo));
  }
  return { produto, origem, recebiveis, avisos };
}
