import { converterQuantidade, paraEscalado, qtd, textoCusto, textoQtd, type ItemNota, type LinhaPedidoAberta, type PedidoDoItem, type VinculoPedido } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import type { LinhaPedidoGravada, LinhaRecebimentoGravada } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { receberNaLinha, receberPedidoDaNota } from '../../stock/pedidoCompra.ts';
import type { AutorEstoque } from '../../stock/razao.ts';
import { custoUnitario } from './precoCompra.ts';

/**
 * A supplier's NF-e receiving purchase orders (estoquePedidoCompra). Each matched item is linked to an open
 * order line of the same supplier and product: the one its xPed/nItemPed names, else the oldest open line
 * of that product; the user may choose another or none (pedido_linha −1 with no order: "none, by choice",
 * which the automatic link leaves alone). The note's posting moves the stock (the landed cost is the
 * note's); the orders get a receipt each with the quantities in their unit, so nothing is posted twice.
 */

type Aberta = LinhaPedidoAberta & { fator: string; criadoEm: string };
type ItemVinculavel = { numero: number; produto_id: string | null; fator: string | null; quantidade: string; dados: ItemNota; pedido_id: string | null; pedido_linha: number | null };
const NENHUM_POR_ESCOLHA = -1;

async function cabecalho(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, id: string, travar = false) {
  const [e] = (
    await tx.execute<{ situacao: string; fornecedor_id: string; numero: number }>(sql`
      select situacao, fornecedor_id, numero::int as numero from entrada_nota_fiscal where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and id = ${id} ${travar ? sql`for update` : sql``}`)
  ).rows;
  if (!e) throw new HttpError(404, 'Entrada de nota fiscal não encontrada nesta empresa.');
  return e;
}

/** The supplier's open orders' lines in the company (sent or received in part), oldest order first. */
async function linhasAbertasDoFornecedor(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, fornecedor: string): Promise<Aberta[]> {
  const r = await tx.execute<{ pedido: string; numero: number; itens: LinhaPedidoGravada[]; criado_em: string }>(sql`
    select id as pedido, numero::int as numero, itens, created_at as criado_em from estoque_pedido_compra
    where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and fornecedor_id = ${fornecedor} and status in ('enviado', 'recebidoParcialmente')
    order by created_at, numero`);
  return r.rows.flatMap((p) =>
    p.itens.map((l, linha) => ({ pedido: p.pedido, numero: p.numero, linha, produto: l.produto, unidade: l.unidade, quantidade: l.quantidade, quantidadeRecebida: l.quantidadeRecebida, precoUnitario: l.precoUnitario, fator: l.fator, criadoEm: String(p.criado_em) })),
  );
}

const itensDaEntrada = async (tx: Transaction, grupo: string, id: string) =>
  (
    await tx.execute<ItemVinculavel>(sql`
      select numero, produto_id, fator::text as fator, quantidade::text as quantidade, dados, pedido_id, pedido_linha from entrada_nota_fiscal_item
      where grupo_empresarial_id = ${grupo} and entrada_id = ${id} order by numero`)
  ).rows;

/** The line the note names (xPed = the order's number, nItemPed = the line, 1-based) or the oldest open one of the product. */
function escolherLinha(item: ItemVinculavel, abertas: readonly Aberta[]): Aberta | undefined {
  const doProduto = abertas.filter((l) => l.produto === item.produto_id);
  const numero = item.dados.xPed ? Number(item.dados.xPed.replace(/\D/g, '')) : NaN;
  if (Number.isSafeInteger(numero) && numero > 0) {
    const doPedido = doProduto.filter((l) => l.numero === numero);
    const nItem = Number(item.dados.nItemPed ?? NaN);
    const citada = doPedido.find((l) => l.linha === nItem - 1);
    if (citada ?? doPedido[0]) return citada ?? doPedido[0];
  }
  return doProduto.find((l) => qtd(l.quantidadeRecebida) < qtd(l.quantidade));
}

