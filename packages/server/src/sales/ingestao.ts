import { brutoDoItem, conferirVenda, rotuloCampoVenda, totaisDaVenda, vendaSchema, type Venda } from '@retaguarda/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { venda as vendaTable, vendaItem, vendaPagamento, vendaTransferencia } from '../db/schema/index.ts';
import { inserirDeJson } from '../db/insercaoJson.ts';
import { repetirAoPerderConexao } from '../db/conexaoPerdida.ts';
import { executarPreparado } from '../db/preparado.ts';
import { withTenant } from '../db/tenant.ts';
import { newId } from '../ids.ts';
import { camposDoZod, recusarNomeando } from '../resources/validacao.ts';
import type { TerminalAutenticado } from './credencial.ts';
import { gravarEmGrupo } from '../db/gravacaoEmGrupo.ts';
import { referenciasDasVendas, type RegistroAchado } from './referencias.ts';
import { conferirEmitente } from './emitente.ts';
import { aplicarSituacao, vendaDoTerminalParaAlterar, type DocumentoDaVenda } from './documentoFiscal.ts';
import { baixaDasVendas, devolverVenda, type ContextoDaBaixa } from '../stock/baixaVendas.ts';
import type { LinhaCustoLida } from '../stock/razao.ts';
import { mensagensDasVendas } from '../integrations/mensagemAutomatica/notificar.ts';
import { vendasACozinha } from '../kds/vendas.ts';
import { cancelarNoResumo, COLUNAS_PARA_O_RESUMO, somarAoResumo } from './resumoHora.ts';
import { cancelarNoDocumento, somarAosResumos, somarDocumentos } from './resumosVenda.ts';

export interface VendaRecebida {
  _id: string;
  pedidoId: string;
  total: number;
  /** True when this order had already been received: nothing was stored again. */
  duplicado: boolean;
}

/** 400 naming the first field (as 'Item 2, quantidade: …'), every field in campos. */
export function recusarCampos(campos: Record<string, string>): never {
  return recusarNomeando(campos, (campo) => {
    const lote = /^pedidos\.(\d+)\.(.*)$/.exec(campo);
    return lote ? `Pedido ${Number(lote[1]) + 1}, ${rotuloCampoVenda(lote[2]!)}` : rotuloCampoVenda(campo);
  });
}

/** The order parsed and its totals reconciled, or 400 naming the field (prefixed in a batch). */
export function lerVenda(body: unknown, prefixo = ''): Venda {
  const lido = vendaSchema.safeParse(body ?? {});
  if (!lido.success) {
    recusarCampos(camposDoZod(lido.error.issues, 'pedidoId', { prefixo }));
  }
  const regras = conferirVenda(lido.data);
  if (regras.length) recusarCampos(Object.fromEntries(regras.map((r) => [prefixo + r.campo, r.mensagem])));
  return lido.data;
}

function linhaDaVenda({ t, venda, original, id }: Entrada) {
  const totais = totaisDaVenda(venda);
  const doc = venda.documentoFiscal;
  return {
    grupoEmpresarialId: t.grupoEmpresarial,
    id,
    empresaId: t.empresa,
    terminalId: t.terminal,
    pedidoId: venda.pedidoId,
    periodoId: venda.periodo,
    canal: venda.canal,
    mesa: venda.mesa,
    garcomId: venda.garcom,
    operadorId: venda.operador,
    entregadorId: venda.entregador,
    clienteId: venda.cliente,
    abertoEm: new Date(venda.abertoEm),
    fechadoEm: new Date(venda.fechadoEm),
    bruto: totais.bruto,
    descontoItens: totais.descontoItens,
    desconto: venda.desconto,
    descontoMotivoId: venda.descontoMotivo,
    taxaServico: venda.taxaServico,
    taxaEntrega: venda.taxaEntrega,
    total: totais.total,
    troco: totais.troco,
    itensCancelados: totais.itensCancelados,
    valorCancelado: totais.valorCancelado,
    cupom: venda.cupom,
    documentoModelo: doc?.modelo ?? null,
    documentoChave: doc?.chave ?? null,
    documentoNumero: doc?.numero ?? null,
    documentoSerie: doc?.serie ?? null,
    documentoStatus: doc?.status ?? null,
    original: original as Record<string, unknown>,
  };
}

/** An order read and checked, with the terminal that sent it and the body as received. */
export interface Entrada {
  t: TerminalAutenticado;
  venda: Venda;
  original: unknown;
  /**
   * The id the sale is stored under, chosen once per order received: written again after a lost
   * connection, a sale found under this very id is the one the earlier attempt committed, not a resend.
   */
  id: string;
}

