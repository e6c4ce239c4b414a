import { rotulosCampoAgenda, type EdicaoTituloBody, type Titulo } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { recusarNomeando } from '../../resources/validacao.ts';
import { somarNoDre } from '../dre/rollup.ts';
import { conferirReferencias } from '../movimentacao.ts';
import type { AutorFinanceiro } from '../razao.ts';
import { lerTitulo } from './titulos.ts';

const rotulo = (c: string) => rotulosCampoAgenda[c] ?? c;

/**
 * Edits a título after it was created (issue 14): description, document, person, chart account and its
 * open installments' due dates and amounts; the total is the installments' sum, so it follows them.
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
  const travados = (await tx.execute<{ id: string; tipo: Titulo['tipo']; plano_conta_id: string; cancelado_em: string | null }>(sql`
    select id, tipo, plano_conta_id, cancelado_em from financeiro_titulo
    where grupo_empresarial_id = ${g} and (id = ${id} ${achado.recorrencia_id ? sql`or recorrencia_id = ${achado.recorrencia_id}` : sql``})
    order by id for update`)).rows;
  const t = travados.find((x) => x.id === id)!;
  if (t.cancelado_em) throw new HttpError(409, 'Este título está cancelado e não pode ser editado.');
  if (t.tipo === 'pagar' && !e.pessoa) recusarNomeando({ pessoa: 'Informe o fornecedor de uma conta a pagar.' }, rotulo);
  await conferirReferencias(tx, a, [
    { campo: 'planoConta', recurso: 'financeiroPlanoConta', id: e.planoConta },
    { campo: 'pessoa', recurso: 'pessoa', id: e.pessoa },
  ]);

  const atuais = (await tx.execute<{ id: string; numero: number; vencimento: string; valor: string; pago: string }>(sql`
    select id, numero, vencimento::text as vencimento, valor::text as valor, pago::text as pago from financeiro_parcela
    where grupo_empresarial_id = ${g} and titulo_id = ${id} order by numero for update`)).rows;
  const enviadas = new Map(e.parcelas.map((p) => [p._id, p]));
  if (enviadas.size !== atuais.length || atuais.some((p) => !enviadas.has(p.id)))
    recusarNomeando({ parcelas: `Envie as ${atuais.length} parcelas deste título, cada uma uma vez.` }, rotulo);
  const nome = (p: { numero: number }) => `A parcela ${p.numero}/${atuais.length}`;
  const mudadas = atuais.filter((p) => {
    const n = enviadas.get(p.id)!;
    return n.vencimento !== p.vencimento || n.valor !== Number(p.valor);
  });
  for (const p of mudadas) {
    if (Number(p.pago) !== 0) throw new HttpError(409, `${nome(p)} tem baixa: o valor e o vencimento dela não mudam (estorne a baixa para mudá-los).`);
  }
  if (e.planoConta !== t.plano_conta_id && atuais.some((p) => Number(p.pago) !== 0))
    throw new HttpError(409, 'Este título tem baixas: estorne-as antes de mudar o plano de contas.');

  const vivos = travados.filter((x) => !x.cancelado_em).map((x) => x.id);
  await somarNoDre(tx, g, { titulos: vivos, sinal: -1 });
  await tx.execute(sql`
    update financeiro_titulo set pessoa_id = ${e.pessoa}, plano_conta_id = ${e.planoConta}, descricao = ${e.descricao}, documento = ${e.documento}
    where grupo_empresarial_id = ${g} and id = ${id}`);
  for (const p of mudadas) {
    const n = enviadas.get(p.id)!;
    await tx.execute(sql`update financeiro_parcela set vencimento = ${n.vencimento}::date, valor = ${n.valor} where grupo_empresarial_id = ${g} and id = ${p.id}`);
  }
  await somarNoDre(tx, g, { titulos: vivos });
  return lerTitulo(tx, a, id);
}
