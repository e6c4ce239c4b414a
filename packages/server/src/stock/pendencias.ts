import { qtd, textoQtd, tiposProdutoSemEstoque, type PendenciaEstoque, type PendenciasEstoque, type TipoPendenciaEstoque } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { newId } from '../ids.ts';
import { HttpError } from '../plugins/envelope.ts';
import type { AutorEstoque } from './razao.ts';

/**
 * Stock pending issues (pendências): what a sale could not take out of stock is never skipped in
 * silence. The sale is stored; each gap is added, in the sale's transaction and in one statement, to
 * the open row of its company, product and kind, with the sale it affected (so its consumption can be
 * posted exactly once the cause is fixed).
 *
 * Whether a pendência is fixed is read live, not closed by hooks: a cause is fixed in many ways (the
 * recipe sheet created, activated or restored from the trash, the product marked to control stock in
 * the product form or the bulk edit, reclassified as a service, a location created or activated), and
 * may be undone again; reading the current records when the list is asked is right whichever path
 * changed them, with no hook to forget. The row itself only records what was skipped; it is closed
 * only by posting the skipped consumption (reprocessar) or writing it off (descartar).
 */

/** One product of one sale that did not leave stock, and why. */
export interface Lacuna {
  tipo: TipoPendenciaEstoque;
  /** The pendência's product: the product sold, or '' for a company-wide cause. */
  produto: string;
  vendaId: string;
  /** The product sold (item or complement) and its quantity (4 places) in its stock unit. */
  itemProduto: string;
  quantidade: bigint;
  ocorridoEm: Date;
}

type Tenant = Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>;

/**
 * The CTEs (ending in `pv`) that add the gaps of a batch of sales to their open pendências (created when
 * none) and record each sale: one statement text whatever the gaps (none: an empty list), so it is prepared once.
 * With `vendasGuardadas` (a query of sale ids), only the gaps of those sales: the ones the statement stored.
 */
export function ctePendencias(a: Tenant, lacunas: readonly Lacuna[], vendasGuardadas?: SQL): SQL {
  // One line per pendência, sale and product sold; a new id per pendência, used only when it is new.
  const porChave = new Map<string, { t: string; p: string; v: string; i: string; q: bigint; e: string }>();
  const ids = new Map<string, string>();
  for (const l of lacunas) {
    const chave = `${l.tipo}\u0000${l.produto}\u0000${l.vendaId}\u0000${l.itemProduto}`;
    const atual = porChave.get(chave);
    if (atual) atual.q += l.quantidade;
    else porChave.set(chave, { t: l.tipo, p: l.produto, v: l.vendaId, i: l.itemProduto, q: l.quantidade, e: l.ocorridoEm.toISOString() });
    const pendencia = `${l.tipo}\u0000${l.produto}`;
    if (!ids.has(pendencia)) ids.set(pendencia, newId());
  }
  const linhas = [...porChave.values()].map((l) => ({ ...l, q: textoQtd(l.q), n: ids.get(`${l.t}\u0000${l.p}`)! }));
  // Rows upserted in (kind, product) order, as every writer takes them: no deadlock between batches.
  // Names prefixed: these CTEs join the sales' own statement (ingestao.ts).
  return sql`pend_x as (
      select * from jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) as x(t text, p text, v text, i text, q numeric, e timestamptz, n text)
      ${vendasGuardadas ? sql`where x.v in (${vendasGuardadas})` : sql``}
    ), pend_novas as (
      select t, p, min(n) as n, count(distinct v)::int as vendas, sum(q) as q, min(e) as primeira, max(e) as ultima from pend_x group by t, p
    ), pend as (
      insert into estoque_pendencia (grupo_empresarial_id, id, empresa_id, produto_id, tipo, primeira_venda_em, ultima_venda_em, vendas, quantidade)
      select ${a.grupoEmpresarial}, n, ${a.empresa}, p, t, primeira, ultima, vendas, q from pend_novas order by t, p
      on conflict (grupo_empresarial_id, empresa_id, produto_id, tipo) where fechada_em is null do update set
        primeira_venda_em = least(estoque_pendencia.primeira_venda_em, excluded.primeira_venda_em),
        ultima_venda_em = greatest(estoque_pendencia.ultima_venda_em, excluded.ultima_venda_em),
        vendas = estoque_pendencia.vendas + excluded.vendas,
        quantidade = estoque_pendencia.quantidade + excluded.quantidade,
        atualizada_em = now()
      returning id, produto_id, tipo
    ), pv as (
      insert into estoque_pendencia_venda (grupo_empresarial_id, pendencia_id, venda_id, produto_id, quantidade, ocorrido_em)
      select ${a.grupoEmpresarial}, pend.id, x.v, x.i, sum(x.q), min(x.e) from pend_x x join pend on pend.produto_id = x.p and pend.tipo = x.t
      group by pend.id, x.v, x.i
      on conflict do nothing
      returning 1
    )`;
}