/**
 * Writes orders of ONE company (any of its terminals) in the caller's transaction, in three statements
 * (a batch's round trips are most of its time): the records the orders name with what stock needs of
 * their products; the sales with their items, payments, transfers, hourly rollup, pendências and day's
 * products, locking their products' stock; the stock movements (lancar).
 */
export async function gravar(tx: Transaction, entradas: readonly Entrada[]): Promise<VendaRecebida[]> {
  const t = entradas[0]!.t;
  const vendas = entradas.map((e) => e.venda);
  const linhas = entradas.map(linhaDaVenda);
  const baixa = baixaDasVendas(
    { grupoEmpresarial: t.grupoEmpresarial, empresa: t.empresa, usuario: null },
    linhas.map((l, i) => ({ id: l.id, fechadoEm: l.fechadoEm, itens: vendas[i]!.itens })),
  );
  const referencias = referenciasDasVendas(t, vendas);
  const [lido] = await executarPreparado<ContextoDaBaixa & { registros: RegistroAchado[] }>(
    tx,
    sql`with r as (${referencias.consulta}) select coalesce((select json_agg(r) from r), '[]') as registros, ${baixa.colunas}`,
  );
  const { ausentes, codigos, cnpjDaLoja } = referencias.conferir(lido!.registros);
  const erros = { ...ausentes, ...conferirEmitente(cnpjDaLoja, vendas) };
  if (Object.keys(erros).length) recusarCampos(erros);
  const plano = await baixa.planejar(tx, lido!);
  const itens: (typeof vendaItem.$inferInsert)[] = [];
  const pagamentos: (typeof vendaPagamento.$inferInsert)[] = [];
  const transferencias: (typeof vendaTransferencia.$inferInsert)[] = [];
  for (let i = 0; i < vendas.length; i++) {
    const linha = linhas[i]!;
    const venda = vendas[i]!;
    const comum = { grupoEmpresarialId: t.grupoEmpresarial, vendaId: linha.id, empresaId: t.empresa, fechadoEm: linha.fechadoEm };
    venda.itens.forEach((item, seq) =>
      itens.push({
        ...comum,
        seq,
        produtoId: item.produto,
        quantidade: item.quantidade,
        precoUnitario: item.precoUnitario,
        bruto: brutoDoItem(item),
        desconto: item.desconto,
        descontoMotivoId: item.descontoMotivo,
        modificadores: item.modificadores,
        observacao: item.observacao,
        cfop: item.cfop ?? codigos.get(item.produto)?.cfop ?? null,
        cst: item.cst ?? codigos.get(item.produto)?.cst ?? null,
        cancelado: item.cancelado !== null,
        canceladoPor: item.cancelado?.usuario ?? null,
        canceladoMotivo: item.cancelado?.motivo ?? null,
        canceladoEm: item.cancelado ? new Date(item.cancelado.em) : null,
      }),
    );
    venda.pagamentos.forEach((p, seq) =>
      pagamentos.push({
        ...comum,
        seq,
        formaPagamentoId: p.formaPagamento,
        tPag: p.tPag,
        bandeiraId: p.bandeira,
        operadoraId: p.operadora,
        parcelas: p.parcelas,
        valor: p.valor,
        troco: p.troco,
        autorizacao: p.autorizacao,
      }),
    );
    venda.transferencias.forEach((tr, seq) =>
      transferencias.push({ ...comum, seq, itemSeq: tr.item, deMesa: tr.deMesa, paraMesa: tr.paraMesa, usuarioId: tr.usuario, motivo: tr.motivo, em: new Date(tr.em) }),
    );
  }
  // One statement: the sales not received before, and the items, payments and transfers of those only,
  // added to the hourly rollup, their gaps to the pendências and their products to the day's.
  // Shared rows are locked in one order by every writer (a cancellation too): the hourly rollup, the
  // pendências, the day's products, then the products' stock. The select list reads those CTEs left to
  // right, each to its end; unread, PostgreSQL would run them last, in reverse.
  const guardadas = sql`select id from novas`;
  const [gravado] = await executarPreparado<{ ids: string[]; custos: LinhaCustoLida[] }>(tx, sql`with novas as (
      ${inserirDeJson(vendaTable, linhas)} on conflict (grupo_empresarial_id, terminal_id, pedido_id) do nothing returning id, ${COLUNAS_PARA_O_RESUMO}
    ), documentos as (${somarDocumentos(sql`novas`)} returning 1
    ), resumo as (${somarAoResumo(sql`novas`)} returning 1
    ), itens as (${inserirDeJson(vendaItem, itens, sql`x.venda_id in (${guardadas})`)}
    ), pagamentos as (${inserirDeJson(vendaPagamento, pagamentos, sql`x.venda_id in (${guardadas})`)}
    ), transferencias as (${inserirDeJson(vendaTransferencia, transferencias, sql`x.venda_id in (${guardadas})`)}
    ), ${plano.ctes(guardadas)}
    select (select count(*) from documentos) as documentos, (select count(*) from resumo) as resumo, ${plano.leituras}, coalesce((select array_agg(id) from novas), '{}') as ids`);
  const inseridas = new Set(gravado!.ids);
  // Stock leaves with the sale, in its transaction (a resend stored nothing new and moves nothing).
  await plano.lancar(tx, inseridas, gravado!);
  // The fiscal and QR rollups of the new sales' items, after the stock (the writers' common order, resumosVenda.ts).
  if (inseridas.size) await tx.execute(somarAosResumos(sql`v.grupo_empresarial_id = ${t.grupoEmpresarial} and v.id in (${sql.join([...inseridas].map((id) => sql`${id}`), sql`, `)})`, 'somar'));
  // The kitchen display gets the new sales' items in the same transaction (a rollback sends nothing).
  await vendasACozinha(tx, t, linhas.flatMap((l, i) => (inseridas.has(l.id) ? [{ id: l.id, venda: vendas[i]! }] : [])));
  // A customer with a phone gets the group's automatic WhatsApp message, in the same transaction.
  await mensagensDasVendas(tx, t.grupoEmpresarial, t.empresa, linhas.flatMap((l, i) => (inseridas.has(l.id) && l.clienteId ? [{ id: l.id, pedidoId: l.pedidoId, clienteId: l.clienteId, total: l.total, fechadoEm: l.fechadoEm, itens: vendas[i]!.itens }] : [])));
  const repetidas = linhas.filter((l) => !inseridas.has(l.id));
  // Idempotency is per terminal: the same pedidoId from two terminals is two sales.
  const chave = (terminal: string, pedidoId: string) => `${terminal}\u0000${pedidoId}`;
  const existentes = new Map<string, { id: string; total: number }>();
  if (repetidas.length) {
    const achadas = await tx
      .select({ id: vendaTable.id, terminalId: vendaTable.terminalId, pedidoId: vendaTable.pedidoId, total: vendaTable.total })
      .from(vendaTable)
      .where(
        and(
          eq(vendaTable.grupoEmpresarialId, t.grupoEmpresarial),
          inArray(vendaTable.terminalId, [...new Set(repetidas.map((r) => r.terminalId))]),
          inArray(vendaTable.pedidoId, repetidas.map((r) => r.pedidoId)),
        ),
      );
    for (const a of achadas) existentes.set(chave(a.terminalId, a.pedidoId), a);
  }
  return linhas.map((l) => {
    if (inseridas.has(l.id)) return { _id: l.id, pedidoId: l.pedidoId, total: l.total, duplicado: false };
    const e = existentes.get(chave(l.terminalId, l.pedidoId))!;
    // Under this order's own id: stored by an attempt whose answer the lost connection swallowed.
    return { _id: e.id, pedidoId: l.pedidoId, total: e.total, duplicado: e.id !== l.id };
  });
}

