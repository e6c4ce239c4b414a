import { abertoDaParcela, diasEntre, hojeNoFuso, ocorrencias, somarDias, type Anexo, type Baixa, type Parcela, type StatusParcela, type Titulo, type TituloBody } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { financeiroParcela, financeiroTitulo } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { conferirReferencias } from '../movimentacao.ts';
import type { AutorFinanceiro } from '../razao.ts';
import { competenciaSql, somarNoDre } from '../dre/rollup.ts';

/** Títulos of financeiroAgenda (issue 14): created with their installments (and recurrence), read, cancelled. */

/**
 * The principal of an installment (alias p) settled by settlements dated up to `dia` (a reversal carries its
 * settlement's date, so a reversed one counts as never made). A settlement dated after today is scheduled,
 * not paid: Odoo's aged balance and ERPNext's Accounts Receivable (its "future payments" apart) both read
 * the outstanding at a date from the payments dated up to it, and a Brazilian bank's "pagamento agendado"
 * is the same. So the agenda's `pago`/`aberto`, the status, the dashboard's due and overdue and the aging all
 * read this (the aging at its reference date), and agree; `p.pago` (every settlement) is only what can still
 * be settled (`aBaixar`) and the edit's "has a settlement".
 */
export const pagoAteSql = (dia: string): SQL =>
  // Nothing settled net (a reversal has its settlement's date): nothing to read.
  sql`(case when p.pago = 0 then 0 else coalesce((select sum(b.valor) from financeiro_baixa b where b.grupo_empresarial_id = p.grupo_empresarial_id and b.parcela_id = p.id and b.data <= ${dia}::date), 0) end)`;

/**
 * An installment's status, the one rule the list, the título and the calendar share: cancelled with its
 * título, paid in full, overdue once its due date is past (today in the stores' clock), partly paid, open.
 * `p` and `t` are the aliases of financeiro_parcela and financeiro_titulo.
 */
export const statusSql = (hoje: string): SQL =>
  sql`case when t.cancelado_em is not null then 'cancelada' when ${pagoAteSql(hoje)} >= p.valor then 'paga' when p.vencimento < ${hoje}::date then 'vencida' when ${pagoAteSql(hoje)} > 0 then 'parcial' else 'aberta' end`;

/** An installment as read: paid and open as of today, and what can still be settled (scheduled settlements taken). */
export function parcelaLida(p: { id: string; numero: number; vencimento: string; valor: string; pago: string; pago_total: string; status: StatusParcela }): Parcela {
  const valor = Number(p.valor);
  const pago = Number(p.pago);
  const cancelada = p.status === 'cancelada';
  return { _id: p.id, numero: p.numero, vencimento: p.vencimento, valor, pago, aberto: abertoDaParcela({ valor, pago, status: p.status }), aBaixar: cancelada ? 0 : valor - Number(p.pago_total), agendado: cancelada ? 0 : Number(p.pago_total) - pago, status: p.status };
}

export async function criarTitulos(tx: Transaction, a: AutorFinanceiro, t: TituloBody): Promise<Titulo[]> {
  await conferirReferencias(tx, a, [
    { campo: 'planoConta', recurso: 'financeiroPlanoConta', id: t.planoConta },
    { campo: 'pessoa', recurso: 'pessoa', id: t.pessoa },
  ]);
  const planos = ocorrencias(t.valor, t.parcelas, t.vencimento, t.recorrencia);
  const recorrenciaId = t.recorrencia ? newId() : null;
  // Occurrence k belongs to the period its due dates are moved to (March's rent in March), as the derived rule does.
  const competencia = t.competencia ?? t.emissao;
  const titulos = planos.map((plano, k) => ({
    grupoEmpresarialId: a.grupoEmpresarial,
    id: newId(),
    empresaId: a.empresa,
    tipo: t.tipo,
    pessoaId: t.pessoa,
    planoContaId: t.planoConta,
    descricao: t.descricao,
    documento: t.documento,
    emissao: t.emissao,
    competencia: somarDias(competencia, diasEntre(planos[0]![0]!.vencimento, plano[0]!.vencimento)),
    recorrenciaId,
    recorrenciaNumero: recorrenciaId ? k + 1 : null,
    usuarioId: a.usuario,
  }));
  await tx.insert(financeiroTitulo).values(titulos);
  const parcelas = planos.flatMap((plano, k) =>
    plano.map((p) => ({ grupoEmpresarialId: a.grupoEmpresarial, id: newId(), tituloId: titulos[k]!.id, empresaId: a.empresa, numero: p.numero, vencimento: p.vencimento, valor: p.valor })),
  );
  // At most 120 × 60 rows: in slices, far under the protocol's parameter limit.
  for (let i = 0; i < parcelas.length; i += 1000) await tx.insert(financeiroParcela).values(parcelas.slice(i, i + 1000));
  await somarNoDre(tx, a.grupoEmpresarial, { titulos: titulos.map((l) => l.id) });
  return lerTitulos(tx, a, titulos.map((l) => l.id));
}

