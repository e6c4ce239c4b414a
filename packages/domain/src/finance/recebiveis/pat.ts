import { compararDecimal } from '../../shared/decimal.ts';
import { deDias, diasEntre, paraDias, somarDiasUteis } from './diasUteis.ts';
import type { ProdutoRecebivel, RegraLiquidacao } from './regras.ts';

/** Decreto 12.712/2025 (PAT): meal and food vouchers pay the restaurant at most 3.6% MDR, within 15 calendar days. */
export const PAT_TAXA_MAXIMA = '3.60';
export const PAT_PRAZO_MAXIMO_DIAS = 15;

export interface AvisoPat {
  codigo: 'patTaxa' | 'patPrazo';
  mensagem: string;
}

export const ehVoucher = (produto: ProdutoRecebivel): boolean => produto === 'voucherRefeicao' || produto === 'voucherAlimentacao';

const percentualBr = (taxa: string) => `${taxa.replace('.', ',')}%`;

const avisoTaxaPat = (taxa: string): AvisoPat => ({
  codigo: 'patTaxa',
  mensagem: `Taxa de ${percentualBr(taxa)} acima do teto de 3,6% para vale-refeição e vale-alimentação (Decreto 12.712/2025, PAT).`,
});

const avisoPrazoPat = (dias: number): AvisoPat => ({
  codigo: 'patPrazo',
  mensagem: `Repasse em ${dias} dias corridos: o Decreto 12.712/2025 (PAT) exige no máximo 15 dias corridos para vale-refeição e vale-alimentação.`,
});

const taxaAcimaDoPat = (taxa: string): boolean => compararDecimal(taxa, PAT_TAXA_MAXIMA) > 0;

// The longest calendar span of N business days over three whole years of holidays (Carnaval, Christmas…), per N.
const piorPrazo = new Map<number, number>();
function maiorPrazoEmDiasUteis(n: number): number {
  let pior = piorPrazo.get(n);
  if (pior === undefined) {
    pior = 0;
    for (let d = paraDias('2026-01-01'); d < paraDias('2029-01-01'); d++) pior = Math.max(pior, diasEntre(deDias(d), somarDiasUteis(deDias(d), n)));
    piorPrazo.set(n, pior);
  }
  return pior;
}

/**
 * The PAT caps a voucher breaks when its MDR is `taxa` and its money comes `prazo` calendar days after
 * the sale: an MDR above 3.6%, a term past 15 days. Nothing for other products. The one place of the
 * rule: a contract's rule (its worst term) and a forecast payment (its actual term) both ask it.
 */
export function avisosPat(produto: ProdutoRecebivel, taxa: string, prazo: number): AvisoPat[] {
  if (!ehVoucher(produto)) return [];
  const avisos: AvisoPat[] = [];
  if (taxaAcimaDoPat(taxa)) avisos.push(avisoTaxaPat(taxa));
  if (prazo > PAT_PRAZO_MAXIMO_DIAS) avisos.push(avisoPrazoPat(prazo));
  return avisos;
}

/**
 * What a voucher rule of a contract breaks of the PAT caps: an MDR above 3.6%, or a term that can pass
 * 15 calendar days (D+N corridos past 15, or N business days that can span more around holidays).
 * Nothing for other products.
 */
export function avisosPatDaRegra(regra: Pick<RegraLiquidacao, 'produto' | 'taxa' | 'dias' | 'contagem'>): AvisoPat[] {
  if (!ehVoucher(regra.produto)) return []; // before the worst term: it walks three years of days
  return avisosPat(regra.produto, regra.taxa, regra.contagem === 'corridos' ? regra.dias : maiorPrazoEmDiasUteis(regra.dias));
}
