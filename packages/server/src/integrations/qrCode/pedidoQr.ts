import { PedidoQrRecusado, precificarPedidoQr, type PedidoQr } from '@retaguarda/domain';
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { qrChamada, qrMesa, qrPedido } from '../../db/schema/index.ts';
import { enviarACozinha } from '../../kds/pedidos.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { cardapioDaMesa } from './cardapioDaMesa.ts';
import type { Loja, MesaPublica } from './mesas.ts';
import { mensagemDoPedidoQr } from '../mensagemAutomatica/notificar.ts';

/**
 * The kitchen knows a QR order by its table (kds_pedido's origin) and the table's order count: 'Pedido 7-3'
 * on the board is table 7's third order, short enough to call out at the pass.
 */
const origemDaMesa = (mesa: string) => `QR Code ${mesa}`;

export interface PedidoQrGravado {
  _id: string;
  mesa: number;
  itens: (typeof qrPedido.$inferSelect)['itens'];
  subtotal: number;
  taxaServico: number;
  total: number;
  naCozinha: boolean;
  /** The customer signed in with a one-time code when it was sent, else null. */
  cliente: { _id: string; nome: string } | null;
  criadoEm: string;
}

const gravado = (p: typeof qrPedido.$inferSelect, numero: number, nomeCliente: string | null = null): PedidoQrGravado => ({
  _id: p.id,
  mesa: numero,
  itens: p.itens,
  subtotal: p.subtotal,
  taxaServico: p.taxaServico,
  total: p.total,
  naCozinha: p.kdsPedidoId !== null,
  cliente: p.pessoaId ? { _id: p.pessoaId, nome: nomeCliente ?? '' } : null,
  criadoEm: p.createdAt.toISOString(),
});

/**
 * Records an order from a table, priced by the server from the menu as it is now (never by the page), and
 * sends it to the kitchen as an open order in the same transaction. The page's id makes it once: a resend
 * answers the order first recorded (duplicado). `em` backdates it (the demonstration's orders of the last minutes).
 * `cliente` is the customer signed in on the page (the order carries the pessoa; the kitchen card, the name).
 */
export async function registrarPedidoQr(tx: Transaction, m: MesaPublica, pedido: PedidoQr, em?: Date, cliente?: { pessoa: string; nome: string } | null): Promise<{ pedido: PedidoQrGravado; duplicado: boolean }> {
  const anterior = await tx.select().from(qrPedido).where(and(eq(qrPedido.grupoEmpresarialId, m.grupoEmpresarial), eq(qrPedido.mesaId, m.mesa), eq(qrPedido.clienteId, pedido.id)));
  if (anterior[0]) return { pedido: gravado(anterior[0], m.numero), duplicado: true };
  // One order of a table at a time: its count below is then the next number (two guests sending at once wait).
  await tx.select({ id: qrMesa.id }).from(qrMesa).where(and(eq(qrMesa.grupoEmpresarialId, m.grupoEmpresarial), eq(qrMesa.id, m.mesa))).for('update');
  const cardapio = await cardapioDaMesa(tx, m);
  if (!cardapio.aceitaPedidos) throw new HttpError(409, 'Esta mesa não está recebendo pedidos pelo QR Code agora. Chame o garçom.');
  let precificado;
  try {
    precificado = precificarPedidoQr(cardapio.secoes, pedido, cardapio.taxaServico);
  } catch (e) {
    if (e instanceof PedidoQrRecusado) throw new HttpError(400, e.message);
    throw e;
  }
  const [novo] = await tx
    .insert(qrPedido)
    .values({
      grupoEmpresarialId: m.grupoEmpresarial,
      empresaId: m.empresa,
      mesaId: m.mesa,
      clienteId: pedido.id,
      itens: precificado.itens,
      subtotal: precificado.subtotal,
      taxaServicoPercentual: cardapio.taxaServico,
      taxaServico: precificado.taxaServico,
      total: precificado.total,
      pessoaId: cliente?.pessoa ?? null,
      ...(em ? { createdAt: em } : {}),
    })
    .onConflictDoNothing()
    .returning();
  if (!novo) {
    // The same id sent twice at once: the other request recorded it.
    const [outro] = await tx.select().from(qrPedido).where(and(eq(qrPedido.grupoEmpresarialId, m.grupoEmpresarial), eq(qrPedido.mesaId, m.mesa), eq(qrPedido.clienteId, pedido.id)));
    return { pedido: gravado(outro!, m.numero), duplicado: true };
  }
  const [{ n }] = (await tx.select({ n: count() }).from(qrPedido).where(and(eq(qrPedido.grupoEmpresarialId, m.grupoEmpresarial), eq(qrPedido.mesaId, m.mesa)))) as [{ n: number }];
  const [naCozinha] = await enviarACozinha(tx, m.grupoEmpresarial, m.empresa, [
    {
      origem: origemDaMesa(m.mesa),
      pedidoId: `${m.numero}-${n}`,
      vendaId: null,
      mesa: String(m.numero),
      cliente: cliente?.nome.slice(0, 60) ?? null,
      ...(em ? { chegouEm: em } : {}),
      itens: precificado.itens.map((i) => ({
        produto: i.produto,
        quantidade: String(i.quantidade),
        modificadores: i.complementos.map((c) => ({ descricao: c.descricao, quantidade: '1' })),
        observacao: i.observacao,
      })),
    },
  ]);
  if (naCozinha) await tx.update(qrPedido).set({ kdsPedidoId: naCozinha._id }).where(and(eq(qrPedido.grupoEmpresarialId, m.grupoEmpresarial), eq(qrPedido.id, novo.id)));
  // The signed-in customer hears from the robot that the order arrived (the group's 'Recebido' message, if any).
  if (cliente) await mensagemDoPedidoQr(tx, { grupoEmpresarial: m.grupoEmpresarial, empresa: m.empresa, id: novo.id, pedido: `${m.numero}-${n}`, pessoa: cliente.pessoa, total: precificado.total, itens: precificado.itens, em: novo.createdAt });
  return { pedido: gravado({ ...novo, kdsPedidoId: naCozinha?._id ?? null }, m.numero, cliente?.nome ?? null), duplicado: false };
}