/** Adds the gaps of a batch of sales to their open pendências, in one statement (reprocessing; the sales use ctePendencias with the day's products). */
export async function registrarPendencias(tx: Transaction, a: Tenant, lacunas: readonly Lacuna[]): Promise<void> {
  if (!lacunas.length) return;
  await tx.execute(sql`with ${ctePendencias(a, lacunas)} select count(*) from pv`);
}

/** A cancelled sale taken out of its open pendências (nothing of it is left to post), in the cancellation's transaction. */
export async function descontarVendaDasPendencias(tx: Transaction, a: Tenant, vendaId: string): Promise<void> {
  await tx.execute(sql`
    with d as (
      delete from estoque_pendencia_venda where grupo_empresarial_id = ${a.grupoEmpresarial} and venda_id = ${vendaId} returning pendencia_id, quantidade
    ), s as (select pendencia_id, sum(quantidade) as q from d group by pendencia_id)
    update estoque_pendencia p set vendas = greatest(p.vendas - 1, 0), quantidade = p.quantidade - s.q, atualizada_em = now()
    from s where p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.id = s.pendencia_id and p.fechada_em is null`);
}

type LinhaPendencia = {
  id: string;
  tipo: TipoPendenciaEstoque;
  produto_id: string;
  codigo: string | null;
  descricao: string | null;
  unidade: string | null;
  primeira_venda_em: Date | string;
  ultima_venda_em: Date | string;
  vendas: number;
  quantidade: string;
  resolvida: boolean;
  ficha_id: string | null;
  produto_empresa_id: string | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();

/** The company's open pendências, each with whether its cause is fixed now (read from the current records). */
async function lerPendencias(tx: Transaction, t: Tenant, id?: string): Promise<PendenciaEstoque[]> {
  const r = await tx.execute<LinhaPendencia>(sql`
    select p.id, p.tipo, p.produto_id, prod.dados->>'codigo' as codigo, prod.dados->>'descricao' as descricao, u.dados->>'sigla' as unidade,
      p.primeira_venda_em, p.ultima_venda_em, p.vendas, p.quantidade::text as quantidade, f.id as ficha_id, pe.id as produto_empresa_id,
      case p.tipo
        when 'semFicha' then coalesce(f.ativa, false) or coalesce(pe.controla, false) or coalesce(prod.dados->>'tipoProduto' = any(${sql.param([...tiposProdutoSemEstoque])}::text[]), false)
        else exists (select 1 from registro l where l.grupo_empresarial_id = p.grupo_empresarial_id and l.recurso = 'estoqueCadastro'
          and l.empresa_id = p.empresa_id and not l.lixo and coalesce((l.dados->>'ativo')::boolean, true))
      end as resolvida
    from estoque_pendencia p
    left join registro prod on prod.grupo_empresarial_id = p.grupo_empresarial_id and prod.id = p.produto_id and p.produto_id <> ''
    left join registro u on u.grupo_empresarial_id = p.grupo_empresarial_id and u.id = prod.dados->>'unidade'
    left join lateral (
      select id, coalesce((dados->>'ativo')::boolean, true) as ativa from registro
      where grupo_empresarial_id = p.grupo_empresarial_id and recurso = 'estoqueFichaTecnica' and not lixo and dados->>'produto' = p.produto_id
      order by 2 desc limit 1
    ) f on p.tipo = 'semFicha'
    left join lateral (
      select id, coalesce((dados->>'controlaEstoque')::boolean, false) as controla from registro
      where grupo_empresarial_id = p.grupo_empresarial_id and recurso = 'produtoGeralEmpresa' and coalesce(empresa_id, '') = p.empresa_id
        and not lixo and dados->>'produtoGeral' = p.produto_id
      limit 1
    ) pe on p.tipo = 'semFicha'
    where p.grupo_empresarial_id = ${t.grupoEmpresarial} and p.empresa_id = ${t.empresa} and p.fechada_em is null and p.vendas > 0
      ${id ? sql`and p.id = ${id}` : sql``}
    order by resolvida, p.ultima_venda_em desc, p.id`);
  return r.rows.map((l) => ({
    _id: l.id,
    tipo: l.tipo,
    produto: l.produto_id,
    codigo: l.codigo,
    descricao: l.descricao,
    unidade: l.unidade,
    primeiraVendaEm: iso(l.primeira_venda_em),
    ultimaVendaEm: iso(l.ultima_venda_em),
    vendas: Number(l.vendas),
    quantidade: l.quantidade,
    resolvida: Boolean(l.resolvida),
    fichaId: l.ficha_id,
    produtoEmpresaId: l.produto_empresa_id,
  }));
}

/** GET /api/estoquePendencias: the open pendências of the session's company, not fixed first. */
export async function listarPendencias(tx: Transaction, t: Tenant): Promise<PendenciasEstoque> {
  const pendencias = await lerPendencias(tx, t);
  return { abertas: pendencias.filter((p) => !p.resolvida).length, pendencias };
}

/** What closing a pendência did: the sales it had and the movements posted for them. */
export interface PendenciaFechada {
  _id: string;
  fechamento: 'reprocessada' | 'descartada';
  vendas: number;
  movimentos: number;
}

const dataBr = (d: Date | string) => new Date(d).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** The pendência locked for closing, or 404; one already closed is a 409 saying when and how. */
async function pendenciaParaFechar(tx: Transaction, a: AutorEstoque, id: string) {
  const r = await tx.execute<{ id: string; fechada_em: Date | string | null; fechamento: string | null }>(sql`
    select id, fechada_em, fechamento from estoque_pendencia
    where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and id = ${id} for update`);
  const p = r.rows[0];
  if (!p) throw new HttpError(404, 'Pendência de estoque não encontrada.');
  if (p.fechada_em) throw new HttpError(409, `Esta pendência já foi ${p.fechamento === 'descartada' ? 'descartada' : 'reprocessada'} em ${dataBr(p.fechada_em)}.`);
  const [atual] = await lerPendencias(tx, a, id);
  if (!atual) throw new HttpError(409, 'Esta pendência não tem mais vendas a lançar (foram canceladas).');
  return atual;
}

async function fechar(tx: Transaction, a: AutorEstoque, id: string, fechamento: 'reprocessada' | 'descartada') {
  await tx.execute(sql`
    update estoque_pendencia set fechada_em = now(), fechamento = ${fechamento}, fechada_por = ${a.usuario}
    where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${id}`);
}

/** The sales of a pendência still standing (cancelled ones are out), each product sold with its quantity. */
export async function vendasDaPendencia(tx: Transaction, a: Tenant, id: string) {
  const r = await tx.execute<{ venda_id: string; produto_id: string; quantidade: string; ocorrido_em: Date | string }>(sql`
    select pv.venda_id, pv.produto_id, pv.quantidade::text as quantidade, pv.ocorrido_em
    from estoque_pendencia_venda pv
    join venda v on v.grupo_empresarial_id = pv.grupo_empresarial_id and v.id = pv.venda_id and not v.cancelada
    where pv.grupo_empresarial_id = ${a.grupoEmpresarial} and pv.pendencia_id = ${id}
    order by pv.ocorrido_em, pv.venda_id, pv.produto_id`);
  await tx.execute(sql`delete from estoque_pendencia_venda where grupo_empresarial_id = ${a.grupoEmpresarial} and pendencia_id = ${id}`);
  return r.rows.map((l) => ({ vendaId: l.venda_id, produto: l.produto_id, quantidade: l.quantidade, ocorridoEm: new Date(l.ocorrido_em) }));
}

/**
 * Posts, once its cause is fixed, what the pendência's sales should have taken out (by the recipes and
 * settings of now, dated at each sale, documented as the sale: a later cancellation puts it back), and
 * closes it, in one transaction. A product still without a way out opens its own pendência.
 */
export async function reprocessarPendencia(
  tx: Transaction,
  a: AutorEstoque,
  id: string,
  baixar: (saidas: { venda: { id: string; fechadoEm: Date }; produto: string; quantidade: bigint }[]) => Promise<number>,
): Promise<PendenciaFechada> {
  const p = await pendenciaParaFechar(tx, a, id);
  if (!p.resolvida) {
    throw new HttpError(409, p.tipo === 'semLocal' ? 'Cadastre ou ative um local de estoque desta empresa antes de lançar o consumo.' : `Crie ou ative a ficha técnica de ${p.descricao ?? 'o produto'}, ou marque que ele controla estoque, antes de lançar o consumo.`);
  }
  await fechar(tx, a, id, 'reprocessada');
  const vendas = await vendasDaPendencia(tx, a, id);
  const movimentos = await baixar(vendas.map((v) => ({ venda: { id: v.vendaId, fechadoEm: v.ocorridoEm }, produto: v.produto, quantidade: qtd(v.quantidade) })));
  return { _id: id, fechamento: 'reprocessada', vendas: new Set(vendas.map((v) => v.vendaId)).size, movimentos };
}

/** Closes the pendência without posting anything (the stock of those sales will come right at the next count). */
export async function descartarPendencia(tx: Transaction, a: AutorEstoque, id: string): Promise<PendenciaFechada> {
  await pendenciaParaFechar(tx, a, id);
  await fechar(tx, a, id, 'descartada');
  const vendas = await vendasDaPendencia(tx, a, id);
  return { _id: id, fechamento: 'descartada', vendas: new Set(vendas.map((v) => v.vendaId)).size, movimentos: 0 };
}