/** Links each matched, not yet linked item of a pending entry to an open order line (see above). */
export async function vincularPedidos(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, id: string): Promise<void> {
  const e = await cabecalho(tx, a, id);
  if (e.situacao !== 'pendente') return;
  const itens = (await itensDaEntrada(tx, a.grupoEmpresarial, id)).filter((i) => i.produto_id && i.pedido_id === null && i.pedido_linha !== NENHUM_POR_ESCOLHA);
  if (!itens.length) return;
  const abertas = await linhasAbertasDoFornecedor(tx, a, e.fornecedor_id);
  for (const i of itens) {
    const l = escolherLinha(i, abertas);
    if (l) await tx.execute(sql`update entrada_nota_fiscal_item set pedido_id = ${l.pedido}, pedido_linha = ${l.linha} where grupo_empresarial_id = ${a.grupoEmpresarial} and entrada_id = ${id} and numero = ${i.numero}`);
  }
}

/** The user's choice for one item of a pending entry: an open order line of the supplier with the item's product, or none. */
export async function vincularItem(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, id: string, numero: number, v: VinculoPedido): Promise<void> {
  const e = await cabecalho(tx, a, id, true);
  if (e.situacao !== 'pendente') throw new HttpError(409, 'Só os itens de uma entrada pendente mudam de pedido.');
  const item = (await itensDaEntrada(tx, a.grupoEmpresarial, id)).find((i) => i.numero === numero);
  if (!item) throw new HttpError(404, `A nota não tem o item ${numero}.`);
  if (v.pedido === null) {
    await tx.execute(sql`update entrada_nota_fiscal_item set pedido_id = null, pedido_linha = ${NENHUM_POR_ESCOLHA} where grupo_empresarial_id = ${a.grupoEmpresarial} and entrada_id = ${id} and numero = ${numero}`);
    return;
  }
  if (!item.produto_id) throw new HttpError(409, `Escolha o produto do item ${numero} antes do pedido.`);
  const abertas = (await linhasAbertasDoFornecedor(tx, a, e.fornecedor_id)).filter((l) => l.pedido === v.pedido);
  if (!abertas.length) throw new HttpError(400, 'Pedido de compra: não é um pedido em aberto deste fornecedor nesta empresa.', {}, { pedido: 'Pedido em aberto do fornecedor não encontrado.' });
  const linha = v.linha === null || v.linha === undefined ? abertas.find((l) => l.produto === item.produto_id) : abertas.find((l) => l.linha === v.linha);
  if (!linha) throw new HttpError(400, 'Linha do pedido: o pedido não tem esta linha.', {}, { linha: 'Linha não encontrada.' });
  if (linha.produto !== item.produto_id) throw new HttpError(400, `Linha do pedido: a linha ${linha.linha + 1} do pedido nº ${linha.numero} é de outro produto.`, {}, { linha: 'A linha é de outro produto.' });
  await tx.execute(sql`update entrada_nota_fiscal_item set pedido_id = ${linha.pedido}, pedido_linha = ${linha.linha} where grupo_empresarial_id = ${a.grupoEmpresarial} and entrada_id = ${id} and numero = ${numero}`);
}

/** The open order lines of the entry's supplier (the choices of the entry screen). */
export async function linhasAbertas(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, id: string): Promise<LinhaPedidoAberta[]> {
  const e = await cabecalho(tx, a, id);
  return (await linhasAbertasDoFornecedor(tx, a, e.fornecedor_id)).map(({ fator: _f, criadoEm: _c, ...l }) => l);
}

/** One item in the order's unit: its stock quantity ÷ the line's factor (4 places, half up), and the product's value less discount per that unit. */
function naUnidadeDoPedido(item: ItemVinculavel, fatorLinha: string) {
  const estoque = converterQuantidade(item.quantidade, item.fator!);
  const fator = paraEscalado(fatorLinha, 6);
  // estoque (×10⁴) × 10⁶ ÷ fator (×10⁶), half up.
  const quantidade = (2n * estoque * 10n ** 6n + fator) / (2n * fator);
  const valorProduto = item.dados.valorProduto - item.dados.desconto;
  return { estoque, quantidade, precoUnitario: quantidade > 0n ? custoUnitario(valorProduto, quantidade) : 0n };
}

