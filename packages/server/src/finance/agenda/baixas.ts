import { contaPadrao, dataBr, reais, rotulosCampoAgenda, totalDaBaixa, type BaixaBody, type BaixaVariasBody, type BaixasVarias, type Titulo } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { financeiroBaixa } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { recusarNomeando } from '../../resources/validacao.ts';
import { FUSO } from '../../sales/relatorios/periodo.ts';
import { conferirReferencias } from '../movimentacao.ts';
import { estornosDe, lancadosParaEstornar, lancar, type AutorFinanceiro, type LancamentoNovo } from '../razao.ts';
import { lerTitulo, travarTitulo } from './titulos.ts';

/**
 * Settlements (baixa) of an installment and their reversal. Each posts into the money ledger through
 * `lancar` in the same transaction (documentoTipo 'financeiroBaixa', documentoId the baixa), and keeps
 * the installment's paid amount under its row's lock, so concurrent settlements of one installment
 * never pay more than it owes.
 */
export const DOCUMENTO_BAIXA = 'financeiroBaixa';

// Interest and fines paid are financial expenses, received ones financial income; a discount obtained
// on a payable is income, one granted on a receivable an expense (default chart, same ids in every group).
const despesasFinanceiras = contaPadrao('9.02')._id;
const receitasFinanceiras = contaPadrao('10')._id;

type ParcelaTravada = { id: string; titulo_id: string; numero: number; valor: string; pago: string; tipo: Titulo['tipo']; plano_conta_id: string; descricao: string; pessoa_id: string | null; parcelas: number; removida: boolean };

/** Locks the installment's título and then the installment, and reads them; 404 when not the company's. */
async function travarParcela(tx: Transaction, a: AutorFinanceiro, parcelaId: string): Promise<ParcelaTravada & { cancelado: boolean }> {
  const [achada] = (await tx.execute<{ titulo_id: string }>(sql`
    select titulo_id from financeiro_parcela where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and id = ${parcelaId}`)).rows;
  if (!achada) throw new HttpError(404, 'Parcela não encontrada.');
  const { cancelado } = await travarTitulo(tx, a, achada.titulo_id);
  const [p] = (await tx.execute<ParcelaTravada>(sql`
    select p.id, p.titulo_id, p.numero, p.valor::text as valor, p.pago::text as pago, t.tipo, t.plano_conta_id, t.descricao, t.pessoa_id, p.removida_em is not null as removida,
      (select count(*)::int from financeiro_parcela x where x.grupo_empresarial_id = p.grupo_empresarial_id and x.titulo_id = p.titulo_id and x.removida_em is null) as parcelas
    from financeiro_parcela p join financeiro_titulo t on t.grupo_empresarial_id = p.grupo_empresarial_id and t.id = p.titulo_id
    where p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.id = ${parcelaId} for update of p`)).rows;
  return { ...p!, cancelado };
}

/** The ledger rows of a settlement: the principal on the título's chart account, interest+fine and discount on the financial ones. */
function lancamentos(p: ParcelaTravada, b: BaixaBody, baixaId: string, data: string): LancamentoNovo[] {
  const sinal = p.tipo === 'pagar' ? -1 : 1;
  const tipo = (v: number) => (v > 0 ? ('entrada' as const) : ('saida' as const));
  const rotulo = `${p.descricao}${p.parcelas > 1 ? ` (parcela ${p.numero}/${p.parcelas})` : ''}`;
  const comum = { contaId: b.conta, data, pessoaId: p.pessoa_id, documentoTipo: DOCUMENTO_BAIXA, documentoId: baixaId };
  const linhas: LancamentoNovo[] = [{ ...comum, valor: sinal * b.valor, tipo: tipo(sinal), planoContaId: p.plano_conta_id, descricao: rotulo }];
  const encargos = b.juros + b.multa;
  if (encargos) linhas.push({ ...comum, valor: sinal * encargos, tipo: tipo(sinal), planoContaId: p.tipo === 'pagar' ? despesasFinanceiras : receitasFinanceiras, descricao: `Juros e multa: ${rotulo}` });
  if (b.desconto) linhas.push({ ...comum, valor: -sinal * b.desconto, tipo: tipo(-sinal), planoContaId: p.tipo === 'pagar' ? receitasFinanceiras : despesasFinanceiras, descricao: `Desconto: ${rotulo}` });
  return linhas;
}

