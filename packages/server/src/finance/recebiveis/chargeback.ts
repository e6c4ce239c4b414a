import { contaPadrao, dataBr, reais, rotulosCampoChargeback, tPagsRecebiveis, type Chargeback, type ChargebackBody, type EstornoChargebackBody, type FiltroChargebacks } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { recusarNomeando } from '../../resources/validacao.ts';
import { estornosDe, lancadosParaEstornar, lancar, type AutorFinanceiro } from '../razao.ts';

/**
 * Chargebacks (issue 14): the acquirer takes back part or all of a card or voucher payment. Recorded
 * against the sale's payment and posted as a debit on the acquirer's wallet (documentoTipo 'chargeback'),
 * in one transaction under the payment's row lock, so two at once cannot take back more than was paid.
 * A reversal (dispute won) is a new row and the ledger rows' reversal, once.
 */

const DOCUMENTO_CHARGEBACK = 'chargeback';
const DEDUCOES = contaPadrao('2')._id; // Deduções: the sale's revenue taken back (the default chart has no chargeback account of its own)
const rotulo = (campo: string) => rotulosCampoChargeback[campo] ?? campo;

type Linha = {
  id: string; venda_id: string; pedido_id: string | null; pagamento_seq: number; t_pag: string; valor_pagamento: string; valor: string; data: string; motivo: string;
  conta_id: string; conta_nome: string | null; usuario_nome: string | null; registrado_em: string;
  estorno_id: string | null; estorno_motivo: string | null; estorno_usuario: string | null; estorno_em: string | null;
};

function consulta(a: AutorFinanceiro, onde: ReturnType<typeof sql>) {
  return sql`
    select c.id, c.venda_id, v.pedido_id, c.pagamento_seq, p.t_pag, (p.valor - p.troco)::text as valor_pagamento, c.valor::text as valor,
      to_char(c.data, 'YYYY-MM-DD') as data, c.motivo, c.conta_id, f.dados->>'nome' as conta_nome, u.nome as usuario_nome, c.registrado_em,
      e.id as estorno_id, e.motivo as estorno_motivo, ue.nome as estorno_usuario, e.registrado_em as estorno_em
    from cartao_chargeback c
    left join venda v on v.grupo_empresarial_id = c.grupo_empresarial_id and v.id = c.venda_id
    left join venda_pagamento p on p.grupo_empresarial_id = c.grupo_empresarial_id and p.venda_id = c.venda_id and p.seq = c.pagamento_seq
    left join registro f on f.grupo_empresarial_id = c.grupo_empresarial_id and f.id = c.conta_id
    left join usuario u on u.grupo_empresarial_id = c.grupo_empresarial_id and u.id = c.usuario_id
    left join cartao_chargeback e on e.grupo_empresarial_id = c.grupo_empresarial_id and e.estorno_de = c.id
    left join usuario ue on ue.grupo_empresarial_id = e.grupo_empresarial_id and ue.id = e.usuario_id
    where c.grupo_empresarial_id = ${a.grupoEmpresarial} and c.empresa_id = ${a.empresa} and c.estorno_de is null ${onde}
    order by c.data desc, c.registrado_em desc, c.id
    limit 1000`;
}

const paraChargeback = (l: Linha): Chargeback => ({
  _id: l.id,
  venda: l.venda_id,
  pedidoId: l.pedido_id,
  pagamento: Number(l.pagamento_seq),
  tPag: l.t_pag,
  valorPagamento: Number(l.valor_pagamento),
  valor: Number(l.valor),
  data: l.data,
  motivo: l.motivo,
  conta: l.conta_id,
  contaNome: l.conta_nome ?? l.conta_id,
  usuarioNome: l.usuario_nome,
  registradoEm: new Date(l.registrado_em).toISOString(),
  estorno: l.estorno_id ? { _id: l.estorno_id, motivo: l.estorno_motivo!, usuarioNome: l.estorno_usuario, registradoEm: new Date(l.estorno_em!).toISOString() } : null,
});

async function lerUm(tx: Transaction, a: AutorFinanceiro, id: string): Promise<Chargeback> {
  const [l] = (await tx.execute<Linha>(consulta(a, sql`and c.id = ${id}`))).rows;
  if (!l) throw new HttpError(404, 'Chargeback não encontrado nesta empresa.');
  return paraChargeback(l);
}

export async function listarChargebacks(tx: Transaction, a: AutorFinanceiro, f: FiltroChargebacks): Promise<Chargeback[]> {
  return (await tx.execute<Linha>(consulta(a, sql`and c.data between ${f.de}::date and ${f.ate}::date`))).rows.map(paraChargeback);
}

