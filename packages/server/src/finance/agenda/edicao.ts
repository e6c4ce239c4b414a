import { COMPETENCIA_DIAS_DA_EMISSAO, diasEntre, rotulosCampoAgenda, type EdicaoTituloBody, type Titulo } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { financeiroParcela } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { recusarNomeando } from '../../resources/validacao.ts';
import { somarNoDre } from '../dre/rollup.ts';
import { conferirReferencias } from '../movimentacao.ts';
import type { AutorFinanceiro } from '../razao.ts';
import { lerTitulo } from './titulos.ts';

const rotulo = (c: string) => rotulosCampoAgenda[c] ?? c;

/**
 * Edits a título after it was created (issue 14): description, document, person, chart account and its
 * open installments' due dates and amounts, installments added and removed (a removed one is flagged
 * removida_em, never deleted: every reader leaves it out); the total is the installments' sum, so it
 * follows them (the body's `total`, checked by the schema, makes a change of total explicit). After an
 * addition or removal the installments are numbered again 1..N by due date.
 * A settled installment keeps its due date and amount, and a título with money settled keeps its chart
 * account (its settlements' ledger rows stay on the old one: the accrual basis would count them twice);
 * a cancelled título is not edited. All 409.
 *
 * The accrual rollup is taken out and put back around the change, for the título and its recurrence's
 * other occurrences (their competence follows occurrence 1's first due date). Those títulos are locked
 * first, in id order, so two edits of one recurrence wait for each other instead of deadlocking.
 */
export async function editarTitulo(tx: Transaction, a: AutorFinanceiro, id: string, e: EdicaoTituloBody): Promise<Titulo> {
  const g = a.grupoEmpresarial;
  const [achado] = (await tx.execute<{ recorrencia_id: string | null }>(sql`
    select recorrencia_id from financeiro_titulo where grupo_empresarial_id = ${g} and empresa_id = ${a.empresa} and id = ${id}`)).rows;
  if (!achado) throw new HttpError(404, 'Título não encontrado.');
  const travados = (await tx.execute<{ id: string; tipo: Titulo['tipo']; plano_conta_id: string; cancelado_em: string | null; emissao: string }>(sql`
    select id, tipo, plano_conta_id, cancelado_em, emissao::text as emissao from financeiro_titulo
    where grupo_empresarial_id = ${g} and (id = ${id} ${achado.recorrencia_id ? sql`or recorrencia_id = ${achado.recorrencia_id}` : sql``})
    order by id for update`)).rows;
  const t = travados.find((x) => x.id === id)!;
  if (t.cancelado_em) throw new HttpError(409, 'Este título está cancelado e não pode ser editado.');
  if (t.tipo === 'pagar' && !e.pessoa) recusarNomeando({ pessoa: 'Informe o fornecedor de uma conta a pagar.' }, rotulo);
  if (e.competencia && Math.abs(diasEntre(t.emissao, e.competencia)) > COMPETENCIA_DIAS_DA_EMISSAO)
    recusarNomeando({ competencia: 'A competência está a mais de dois anos da emissão: confira a data.' }, rotulo);
  await conferirReferencias(tx, a, [
    { campo: 'planoConta', recurso: 'financeiroPlanoConta', id: e.planoConta },
    { campo: 'pessoa', recurso: 'pessoa', id: e.pessoa },
  ]);

  const atuais = (await tx.execute<{ id: string; numero: number; vencimento: string; valor: string; pago: string; baixas: number }>(sql`
    select p.id, p.numero, p.vencimento::text as vencimento, p.valor::text as valor, p.pago::text as pago,
      (select count(*)::int from financeiro_baixa b where b.grupo_empresarial_id = p.grupo_empresarial_id and b.parcela_id = p.id) as baixas
    from financeiro_parcela p
    where p.grupo_empresarial_id = ${g} and p.titulo_id = ${id} and p.removida_em is null order by p.numero for update of p`)).rows;
  const porId = new Map(atuais.map((p) => [p.id, p]));
  const estranha = e.parcelas.find((p) => p._id && !porId.has(p._id));
  if (estranha) recusarNomeando({ parcelas: 'Uma das parcelas enviadas não é deste título (ou já foi removida): atualize o título.' }, rotulo);
  const enviadas = new Map(e.parcelas.flatMap((p) => (p._id ? [[p._id, p] as const] : [])));
  const nome = (p: { numero: number }) => `A parcela ${p.numero}/${atuais.length}`;
  const mudadas = atuais.filter((p) => {
    const n = enviadas.get(p.id);
    return n && (n.vencimento !== p.vencimento || n.valor !== Number(p.valor));
  });
  for (const p of mudadas) {
    if (Number(p.pago) !== 0) throw new HttpError(409, `${nome(p)} tem baixa: o valor e o vencimento dela não mudam (estorne a baixa para mudá-los).`);
  }
  // Removing: only an installment no settlement ever touched (a reversed one keeps its history on it).
  const removidas = atuais.filter((p) => !enviadas.has(p.id));
  for (const p of removidas) {
    if (p.baixas) throw new HttpError(409, `${nome(p)} tem baixa${Number(p.pago) ? '' : ' estornada'}: não pode ser removida${Number(p.pago) ? ' (estorne a baixa e edite o valor)' : ''}.`);
  }
  const novas = e.parcelas.filter((p) => !p._id);
  if (e.planoConta !== t.plano_conta_id && atuais.some((p) => Number(p.pago) !== 0))
    throw new HttpError(409, 'Este título tem baixas: estorne-as antes de mudar o plano de contas.');

  const vivos = travados.filter((x) => !x.cancelado_em).map((x) => x.id);
  await somarNoDre(tx, g, { titulos: vivos, sinal: -1 });
  await tx.execute(sql`
    update financeiro_titulo set pessoa_id = ${e.pessoa}, plano_conta_id = ${e.planoConta}, descricao = ${e.descricao}, documento = ${e.documento}
      ${e.competencia ? sql`, competencia = ${e.competencia}::date` : sql``}
    where grupo_empresarial_id = ${g} and id = ${id}`);
  for (const p of mudadas) {
    const n = enviadas.get(p.id)!;
    await tx.execute(sql`update financeiro_parcela set vencimento = ${n.vencimento}::date, valor = ${n.valor} where grupo_empresarial_id = ${g} and id = ${p.id}`);
  }
  if (removidas.length || novas.length) {
    // Out of the way first (negative numbers), so the new numbering never meets an old one in the unique index.
    await tx.execute(sql`update financeiro_parcela set numero = -numero where grupo_empresarial_id = ${g} and titulo_id = ${id} and removida_em is null`);
    if (removidas.length)
      await tx.execute(sql`update financeiro_parcela set removida_em = now() where grupo_empresarial_id = ${g} and id = any(${sql.param(removidas.map((p) => p.id))}::text[])`);
    if (novas.length)
      await tx.insert(financeiroParcela).values(novas.map((p, i) => ({ grupoEmpresarialId: g, id: newId(), tituloId: id, empresaId: a.empresa, numero: -(10_000 + i), vencimento: p.vencimento, valor: p.valor })));
    // Numbered again 1..N by due date (kept ones before added ones on the same day, in their old order).
    await tx.execute(sql`
      update financeiro_parcela p set numero = o.n
      from (select id, row_number() over (order by vencimento, -numero) as n from financeiro_parcela
            where grupo_empresarial_id = ${g} and titulo_id = ${id} and removida_em is null) o
      where p.grupo_empresarial_id = ${g} and p.id = o.id`);
  }
  await somarNoDre(tx, g, { titulos: vivos });
  return lerTitulo(tx, a, id);
}