type LinhaTitulo = {
  id: string;
  empresa_id: string;
  tipo: Titulo['tipo'];
  pessoa_id: string | null;
  pessoa_nome: string | null;
  plano_conta_id: string;
  plano_nome: string | null;
  descricao: string;
  documento: string;
  emissao: string;
  competencia: string;
  recorrencia_id: string | null;
  recorrencia_numero: number | null;
  cancelado_em: string | null;
  motivo_cancelamento: string | null;
  anexos: string[];
};

/** The company's títulos with these ids, in the order asked, with installments, settlements and attachments. */
export async function lerTitulos(tx: Transaction, a: AutorFinanceiro, ids: string[]): Promise<Titulo[]> {
  const g = a.grupoEmpresarial;
  const hoje = hojeNoFuso();
  const titulos = (
    await tx.execute<LinhaTitulo>(sql`
      select t.id, t.empresa_id, t.tipo, t.pessoa_id, p.dados->>'nome' as pessoa_nome, t.plano_conta_id, pc.dados->>'codigo' || ' ' || (pc.dados->>'nome') as plano_nome,
        t.descricao, t.documento, t.emissao::text as emissao, ${competenciaSql}::text as competencia, t.recorrencia_id, t.recorrencia_numero, t.cancelado_em, t.motivo_cancelamento, t.anexos
      from financeiro_titulo t
      left join registro p on p.grupo_empresarial_id = t.grupo_empresarial_id and p.id = t.pessoa_id
      left join registro pc on pc.grupo_empresarial_id = t.grupo_empresarial_id and pc.id = t.plano_conta_id
      where t.grupo_empresarial_id = ${g} and t.empresa_id = ${a.empresa} and t.id = any(${sql.param(ids)}::text[])`)
  ).rows;
  const parcelas = (
    await tx.execute<{ id: string; titulo_id: string; numero: number; vencimento: string; valor: string; pago: string; pago_total: string; status: StatusParcela }>(sql`
      select p.id, p.titulo_id, p.numero, p.vencimento::text as vencimento, p.valor::text as valor, ${pagoAteSql(hoje)}::text as pago, p.pago::text as pago_total, ${statusSql(hoje)} as status
      from financeiro_parcela p join financeiro_titulo t on t.grupo_empresarial_id = p.grupo_empresarial_id and t.id = p.titulo_id
      where p.grupo_empresarial_id = ${g} and p.titulo_id = any(${sql.param(ids)}::text[]) and p.removida_em is null order by p.numero`)
  ).rows;
  const baixas = (
    await tx.execute<{ id: string; titulo_id: string; parcela_id: string; conta_id: string; conta_nome: string | null; data: string; valor: string; juros: string; multa: string; desconto: string; total: string; estorno_de: string | null; estornado_por: string | null; motivo: string | null; registrado_em: string }>(sql`
      select b.id, b.titulo_id, b.parcela_id, b.conta_id, c.dados->>'nome' as conta_nome, b.data::text as data, b.valor::text as valor, b.juros::text as juros, b.multa::text as multa,
        b.desconto::text as desconto, b.total::text as total, b.estorno_de, e.id as estornado_por, b.motivo, b.registrado_em
      from financeiro_baixa b
      left join financeiro_baixa e on e.grupo_empresarial_id = b.grupo_empresarial_id and e.estorno_de = b.id
      left join registro c on c.grupo_empresarial_id = b.grupo_empresarial_id and c.id = b.conta_id
      where b.grupo_empresarial_id = ${g} and b.titulo_id = any(${sql.param(ids)}::text[]) order by b.registrado_em, b.id`)
  ).rows;
  const arquivos = (
    await tx.execute<{ id: string; nome: string; tipo: string; tamanho: number }>(sql`
      select id, nome, tipo, tamanho from arquivo where grupo_empresarial_id = ${g} and id = any(${sql.param(titulos.flatMap((t) => t.anexos))}::text[])`)
  ).rows;
  const porArquivo = new Map<string, Anexo>(arquivos.map((f) => [f.id, { _id: f.id, nome: f.nome, tipo: f.tipo, tamanho: Number(f.tamanho) }]));
  const porId = new Map(
    titulos.map((t): [string, Titulo] => [
      t.id,
      {
        _id: t.id,
        empresa: t.empresa_id,
        tipo: t.tipo,
        pessoa: t.pessoa_id,
        pessoaNome: t.pessoa_nome,
        planoConta: t.plano_conta_id,
        planoContaNome: t.plano_nome,
        descricao: t.descricao,
        documento: t.documento,
        emissao: t.emissao,
        competencia: t.competencia,
        recorrencia: t.recorrencia_id,
        recorrenciaNumero: t.recorrencia_numero,
        canceladoEm: t.cancelado_em ? new Date(t.cancelado_em).toISOString() : null,
        motivoCancelamento: t.motivo_cancelamento,
        parcelas: parcelas.filter((p) => p.titulo_id === t.id).map((p): Parcela => parcelaLida(p)),
        baixas: baixas
          .filter((b) => b.titulo_id === t.id)
          .map((b): Baixa => ({
            _id: b.id,
            parcela: b.parcela_id,
            conta: b.conta_id,
            contaNome: b.conta_nome ?? '',
            data: b.data,
            valor: Number(b.valor),
            juros: Number(b.juros),
            multa: Number(b.multa),
            desconto: Number(b.desconto),
            total: Number(b.total),
            estornoDe: b.estorno_de,
            estornadoPor: b.estornado_por,
            motivo: b.motivo,
            registradoEm: new Date(b.registrado_em).toISOString(),
          })),
        anexos: t.anexos.map((id) => porArquivo.get(id)).filter((f): f is Anexo => !!f),
      },
    ]),
  );
  return ids.map((id) => porId.get(id)).filter((t): t is Titulo => !!t);
}