/**
 * Stores closed orders once each (idempotent by terminal + pedidoId) in one transaction: every
 * sale with its items and payments, or nothing. An order received before answers the stored sale.
 * The API sends one order at a time; the demonstration generator sends batches.
 */
export async function registrarVendas(db: Database, t: TerminalAutenticado, bodies: readonly unknown[]): Promise<VendaRecebida[]> {
  const vendas = bodies.map((b, i) => lerVenda(b, bodies.length === 1 ? '' : `pedidos.${i}.`));
  return gravarEntradas(db, vendas.map((venda, i) => ({ t, venda, original: bodies[i], id: newId() })));
}

/**
 * Orders of one company, all or none, in one transaction. Written again while the database connection
 * is lost (restart, failover), for ESPERA_PELO_BANCO_MS: storing is idempotent, so a terminal's order
 * arriving during a restart is stored once it is back, and an order whose COMMIT lost its answer is
 * found stored, not reported as failed.
 */
export function gravarEntradas(db: Database, entradas: readonly Entrada[]): Promise<VendaRecebida[]> {
  return gravarLote(db, entradas[0]!, () => entradas);
}

/** As gravarEntradas, with the batch taken once the transaction is open (group commit, gravacaoEmGrupo.ts). */
function gravarLote(db: Database, { t }: Entrada, tomar: () => readonly Entrada[]): Promise<VendaRecebida[]> {
  return repetirAoPerderConexao(() => withTenant(db, { grupoEmpresarial: t.grupoEmpresarial, empresa: t.empresa }, (tx) => gravar(tx, tomar())));
}