/** A waiter call from the table; while one is unanswered, calling again answers that one. */
export async function chamarGarcom(tx: Transaction, m: MesaPublica, em?: Date): Promise<{ _id: string; criadoEm: string; repetida: boolean }> {
  const [aberta] = await tx
    .select()
    .from(qrChamada)
    .where(and(eq(qrChamada.grupoEmpresarialId, m.grupoEmpresarial), eq(qrChamada.mesaId, m.mesa), isNull(qrChamada.atendidaEm)));
  if (aberta) return { _id: aberta.id, criadoEm: aberta.createdAt.toISOString(), repetida: true };
  const [nova] = await tx.insert(qrChamada).values({ grupoEmpresarialId: m.grupoEmpresarial, empresaId: m.empresa, mesaId: m.mesa, ...(em ? { createdAt: em } : {}) }).returning();
  return { _id: nova!.id, criadoEm: nova!.createdAt.toISOString(), repetida: false };
}

/** The qrCode screen's live list: the last 12 hours' orders (newest first) and calls (open first). */
export async function atividadeRecente(tx: Transaction, l: Loja) {
  const desde = sql`now() - interval '12 hours'`;
  const pedidos = await tx
    .select({ p: qrPedido, numero: qrMesa.numero, nome: qrMesa.nome, cliente: sql<string | null>`(select r.dados->>'nome' from registro r where r.grupo_empresarial_id = ${qrPedido.grupoEmpresarialId} and r.id = ${qrPedido.pessoaId})` })
    .from(qrPedido)
    .innerJoin(qrMesa, and(eq(qrMesa.grupoEmpresarialId, qrPedido.grupoEmpresarialId), eq(qrMesa.id, qrPedido.mesaId)))
    .where(and(eq(qrPedido.grupoEmpresarialId, l.grupoEmpresarial), eq(qrPedido.empresaId, l.empresa), gte(qrPedido.createdAt, desde)))
    .orderBy(desc(qrPedido.createdAt))
    .limit(50);
  const chamadas = await tx
    .select({ c: qrChamada, numero: qrMesa.numero, nome: qrMesa.nome })
    .from(qrChamada)
    .innerJoin(qrMesa, and(eq(qrMesa.grupoEmpresarialId, qrChamada.grupoEmpresarialId), eq(qrMesa.id, qrChamada.mesaId)))
    .where(and(eq(qrChamada.grupoEmpresarialId, l.grupoEmpresarial), eq(qrChamada.empresaId, l.empresa), gte(qrChamada.createdAt, desde)))
    .orderBy(sql`${qrChamada.atendidaEm} is not null`, desc(qrChamada.createdAt))
    .limit(50);
  return {
    pedidos: pedidos.map(({ p, numero, nome, cliente }) => ({ ...gravado(p, numero, cliente), nomeMesa: nome })),
    chamadas: chamadas.map(({ c, numero, nome }) => ({ _id: c.id, mesa: numero, nomeMesa: nome, criadoEm: c.createdAt.toISOString(), atendidaEm: c.atendidaEm?.toISOString() ?? null })),
  };
}

export async function atenderChamada(tx: Transaction, l: Loja, id: string, usuario: string): Promise<void> {
  const [c] = await tx
    .update(qrChamada)
    .set({ atendidaEm: new Date(), atendidaPor: usuario })
    .where(and(eq(qrChamada.grupoEmpresarialId, l.grupoEmpresarial), eq(qrChamada.empresaId, l.empresa), eq(qrChamada.id, id), isNull(qrChamada.atendidaEm)))
    .returning({ id: qrChamada.id });
  if (!c) throw new HttpError(409, 'Esta chamada já foi atendida ou não existe.');
}

/**
 * A table's QR orders since `desde`, oldest first, for the POS that closes its bill (the guests' lines as the
 * server priced them, with the total to charge). The table by its number among the company's live tables.
 */
export async function pedidosDaMesa(tx: Transaction, l: Loja, numero: number, desde: Date) {
  const [mesa] = await tx
    .select({ id: qrMesa.id, nome: qrMesa.nome })
    .from(qrMesa)
    .where(and(eq(qrMesa.grupoEmpresarialId, l.grupoEmpresarial), eq(qrMesa.empresaId, l.empresa), eq(qrMesa.numero, numero), eq(qrMesa.lixo, false)));
  if (!mesa) throw new HttpError(404, `Mesa ${numero} não encontrada no QR Code desta loja.`);
  const linhas = await tx
    .select()
    .from(qrPedido)
    .where(and(eq(qrPedido.grupoEmpresarialId, l.grupoEmpresarial), eq(qrPedido.mesaId, mesa.id), gte(qrPedido.createdAt, desde)))
    .orderBy(qrPedido.createdAt);
  const pedidos = linhas.map((p) => gravado(p, numero));
  return { mesa: numero, nome: mesa.nome, pedidos, total: pedidos.reduce((s, p) => s + p.total, 0) };
}