export async function lerTitulo(tx: Transaction, a: AutorFinanceiro, id: string): Promise<Titulo> {
  const [t] = await lerTitulos(tx, a, [id]);
  if (!t) throw new HttpError(404, 'Título não encontrado.');
  return t;
}

/**
 * Locks the título (settlements lock it too, so a cancel and a settlement of the same título wait for
 * each other) and answers whether it is cancelled; 404 when it is not the company's.
 */
export async function travarTitulo(tx: Transaction, a: AutorFinanceiro, id: string): Promise<{ cancelado: boolean }> {
  const [t] = (await tx.execute<{ cancelado_em: string | null }>(sql`
    select cancelado_em from financeiro_titulo where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and id = ${id} for update`)).rows;
  if (!t) throw new HttpError(404, 'Título não encontrado.');
  return { cancelado: !!t.cancelado_em };
}

/** A título without settlements (or with all of them reversed) is cancelled, never deleted; twice, or with money settled, is 409. */
export async function cancelarTitulo(tx: Transaction, a: AutorFinanceiro, id: string, motivo: string): Promise<Titulo> {
  if ((await travarTitulo(tx, a, id)).cancelado) throw new HttpError(409, 'Este título já está cancelado.');
  const [pago] = (await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from financeiro_parcela where grupo_empresarial_id = ${a.grupoEmpresarial} and titulo_id = ${id} and pago <> 0`)).rows;
  if (pago!.n) throw new HttpError(409, 'Este título tem baixas: estorne-as antes de cancelar.');
  await somarNoDre(tx, a.grupoEmpresarial, { titulos: [id], sinal: -1 });
  await tx.execute(sql`update financeiro_titulo set cancelado_em = now(), motivo_cancelamento = ${motivo} where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${id}`);
  return lerTitulo(tx, a, id);
}
