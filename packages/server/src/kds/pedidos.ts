import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { kdsItem, kdsPedido } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import { anunciar } from './eventos.ts';

/** An item as the kitchen gets it (from a sale or an order still open). */
export interface ItemCozinha {
  produto: string;
  quantidade: string;
  modificadores: { descricao: string; quantidade: string }[];
  observacao: string | null;
}

export interface PedidoCozinha {
  /** The terminal (or channel) that sent it: with pedidoId, the order's identity (sent open, then closed: once). */
  origem: string;
  pedidoId: string;
  vendaId: string | null;
  mesa: string | null;
  cliente: string | null;
  /** When it reached the kitchen: a sale's closing (the terminal sends it then); now when omitted. */
  chegouEm?: Date;
  itens: ItemCozinha[];
}

export interface ItemDoQuadro {
  _id: string;
  seq: number;
  produto: string;
  descricao: string;
  quantidade: string;
  modificadores: unknown[];
  observacao: string | null;
  setor: string | null;
  estado: 'novo' | 'em_preparo' | 'pronto';
  chegouEm: string;
  prontoEm: string | null;
}

export interface PedidoDoQuadro {
  _id: string;
  pedidoId: string;
  mesa: string | null;
  cliente: string | null;
  chegouEm: string;
  itens: ItemDoQuadro[];
}

/** Each product's description and the preparation sector of its group in the company (kdsSetorCadastroGrupo). */
async function rotas(tx: Transaction, grupo: string, empresa: string, produtos: string[]) {
  const linhas = await tx.execute<{ id: string; descricao: string; setor: string | null }>(sql`
    select p.id, p.dados->>'descricao' as descricao, s.dados->>'setor' as setor
      from registro p
      left join registro s on s.grupo_empresarial_id = p.grupo_empresarial_id and s.recurso = 'kdsSetorCadastroGrupo'
       and s.empresa_id = ${empresa} and not s.lixo and s.dados->>'agrupador' = p.dados->>'agrupador'
     where p.grupo_empresarial_id = ${grupo} and p.recurso = 'produtoGeral' and p.id in (${sql.join(produtos.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(linhas.rows.map((r) => [r.id, r]));
}

/**
 * Sends orders to the kitchen in the caller's transaction: each item to the sector of its product's group
 * and so to the stations showing it, with one 'pedido' event per order. An order none of whose items has a
 * sector does not go (the store has no kitchen display for it); one already sent (same origin and
 * pedidoId: sent open, then closed) is not sent again. Returns the orders sent.
 */
export async function enviarACozinha(tx: Transaction, grupo: string, empresa: string, pedidos: readonly PedidoCozinha[]): Promise<PedidoDoQuadro[]> {
  const produtos = [...new Set(pedidos.flatMap((p) => p.itens.map((i) => i.produto)))];
  if (!produtos.length) return [];
  const rota = await rotas(tx, grupo, empresa, produtos);
  const enviados: PedidoDoQuadro[] = [];
  for (const p of pedidos) {
    if (!p.itens.some((i) => rota.get(i.produto)?.setor)) continue;
    const id = newId();
    const [novo] = await tx
      .insert(kdsPedido)
      .values({ grupoEmpresarialId: grupo, id, empresaId: empresa, origem: p.origem, pedidoId: p.pedidoId, vendaId: p.vendaId, mesa: p.mesa, cliente: p.cliente, ...(p.chegouEm ? { chegouEm: p.chegouEm } : {}) })
      .onConflictDoNothing()
      .returning({ chegouEm: kdsPedido.chegouEm });
    if (!novo) continue;
    const itens = p.itens.map((i, seq) => ({
      grupoEmpresarialId: grupo,
      id: newId(),
      empresaId: empresa,
      kdsPedidoId: id,
      seq,
      produtoId: i.produto,
      descricao: rota.get(i.produto)?.descricao ?? i.produto,
      quantidade: i.quantidade,
      modificadores: i.modificadores,
      observacao: i.observacao,
      setorId: rota.get(i.produto)?.setor ?? null,
      chegouEm: novo.chegouEm,
    }));
    const gravados = await tx.insert(kdsItem).values(itens).returning();
    const pedido: PedidoDoQuadro = { _id: id, pedidoId: p.pedidoId, mesa: p.mesa, cliente: p.cliente, chegouEm: novo.chegouEm.toISOString(), itens: gravados.sort((a, b) => a.seq - b.seq).map(itemDoQuadro) };
    await anunciar(tx, { grupoEmpresarial: grupo, empresa, tipo: 'pedido', pedido: id, setores: setoresDe(pedido.itens), dados: { pedido } });
    enviados.push(pedido);
  }
  return enviados;
}

const setoresDe = (itens: { setor: string | null }[]) => [...new Set(itens.flatMap((i) => (i.setor ? [i.setor] : [])))];

/** The kitchen's orders of the last hours that still have an item of `setores` to make, with all their items. */
export async function pedidosAbertos(tx: Transaction, grupo: string, empresa: string, setores: string[]): Promise<PedidoDoQuadro[]> {
  if (!setores.length) return [];
  const abertos = tx
    .selectDistinct({ id: kdsItem.kdsPedidoId })
    .from(kdsItem)
    .where(
      and(
        eq(kdsItem.grupoEmpresarialId, grupo),
        eq(kdsItem.empresaId, empresa),
        inArray(kdsItem.estado, ['novo', 'em_preparo']),
        inArray(kdsItem.setorId, setores),
        sql`${kdsItem.chegouEm} > now() - interval '12 hours'`,
      ),
    );
  const linhas = await tx
    .select({ p: kdsPedido, i: kdsItem })
    .from(kdsPedido)
    .innerJoin(kdsItem, and(eq(kdsItem.grupoEmpresarialId, kdsPedido.grupoEmpresarialId), eq(kdsItem.kdsPedidoId, kdsPedido.id)))
    .where(and(eq(kdsPedido.grupoEmpresarialId, grupo), inArray(kdsPedido.id, abertos)))
    .orderBy(kdsPedido.chegouEm, kdsPedido.id, kdsItem.seq);
  const porId = new Map<string, PedidoDoQuadro>();
  for (const { p, i } of linhas) {
    let pedido = porId.get(p.id);
    if (!pedido) porId.set(p.id, (pedido = { _id: p.id, pedidoId: p.pedidoId, mesa: p.mesa, cliente: p.cliente, chegouEm: p.chegouEm.toISOString(), itens: [] }));
    pedido.itens.push(itemDoQuadro(i));
  }
  return [...porId.values()];
}

const itemDoQuadro = (i: typeof kdsItem.$inferSelect): ItemDoQuadro => ({
  _id: i.id,
  seq: i.seq,
  produto: i.produtoId,
  descricao: i.descricao,
  quantidade: i.quantidade,
  modificadores: i.modificadores,
  observacao: i.observacao,
  setor: i.setorId,
  estado: i.estado,
  chegouEm: i.chegouEm.toISOString(),
  prontoEm: i.prontoEm?.toISOString() ?? null,
});