export async function baixarParcela(tx: Transaction, a: AutorFinanceiro, parcelaId: string, b: BaixaBody): Promise<Titulo> {
  await conferirReferencias(tx, a, [{ campo: 'conta', recurso: 'financeiroConta', id: b.conta }]);
  const p = await travarParcela(tx, a, parcelaId);
  if (p.cancelado) throw new HttpError(409, 'Este título está cancelado.');
  if (p.removida) throw new HttpError(409, 'Esta parcela foi removida do título: atualize-o.');
  const aberto = Number(p.valor) - Number(p.pago);
  if (aberto <= 0) throw new HttpError(409, 'Esta parcela já está paga.');
  if (b.valor > aberto) recusarNomeando({ valor: `Maior que o que falta desta parcela (${reais(aberto)}).` }, () => 'Valor');
  const id = newId();
  await tx.insert(financeiroBaixa).values({
    grupoEmpresarialId: a.grupoEmpresarial,
    id,
    parcelaId,
    tituloId: p.titulo_id,
    empresaId: a.empresa,
    contaId: b.conta,
    data: b.data,
    valor: b.valor,
    juros: b.juros,
    multa: b.multa,
    desconto: b.desconto,
    total: totalDaBaixa(b),
    usuarioId: a.usuario,
  });
  await tx.execute(sql`update financeiro_parcela set pago = pago + ${b.valor} where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${parcelaId}`);
  await lancar(tx, a, lancamentos(p, b, id, b.data));
  return lerTitulo(tx, a, p.titulo_id);
}

/**
 * Several installments of one kind settled at once (the agenda's "Baixar selecionadas"), each at its
 * open amount plus its own interest and fine less its discount (`encargos`), from one account on one day: one baixa and its ledger rows each, in the caller's
 * transaction, so a refusal (paid, cancelled, another company's) writes nothing. The títulos are locked
 * in id order first, so two such calls over the same títulos wait instead of deadlocking.
 */
export async function baixarVarias(tx: Transaction, a: AutorFinanceiro, b: BaixaVariasBody): Promise<BaixasVarias> {
  await conferirReferencias(tx, a, [{ campo: 'conta', recurso: 'financeiroConta', id: b.conta }]);
  const g = a.grupoEmpresarial;
  const achadas = (await tx.execute<{ titulo_id: string; tipo: Titulo['tipo'] }>(sql`
    select p.titulo_id, t.tipo from financeiro_parcela p join financeiro_titulo t on t.grupo_empresarial_id = p.grupo_empresarial_id and t.id = p.titulo_id
    where p.grupo_empresarial_id = ${g} and p.empresa_id = ${a.empresa} and p.id = any(${sql.param(b.parcelas)}::text[])`)).rows;
  if (achadas.length !== b.parcelas.length) throw new HttpError(404, 'Parcela não encontrada: atualize a lista e escolha de novo.');
  if (new Set(achadas.map((x) => x.tipo)).size > 1) recusarNomeando({ parcelas: 'Escolha parcelas de um só tipo: a pagar ou a receber.' }, (c) => rotulosCampoAgenda[c] ?? c);
  await tx.execute(sql`select id from financeiro_titulo where grupo_empresarial_id = ${g} and id = any(${sql.param([...new Set(achadas.map((x) => x.titulo_id))])}::text[]) order by id for update`);
  const travadas: ParcelaTravada[] = [];
  for (const id of b.parcelas) {
    const p = await travarParcela(tx, a, id);
    const nome = `${p.descricao}${p.parcelas > 1 ? ` (parcela ${p.numero}/${p.parcelas})` : ''}`;
    if (p.cancelado) throw new HttpError(409, `${nome}: o título está cancelado.`);
    if (p.removida) throw new HttpError(409, `${nome}: a parcela foi removida do título.`);
    if (Number(p.valor) - Number(p.pago) <= 0) throw new HttpError(409, `${nome}: a parcela já está paga.`);
    travadas.push(p);
  }
  const linhas: LancamentoNovo[] = [];
  let total = 0;
  for (const p of travadas) {
    const encargos = { juros: 0, multa: 0, desconto: 0, ...b.encargos[p.id] };
    const corpo: BaixaBody = { conta: b.conta, data: b.data, valor: Number(p.valor) - Number(p.pago), ...encargos };
    if (corpo.desconto >= corpo.valor + corpo.juros + corpo.multa) {
      const nome = `${p.descricao}${p.parcelas > 1 ? ` (parcela ${p.numero}/${p.parcelas})` : ''}`;
      recusarNomeando({ encargos: `${nome}: o desconto deve ser menor que o valor com juros e multa.` }, (c) => rotulosCampoAgenda[c] ?? c);
    }
    const id = newId();
    await tx.insert(financeiroBaixa).values({ grupoEmpresarialId: g, id, parcelaId: p.id, tituloId: p.titulo_id, empresaId: a.empresa, contaId: b.conta, data: b.data, valor: corpo.valor, juros: corpo.juros, multa: corpo.multa, desconto: corpo.desconto, total: totalDaBaixa(corpo), usuarioId: a.usuario });
    linhas.push(...lancamentos(p, corpo, id, b.data));
    total += totalDaBaixa(corpo);
  }
  await tx.execute(sql`update financeiro_parcela set pago = valor where grupo_empresarial_id = ${g} and id = any(${sql.param(b.parcelas)}::text[])`);
  await lancar(tx, a, linhas);
  return { baixas: travadas.length, total };
}