/** Each linked item's order line with what differs: live for a pending entry, as kept by its receipt once posted. */
export async function pedidosDosItens(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, id: string): Promise<Map<number, PedidoDoItem>> {
  const itens = (await itensDaEntrada(tx, a.grupoEmpresarial, id)).filter((i) => i.pedido_id && i.pedido_linha !== null && i.pedido_linha >= 0);
  if (!itens.length) return new Map();
  const pedidos = new Map(
    (
      await tx.execute<{ id: string; numero: number; itens: LinhaPedidoGravada[] }>(sql`
        select id, numero::int as numero, itens from estoque_pedido_compra where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and id = any(${sql.param([...new Set(itens.map((i) => i.pedido_id!))])}::text[])`)
    ).rows.map((p) => [p.id, p]),
  );
  const recebidos = (
    await tx.execute<{ itens: LinhaRecebimentoGravada[] }>(sql`select itens from estoque_pedido_compra_recebimento where grupo_empresarial_id = ${a.grupoEmpresarial} and entrada_id = ${id}`)
  ).rows.flatMap((r) => r.itens);
  const resultado = new Map<number, PedidoDoItem>();
  for (const i of itens) {
    const p = pedidos.get(i.pedido_id!);
    const linha = p?.itens[i.pedido_linha!];
    if (!p || !linha || !i.fator) continue;
    const n = naUnidadeDoPedido(i, linha.fator);
    const kept = recebidos.find((r) => r.itemNota === i.numero);
    resultado.set(i.numero, {
      _id: p.id,
      numero: p.numero,
      linha: i.pedido_linha!,
      unidade: linha.unidade,
      fator: linha.fator,
      quantidadePedida: linha.quantidade,
      quantidadeRecebida: linha.quantidadeRecebida,
      precoPedido: linha.precoUnitario,
      quantidadeNota: textoQtd(n.quantidade),
      precoNota: textoCusto(n.precoUnitario),
      divergencias: kept ? kept.divergencias : receberNaLinha({ ...linha }, textoQtd(n.quantidade), textoCusto(n.precoUnitario)),
    });
  }
  return resultado;
}

/** At the posting (in its transaction): one receipt per linked order with the items in the order's unit; no stock moves here. */
export async function receberPedidosDaNota(tx: Transaction, a: AutorEstoque, id: string, local: string, ocorridoEm: Date): Promise<void> {
  const e = await cabecalho(tx, a, id);
  const itens = (await itensDaEntrada(tx, a.grupoEmpresarial, id)).filter((i) => i.pedido_id && i.pedido_linha !== null && i.pedido_linha >= 0 && i.produto_id && i.fator);
  const porPedido = new Map<string, ItemVinculavel[]>();
  for (const i of itens) porPedido.set(i.pedido_id!, [...(porPedido.get(i.pedido_id!) ?? []), i]);
  for (const [pedido, doPedido] of porPedido) {
    const [p] = (await tx.execute<{ itens: LinhaPedidoGravada[] }>(sql`select itens from estoque_pedido_compra where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${pedido}`)).rows;
    if (!p) continue;
    await receberPedidoDaNota(tx, a, pedido, {
      entradaId: id,
      notaNumero: e.numero,
      local,
      ocorridoEm,
      itens: doPedido.flatMap((i) => {
        const linha = p.itens[i.pedido_linha!];
        if (!linha || linha.produto !== i.produto_id) return [];
        const n = naUnidadeDoPedido(i, linha.fator);
        if (n.quantidade <= 0n) return [];
        return [{ linha: i.pedido_linha!, quantidade: textoQtd(n.quantidade), precoUnitario: textoCusto(n.precoUnitario), quantidadeEstoque: textoQtd(n.estoque), valor: i.dados.valorProduto - i.dados.desconto, itemNota: i.numero }];
      }),
    });
  }
}

/** Whether the entry received orders (its reversal would leave their received quantities behind). */
export async function pedidosRecebidosPelaNota(tx: Transaction, grupo: string, id: string): Promise<number[]> {
  const r = await tx.execute<{ numero: number }>(sql`
    select p.numero::int as numero from estoque_pedido_compra_recebimento r join estoque_pedido_compra p on p.grupo_empresarial_id = r.grupo_empresarial_id and p.id = r.pedido_id
    where r.grupo_empresarial_id = ${grupo} and r.entrada_id = ${id} order by p.numero`);
  return r.rows.map((l) => l.numero);
}
