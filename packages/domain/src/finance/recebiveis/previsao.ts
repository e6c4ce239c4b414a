import { paraEscalado } from '../../shared/decimal.ts';
import { dividirEmParcelas } from '../agenda/parcelas.ts';
import { valorPresente } from './antecipacao.ts';
import { diasEntre, proximoDiaUtil, somarDiasCorridos, somarDiasUteis } from './diasUteis.ts';
import { avisosPat, type AvisoPat } from './pat.ts';
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

/** centavos × percent (scaled by 100) / 100, half up, in BigInt. */
const percentualDe = (centavos: number, taxaEscalada: bigint): number => Number((2n * BigInt(centavos) * taxaEscalada + 10_000n) / 20_000n);

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
 * What a payment's receivables depend on besides its amount: the product, the rule, each
 * installment's dates and the PAT warnings. Every payment of the same day, tPag, brand, operadora and
 * installments shares it, so a month's forecast computes it once per such group.
 */
export interface PlanoRecebimento {
  produto: ProdutoRecebivel;
  origem: PrevisaoPagamento['origem'];
  regra: RegraLiquidacao;
  taxaEscalada: bigint;
  parcelas: { parcela: number; vencimento: string; dataPrevista: string; diasAntecipados: number }[];
  avisos: AvisoPat[];
}

export function planoDeRecebimento(pagamento: Omit<PagamentoRecebivel, 'bruto'>, operadora: OperadoraRecebiveis | null): PlanoRecebimento | null {
  const parcelado = operadora?.parcelado ?? 'lojista';
  const produto = pagamento.produto ?? produtoDoPagamento(pagamento.tPag, pagamento.parcelas, parcelado);
  if (!produto) return null;
  const { regra, origem } = regraDoPagamento(operadora, produto, pagamento.bandeira, pagamento.parcelas);
  // Only parcelado lojista settles one receivable per installment; the issuer finances the others.
  const n = produto === 'creditoParceladoLojista' ? Math.max(1, pagamento.parcelas) : 1;
  const antecipaEm = regra.antecipacaoAutomatica ? somarDiasUteis(pagamento.dataVenda, 1) : null;
  const parcelas: PlanoRecebimento['parcelas'] = [];
  for (let parcela = 1; parcela <= n; parcela++) {
    const vencimento = vencimentoDaParcela(pagamento.dataVenda, regra, parcela);
    const antecipa = antecipaEm !== null && antecipaEm < vencimento;
    parcelas.push({ parcela, vencimento, dataPrevista: antecipa ? antecipaEm : vencimento, diasAntecipados: antecipa ? diasEntre(antecipaEm, vencimento) : 0 });
  }
  const avisos = avisosPat(produto, regra.taxa, diasEntre(pagamento.dataVenda, parcelas[0]!.vencimento));
  return { produto, origem, regra, taxaEscalada: paraEscalado(regra.taxa, 2), parcelas, avisos };
}

/**
 * The receivables of an amount under a plan: the gross split per installment to the centavo (the
 * remainder on the first), MDR rounded per installment, the fixed fee on the first, and automatic
 * anticipation at the installment's present value.
 */
export function recebiveisDoPlano(plano: PlanoRecebimento, brutoTotal: number): Recebivel[] {
  const brutos = dividirEmParcelas(brutoTotal, plano.parcelas.length);
  return plano.parcelas.map(({ parcela, vencimento, dataPrevista, diasAntecipados }, i) => {
    const bruto = brutos[i]!;
    const mdr = percentualDe(bruto, plano.taxaEscalada);
    const tarifa = parcela === 1 ? plano.regra.tarifa : 0;
    const semAntecipar = bruto - mdr - tarifa;
    const liquido = diasAntecipados ? valorPresente(semAntecipar, plano.regra.taxaAntecipacao, diasAntecipados) : semAntecipar;
    return { parcela, dataPrevista, vencimento, bruto, mdr, tarifa, antecipacao: semAntecipar - liquido, liquido };
  });
}

/**
 * A payment's receivables (planoDeRecebimento, then recebiveisDoPlano): each installment's date by
 * the contract's rule, its gross, fees and net; vouchers carry the PAT warnings the contract or this
 * payment's dates break. Null for a payment that is not a card, voucher or pix.
 */
export function preverRecebiveis(pagamento: PagamentoRecebivel, operadora: OperadoraRecebiveis | null): PrevisaoPagamento | null {
  const plano = planoDeRecebimento(pagamento, operadora);
  return plano && { produto: plano.produto, origem: plano.origem, recebiveis: recebiveisDoPlano(plano, pagamento.bruto), avisos: plano.avisos };
}
