import { contaPadrao, dataBr, recebiveisDoPlano, repartirChargebacks, tPagsRecebiveis, type RecebivelPrevisto } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { FUSO } from '../../sales/relatorios/periodo.ts';
import type { AutorFinanceiro, LancamentoNovo } from '../razao.ts';
import { lerCadastros, planejador } from './previsao.ts';

/**
 * A chargeback settled by the payout it was taken from (issue 14). Registering a chargeback debits the
 * acquirer's wallet (2 Deduções): the acquirer has a claim on the company. When the bank reconciliation
 * matches a payout the forecast expected net of chargebacks, the acquirer collected that claim by paying
 * less, and the bank's credit is booked as that smaller revenue. Without more, the chargeback would reduce
 * the result twice (the deduction and the shorter revenue) and the wallet would keep the debit for ever.
 * So the match credits each chargeback's part back to its wallet under 1.01 Vendas (the sales revenue the
 * acquirer kept): the wallet returns to zero, the revenue is the sales' net of fees, and the chargeback
 * stays once, on Deduções. These rows (documentoTipo 'chargebackDescontado', documentoId the chargeback)
 * are never more than the chargeback standing, whatever matches are undone and made again.
 */

export const DOCUMENTO_CHARGEBACK_DESCONTADO = 'chargebackDescontado';

type Linha = {
  id: string; venda_id: string; pagamento_seq: number; data: string; conta_id: string; pedido_id: string; vigente: string; descontado: string;
  data_venda: string; t_pag: string; bandeira: string | null; operadora: string | null; parcelas: number; valor_pagamento: string;
};

/** A payout matched to a bank credit: the operadora's expected net of `recebivel.data`, credited on `data`. */
export interface RepasseConciliado {
  data: string;
  recebivel: RecebivelPrevisto;
}

/**
 * The wallet credits that settle the chargebacks taken from these matched payouts (of the author's company),
 * in the caller's transaction, to be posted with the matches. Locks the charged-back payments, as registering
 * and reversing a chargeback do, so a concurrent reversal or another match waits and sees what was settled.
 */
export async function quitarChargebacksDosRepasses(tx: Transaction, a: AutorFinanceiro, repasses: readonly RepasseConciliado[]): Promise<LancamentoNovo[]> {
  const comChargeback = repasses.filter((r) => (r.recebivel.chargeback ?? 0) > 0);
  if (!comChargeback.length) return [];
  const ultimoDia = comChargeback.map((r) => r.recebivel.data).sort().at(-1)!;
  // Every standing chargeback of the payments that have one not yet settled, dated up to the last payout (a
  // chargeback comes off a payout of its day or later); the settled ones too, as they used up the receivables.
  const linhas = (
    await tx.execute<Linha>(sql`
      with vigentes as (
        select c.id, c.venda_id, c.pagamento_seq, c.data, c.conta_id,
          c.valor + coalesce((select sum(e.valor) from cartao_chargeback e where e.grupo_empresarial_id = c.grupo_empresarial_id and e.estorno_de = c.id), 0) as vigente,
          coalesce((select sum(m.valor) from financeiro_movimento m where m.grupo_empresarial_id = c.grupo_empresarial_id and m.documento_tipo = ${DOCUMENTO_CHARGEBACK_DESCONTADO} and m.documento_id = c.id), 0) as descontado
        from cartao_chargeback c
        where c.grupo_empresarial_id = ${a.grupoEmpresarial} and c.empresa_id = ${a.empresa} and c.estorno_de is null
      ),
      pagamentos as (select distinct venda_id, pagamento_seq from vigentes where vigente > descontado and data <= ${ultimoDia}::date)
      select c.id, c.venda_id, c.pagamento_seq, c.data::text as data, c.conta_id, v.pedido_id, c.vigente::text as vigente, c.descontado::text as descontado,
        to_char((p.fechado_em at time zone ${FUSO})::date, 'YYYY-MM-DD') as data_venda, p.t_pag, p.bandeira_id as bandeira, p.operadora_id as operadora, p.parcelas,
        (p.valor - p.troco)::text as valor_pagamento
      from vigentes c
      join pagamentos x on x.venda_id = c.venda_id and x.pagamento_seq = c.pagamento_seq
      join venda v on v.grupo_empresarial_id = ${a.grupoEmpresarial} and v.id = c.venda_id and not v.cancelada
      join venda_pagamento p on p.grupo_empresarial_id = v.grupo_empresarial_id and p.venda_id = c.venda_id and p.seq = c.pagamento_seq
        and p.t_pag = any(${sql.param([...tPagsRecebiveis])}::text[])
      -- A wallet since put in the trash takes no posting (lancar refuses it): that chargeback stays as it was.
      join registro f on f.grupo_empresarial_id = v.grupo_empresarial_id and f.id = c.conta_id and not f.lixo
      where c.vigente > 0
      order by c.venda_id, c.pagamento_seq, c.data, c.id
      for update of p`)
  ).rows;
  if (!linhas.length) return [];

  const porPagamento = new Map<string, Linha[]>();
  for (const l of linhas) {
    const chave = `${l.venda_id}|${l.pagamento_seq}`;
    porPagamento.set(chave, [...(porPagamento.get(chave) ?? []), l]);
  }
  const plano = planejador(await lerCadastros(tx, a.grupoEmpresarial));
  // Per operadora and payout day: each chargeback's part (as the forecast nets it), its wallet and sale.
  const partes = new Map<string, { chargeback: Linha; valor: number }[]>();
  for (const doPagamento of porPagamento.values()) {
    const p = doPagamento[0]!;
    const previsao = plano({ dataVenda: p.data_venda, tPag: p.t_pag, bandeira: p.bandeira, operadora: p.operadora, parcelas: Number(p.parcelas), valor: Number(p.valor_pagamento), chargebacks: null });
    if (!previsao) continue;
    const chargebacks = doPagamento.map((c) => ({ data: c.data, valor: Number(c.vigente) }));
    for (const parte of repartirChargebacks(recebiveisDoPlano(previsao, Number(p.valor_pagamento)), chargebacks)) {
      const chave = `${p.operadora ?? ''}|${parte.data}`;
      partes.set(chave, [...(partes.get(chave) ?? []), { chargeback: doPagamento[parte.indice]!, valor: parte.valor }]);
    }
  }

  const descontado = new Map(linhas.map((l) => [l.id, Number(l.descontado)]));
  const vendas = contaPadrao('1.01')._id;
  const creditos: LancamentoNovo[] = [];
  for (const r of comChargeback) {
    for (const { chargeback: c, valor } of partes.get(`${r.recebivel.operadora ?? ''}|${r.recebivel.data}`) ?? []) {
      // Never past what stands of it: a match undone and made again, or another line of the same payout, settles nothing twice.
      const quanto = Math.min(valor, Number(c.vigente) - descontado.get(c.id)!);
      if (quanto <= 0) continue;
      descontado.set(c.id, descontado.get(c.id)! + quanto);
      creditos.push({
        contaId: c.conta_id,
        data: r.data,
        valor: quanto,
        tipo: 'entrada',
        planoContaId: vendas,
        descricao: `Chargeback da venda ${c.pedido_id} descontado do repasse ${r.recebivel.operadoraNome} de ${dataBr(r.recebivel.data)}`,
        documentoTipo: DOCUMENTO_CHARGEBACK_DESCONTADO,
        documentoId: c.id,
      });
    }
  }
  return creditos;
}
