import { contaPadrao, hojeNoFuso, type RepasseDelivery } from '@retaguarda/domain';
import type { Transaction } from '../../db/client.ts';
import { estornosDe, lancadosParaEstornar, lancar, type AutorFinanceiro, type LancamentoNovo } from '../../finance/razao.ts';
import type { IntegracaoDelivery } from './integracao.ts';

/** The ledger's document of a marketplace order's payout (financeiro_movimento.documento_tipo). */
export const DOCUMENTO_REPASSE = 'deliveryPedido';

const autor = (i: IntegracaoDelivery, usuario: string | null): AutorFinanceiro => ({ grupoEmpresarial: i.grupoEmpresarial, empresa: i.empresa, usuario });

/**
 * An accepted order's payout in the app's wallet, in the sale's transaction: the gross (items and delivery
 * fee) in, the marketplace's commission and the store's campaigns out, each to its chart account, so the
 * wallet's balance is the net the marketplace will pay and the DRE sees the fees as expenses. The
 * marketplace's own campaigns (subsidio) are in the gross: it pays them back. Nothing without a wallet.
 * Without chart accounts chosen on the integration: the default chart's 1.03 iFood e apps de delivery,
 * 2.03 Comissões de apps and 7.02 Promoções.
 */
export async function lancarRepasse(tx: Transaction, i: IntegracaoDelivery, pedido: { id: string; codigo: string; pessoa?: string | null }, r: RepasseDelivery, usuario: string | null, agora = new Date()): Promise<void> {
  if (!i.carteira) return;
  const base = { contaId: i.carteira, data: hojeNoFuso(agora), documentoTipo: DOCUMENTO_REPASSE, documentoId: pedido.id };
  const linhas: LancamentoNovo[] = [
    { ...base, valor: r.bruto, tipo: 'entrada', planoContaId: i.planoContaVendas ?? contaPadrao('1.03')._id, descricao: `${i.descricao} #${pedido.codigo}: venda (itens e entrega)` },
    { ...base, valor: -r.comissao, tipo: 'saida', planoContaId: i.planoContaComissao ?? contaPadrao('2.03')._id, descricao: `${i.descricao} #${pedido.codigo}: comissão` },
    { ...base, valor: -r.campanhas, tipo: 'saida', planoContaId: i.planoContaCampanhas ?? contaPadrao('7.02')._id, descricao: `${i.descricao} #${pedido.codigo}: campanhas da loja` },
  ];
  await lancar(tx, autor(i, usuario), linhas.filter((l) => l.valor !== 0));
}

/** A cancelled order's payout reversed: each of its rows by a new opposite one (the ledger is append-only). */
export async function estornarRepasse(tx: Transaction, i: IntegracaoDelivery, pedido: { id: string; codigo: string }, motivo: string, usuario: string | null): Promise<void> {
  const a = autor(i, usuario);
  const linhas = await lancadosParaEstornar(tx, a, DOCUMENTO_REPASSE, pedido.id);
  if (linhas.length) await lancar(tx, a, estornosDe(linhas, `Pedido #${pedido.codigo} cancelado: ${motivo}`));
}