/** One order from a terminal: checked here, written with the company's other orders arriving meanwhile. */
export async function registrarVenda(db: Database, t: TerminalAutenticado, body: unknown): Promise<VendaRecebida> {
  return gravarEmGrupo(db, `${t.grupoEmpresarial}:${t.empresa}`, { t, venda: lerVenda(body), original: body, id: newId() }, (primeira, tomar) => gravarLote(db, primeira, tomar));
}

export interface CancelamentoVenda {
  usuario: string;
  motivo: string;
  em: string;
  /** nProt of the cancellation event (110111) of the sale's authorized NFC-e/NF-e. */
  protocoloCancelamento?: string | null;
}

const AVISO_SEM_PROTOCOLO = 'A venda foi cancelada, mas o documento fiscal continua autorizado até a SEFAZ registrar o evento de cancelamento: informe o protocoloCancelamento.';

/** The document of a sale being cancelled: cancelled with the event's protocol, else as it was. */
async function cancelarDocumento(tx: Transaction, t: TerminalAutenticado, doc: DocumentoDaVenda, c: CancelamentoVenda) {
  if (c.protocoloCancelamento) {
    await aplicarSituacao(tx, t, doc, { status: 'cancelada', protocolo: c.protocoloCancelamento, em: c.em, codigo: null, motivo: null }, 'cancelamento');
    return { documentoFiscal: { status: 'cancelada' as const, protocolo: c.protocoloCancelamento } };
  }
  if (!doc.status) return { documentoFiscal: null };
  return { documentoFiscal: { status: doc.status, protocolo: null }, ...(doc.status === 'autorizada' ? { aviso: AVISO_SEM_PROTOCOLO } : {}) };
}

/**
 * Cancels a whole sale of the terminal's company, keeping the original (items, payments, totals)
 * and saying who, when and why; with the cancellation event's protocol its authorized document
 * becomes cancelled too (DOMAIN.md: a cancellation is SEFAZ's event 110111, proven by its nProt).
 * Cancelling again answers the first cancellation, and may bring the protocol that was missing.
 */
export async function cancelarVenda(db: Database, t: TerminalAutenticado, pedidoId: string, c: CancelamentoVenda) {
  return withTenant(db, { grupoEmpresarial: t.grupoEmpresarial, empresa: t.empresa }, (tx) => cancelarVendaNaTransacao(tx, t, pedidoId, c));
}

/** As cancelarVenda, in the caller's tenant transaction (a marketplace's cancellation event with its order's state). */
export async function cancelarVendaNaTransacao(tx: Transaction, t: TerminalAutenticado, pedidoId: string, c: CancelamentoVenda) {
  const atual = await vendaDoTerminalParaAlterar(tx, t, pedidoId);
  const documento = await cancelarDocumento(tx, t, atual, c);
  if (atual.cancelada) return { _id: atual.id, pedidoId, cancelada: true, jaCancelada: true, canceladaEm: atual.canceladaEm!.toISOString(), ...documento };
  const em = new Date(c.em);
  await tx.execute(cancelarNoDocumento(t.grupoEmpresarial, atual.id));
  await tx
    .update(vendaTable)
    .set({ cancelada: true, canceladaEm: em, canceladaPor: c.usuario, motivoCancelamento: c.motivo, version: sql`${vendaTable.version} + 1` })
    .where(and(eq(vendaTable.grupoEmpresarialId, t.grupoEmpresarial), eq(vendaTable.id, atual.id)));
  await tx.execute(cancelarNoResumo(t.grupoEmpresarial, atual.id));
  await devolverVenda(tx, { grupoEmpresarial: t.grupoEmpresarial, empresa: t.empresa, usuario: c.usuario }, atual.id);
  await tx.execute(somarAosResumos(sql`v.grupo_empresarial_id = ${t.grupoEmpresarial} and v.id = ${atual.id}`, 'cancelar'));
  return { _id: atual.id, pedidoId, cancelada: true, jaCancelada: false, canceladaEm: em.toISOString(), ...documento };
}