/**
 * Reverses a settlement: a baixa row with the amounts negated pointing at it (once: 409 the second time,
 * by the unique index too), the installment's paid amount back, and the opposite ledger rows on the
 * original's date, so every balance and report nets to zero.
 */
export async function estornarBaixa(tx: Transaction, a: AutorFinanceiro, baixaId: string, motivo: string): Promise<Titulo> {
  const [b] = (await tx.execute<{ parcela_id: string; titulo_id: string; conta_id: string; data: string; valor: string; juros: string; multa: string; desconto: string; total: string; estorno_de: string | null }>(sql`
    select parcela_id, titulo_id, conta_id, data::text as data, valor::text as valor, juros::text as juros, multa::text as multa, desconto::text as desconto, total::text as total, estorno_de
    from financeiro_baixa where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and id = ${baixaId}`)).rows;
  if (!b) throw new HttpError(404, 'Baixa não encontrada.');
  if (b.estorno_de) throw new HttpError(409, 'Um estorno não pode ser estornado: baixe a parcela de novo.');
  // The lock first, then the check: a concurrent reversal of the same settlement is seen once it committed.
  await travarParcela(tx, a, b.parcela_id);
  const [ja] = (await tx.execute<{ dia: string }>(sql`
    select ((registrado_em at time zone ${FUSO})::date)::text as dia from financeiro_baixa where grupo_empresarial_id = ${a.grupoEmpresarial} and estorno_de = ${baixaId}`)).rows;
  if (ja) throw new HttpError(409, `Esta baixa já foi estornada em ${dataBr(ja.dia)}.`);
  const id = newId();
  const menos = (v: string) => -Number(v);
  await tx.insert(financeiroBaixa).values({
    grupoEmpresarialId: a.grupoEmpresarial,
    id,
    parcelaId: b.parcela_id,
    tituloId: b.titulo_id,
    empresaId: a.empresa,
    contaId: b.conta_id,
    data: b.data,
    valor: menos(b.valor),
    juros: menos(b.juros),
    multa: menos(b.multa),
    desconto: menos(b.desconto),
    total: menos(b.total),
    estornoDe: baixaId,
    motivo,
    usuarioId: a.usuario,
  });
  await tx.execute(sql`update financeiro_parcela set pago = pago - ${Number(b.valor)} where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${b.parcela_id}`);
  await lancar(tx, a, estornosDe(await lancadosParaEstornar(tx, a, DOCUMENTO_BAIXA, baixaId), motivo, { tipo: DOCUMENTO_BAIXA, id }));
  return lerTitulo(tx, a, b.titulo_id);
}