/** Marks a card or voucher payment charged back: the row and the wallet's debit, or a 400 naming the field / 409, nothing written. */
export async function registrarChargeback(tx: Transaction, a: AutorFinanceiro, b: ChargebackBody): Promise<Chargeback> {
  // The payments of the sale, locked: concurrent chargebacks of one payment wait for each other.
  const pagamentos = (
    await tx.execute<{ seq: number; t_pag: string; liquido: string; pedido_id: string }>(sql`
      select p.seq, p.t_pag, (p.valor - p.troco)::text as liquido, v.pedido_id
      from venda v join venda_pagamento p on p.grupo_empresarial_id = v.grupo_empresarial_id and p.venda_id = v.id
      where v.grupo_empresarial_id = ${a.grupoEmpresarial} and v.empresa_id = ${a.empresa} and v.id = ${b.venda} and not v.cancelada
        and p.t_pag = any(${sql.param([...tPagsRecebiveis])}::text[])
      order by p.seq
      for update of p`)
  ).rows;
  if (!pagamentos.length) recusarNomeando({ venda: 'Venda não encontrada nesta empresa, cancelada ou sem pagamento em cartão ou voucher.' }, rotulo);
  if (b.pagamento === undefined && pagamentos.length > 1) recusarNomeando({ pagamento: 'A venda tem mais de um pagamento em cartão ou voucher: informe qual.' }, rotulo);
  const pagamento = b.pagamento === undefined ? pagamentos[0] : pagamentos.find((p) => Number(p.seq) === b.pagamento);
  if (!pagamento) recusarNomeando({ pagamento: 'Este pagamento da venda não é em cartão ou voucher.' }, rotulo);
  const [conta] = (
    await tx.execute<{ id: string; nome: string }>(sql`
      select id, dados->>'nome' as nome from registro
      where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'financeiroConta' and empresa_id = ${a.empresa} and id = ${b.conta} and not lixo
        and dados->>'tipo' = 'Carteira de adquirente'`)
  ).rows;
  if (!conta) recusarNomeando({ conta: 'Escolha uma conta do tipo Carteira de adquirente desta empresa.' }, rotulo);

  const [ja] = (
    await tx.execute<{ total: string }>(sql`
      select coalesce(sum(valor), 0)::text as total from cartao_chargeback
      where grupo_empresarial_id = ${a.grupoEmpresarial} and venda_id = ${b.venda} and pagamento_seq = ${pagamento!.seq}`)
  ).rows;
  const disponivel = Number(pagamento!.liquido) - Number(ja!.total);
  if (b.valor > disponivel)
    throw new HttpError(409, `O pagamento foi de ${reais(Number(pagamento!.liquido))} e já tem ${reais(Number(ja!.total))} em chargeback: no máximo ${reais(Math.max(0, disponivel))}.`, {}, { valor: 'Acima do que resta do pagamento.' });

  const id = newId();
  await tx.execute(sql`
    insert into cartao_chargeback (grupo_empresarial_id, id, empresa_id, venda_id, pagamento_seq, valor, data, motivo, conta_id, usuario_id)
    values (${a.grupoEmpresarial}, ${id}, ${a.empresa}, ${b.venda}, ${pagamento!.seq}, ${b.valor}, ${b.data}::date, ${b.motivo}, ${b.conta}, ${a.usuario})`);
  await lancar(tx, a, [
    { contaId: b.conta, data: b.data, valor: -b.valor, tipo: 'saida', planoContaId: DEDUCOES, descricao: `Chargeback da venda ${pagamento!.pedido_id} — ${b.motivo}`, documentoTipo: DOCUMENTO_CHARGEBACK, documentoId: id },
  ]);
  return lerUm(tx, a, id);
}

/** The dispute won: a reversing row and the ledger's reversal, once (again, even at once: 409). */
export async function estornarChargeback(tx: Transaction, a: AutorFinanceiro, id: string, b: EstornoChargebackBody): Promise<Chargeback> {
  const original = await lerUm(tx, a, id);
  // The payment's lock orders a reversal against another one and against new chargebacks of the payment.
  await tx.execute(sql`select 1 from venda_pagamento where grupo_empresarial_id = ${a.grupoEmpresarial} and venda_id = ${original.venda} and seq = ${original.pagamento} for update`);
  const [ja] = (await tx.execute<{ registrado_em: string }>(sql`select registrado_em from cartao_chargeback where grupo_empresarial_id = ${a.grupoEmpresarial} and estorno_de = ${id}`)).rows;
  if (ja) throw new HttpError(409, `Este chargeback já foi estornado em ${dataBr(new Date(ja.registrado_em).toISOString().slice(0, 10))}.`);
  await tx.execute(sql`
    insert into cartao_chargeback (grupo_empresarial_id, id, empresa_id, venda_id, pagamento_seq, valor, data, motivo, conta_id, estorno_de, usuario_id)
    values (${a.grupoEmpresarial}, ${newId()}, ${a.empresa}, ${original.venda}, ${original.pagamento}, ${-original.valor}, ${original.data}::date, ${b.motivo}, ${original.conta}, ${id}, ${a.usuario})`);
  await lancar(tx, a, estornosDe(await lancadosParaEstornar(tx, a, DOCUMENTO_CHARGEBACK, id), b.motivo));
  return lerUm(tx, a, id);
}
