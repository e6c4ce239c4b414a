import {
  converterCusto,
  converterQuantidade,
  custo,
  qtd,
  reais,
  textoCusto,
  textoQtd,
  valorEmCentavos,
  type EdicaoPedidoCompra,
  type NovoPedidoCompra,
  type RecebimentoPedido,
  type StatusPedidoCompra,
} from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { estoquePedidoCompra, estoquePedidoCompraRecebimento, type LinhaPedidoGravada, type LinhaRecebimentoGravada } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import { enqueueEmail, type OutboxRef } from '../mail/outbox.ts';
import { HttpError } from '../plugins/envelope.ts';
import { apresentar } from './documentos.ts';
import { pdfDoPedidoCompra } from './pedidoCompraPdf.ts';
import { proximoNumero } from './numeracao.ts';
import { centavosDoCusto, diaDaCompra, registrarUltimosPrecos } from './ultimoPrecoFornecedor.ts';
import { lancar, type AutorEstoque } from './razao.ts';

/**
 * Purchase orders (estoquePedidoCompra; decision 0014 for the ledger). A receipt posts its lines into a
 * location at the price paid, converted to the stock unit by the line's factor, in the same transaction
 * as the order's received quantities and state; the order's version makes a second confirmation a 409.
 */

const recusar = (campo: string, rotulo: string, mensagem: string): never => {
  throw new HttpError(400, `${rotulo}: ${mensagem}`, {}, { [campo]: mensagem });
};

/** The supplier (a person of the group), the products and the supplier's factors of the lines. */
async function conferirPedido(tx: Transaction, a: AutorEstoque, p: NovoPedidoCompra): Promise<LinhaPedidoGravada[]> {
  const produtos = [...new Set(p.itens.map((i) => i.produto))];
  const r = await tx.execute<{ id: string; recurso: string; produto: string | null; fornecedor: string | null; fator: string | null }>(sql`
    select id, recurso, dados->>'produto' as produto, dados->>'fornecedor' as fornecedor, dados->>'fator' as fator from registro
    where grupo_empresarial_id = ${a.grupoEmpresarial} and lixo = false and (
      (recurso = 'pessoa' and id = ${p.fornecedor} and coalesce((dados->>'fornecedor')::boolean, false))
      or (recurso = 'produtoGeral' and id = any(${sql.param(produtos)}::text[]))
      or (recurso = 'estoqueProdutoFornecedor' and dados->>'fornecedor' = ${p.fornecedor} and dados->>'produto' = any(${sql.param(produtos)}::text[])))`);
  if (!r.rows.some((l) => l.recurso === 'pessoa')) recusar('fornecedor', 'Fornecedor', 'Fornecedor não encontrado (ou a pessoa não está marcada como fornecedor).');
  const existe = new Set(r.rows.filter((l) => l.recurso === 'produtoGeral').map((l) => l.id));
  const fatorDoFornecedor = new Map(r.rows.filter((l) => l.recurso === 'estoqueProdutoFornecedor' && l.fator).map((l) => [l.produto!, l.fator!]));
  return p.itens.map((i, n) => {
    if (!existe.has(i.produto)) recusar(`itens.${n}.produto`, `Item ${n + 1}, produto`, 'Produto não encontrado.');
    const valor = valorEmCentavos(qtd(i.quantidade), custo(i.precoUnitario));
    // Kept in the normal form (4 places) whatever the caller's spelling (the demo calls this directly).
    return { produto: i.produto, unidade: i.unidade, fator: i.fator ?? fatorDoFornecedor.get(i.produto) ?? '1', quantidade: textoQtd(qtd(i.quantidade)), precoUnitario: textoCusto(custo(i.precoUnitario)), valor, quantidadeRecebida: textoQtd(0n) };
  });
}

/** Opens a draft order, numbered per company. */
export async function criarPedidoCompra(tx: Transaction, a: AutorEstoque, p: NovoPedidoCompra) {
  const itens = await conferirPedido(tx, a, p);
  const numero = await proximoNumero(tx, a, 'estoque_pedido_compra');
  const id = newId();
  const valor = itens.reduce((s, i) => s + i.valor, 0);
  await tx.insert(estoquePedidoCompra).values({
    grupoEmpresarialId: a.grupoEmpresarial,
    id,
    empresaId: a.empresa,
    numero,
    fornecedorId: p.fornecedor,
    status: 'rascunho',
    itens,
    valor,
    previsaoEntrega: p.previsaoEntrega,
    observacao: p.observacao,
    criadoPor: a.usuario,
  });
  return detalharPedidoCompra(tx, a, id);
}

/** A draft rewritten whole (supplier, lines, delivery, note) with the version read: a change in between is a 409. */
export async function editarPedidoCompra(tx: Transaction, a: AutorEstoque, id: string, p: EdicaoPedidoCompra) {
  const pedido = await travar(tx, a, id);
  if (pedido.version !== p.version) throw new HttpError(409, 'Este pedido mudou desde que você o abriu: abra-o de novo e refaça a alteração.');
  if (pedido.status !== 'rascunho') throw new HttpError(409, `Só um rascunho é editado; este pedido está ${rotuloStatus(pedido.status)}.`);
  const itens = await conferirPedido(tx, a, p);
  await tx
    .update(estoquePedidoCompra)
    .set({
      fornecedorId: p.fornecedor,
      itens,
      valor: itens.reduce((s, i) => s + i.valor, 0),
      previsaoEntrega: p.previsaoEntrega,
      observacao: p.observacao,
      updatedAt: new Date(),
      version: sql`${estoquePedidoCompra.version} + 1`,
    })
    .where(and(eq(estoquePedidoCompra.grupoEmpresarialId, a.grupoEmpresarial), eq(estoquePedidoCompra.id, id)));
  return detalharPedidoCompra(tx, a, id);
}

/** The order under a row lock (the session's company only), or 404. */
async function travar(tx: Transaction, a: AutorEstoque, id: string) {
  const [pedido] = await tx
    .select()
    .from(estoquePedidoCompra)
    .where(and(eq(estoquePedidoCompra.grupoEmpresarialId, a.grupoEmpresarial), eq(estoquePedidoCompra.empresaId, a.empresa), eq(estoquePedidoCompra.id, id)))
    .for('update');
  if (!pedido) throw new HttpError(404, 'Pedido de compra não encontrado.');
  return pedido;
}

const rotuloStatus = (s: string) =>
  ({ rascunho: 'um rascunho', aguardandoAprovacao: 'aguardando aprovação', enviado: 'enviado', recebidoParcialmente: 'recebido em parte', recebido: 'recebido', encerrado: 'encerrado', cancelado: 'cancelado' })[s] ?? s;

/** The company's approval limit in centavos (Empresa → Configurações → Estoque), or null: no approval. */
async function limiteAprovacao(tx: Transaction, a: AutorEstoque): Promise<number | null> {
  const r = await tx.execute<{ limite: string | null }>(sql`
    select dados->'configuracoes'->'estoque'->>'limiteAprovacaoPedidoCompra' as limite
    from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'empresa' and id = ${a.empresa}`);
  const limite = r.rows[0]?.limite;
  return limite === null || limite === undefined ? null : Number(limite);
}

async function mudarStatus(tx: Transaction, a: AutorEstoque, id: string, status: StatusPedidoCompra, extra: Partial<typeof estoquePedidoCompra.$inferInsert>) {
  await tx
    .update(estoquePedidoCompra)
    .set({ status, ...extra, updatedAt: new Date(), version: sql`${estoquePedidoCompra.version} + 1` })
    .where(and(eq(estoquePedidoCompra.grupoEmpresarialId, a.grupoEmpresarial), eq(estoquePedidoCompra.id, id)));
}

/**
 * A draft is sent to the supplier (the e-mail is not built yet: the state says it was); above the company's
 * approval limit it waits in aguardandoAprovacao instead, with who asked and when.
 */
export async function enviarPedidoCompra(tx: Transaction, a: AutorEstoque, id: string) {
  const pedido = await travar(tx, a, id);
  if (pedido.status !== 'rascunho') throw new HttpError(409, `Só um rascunho é enviado; este pedido está ${rotuloStatus(pedido.status)}.`);
  const limite = await limiteAprovacao(tx, a);
  if (limite !== null && pedido.valor > limite) await mudarStatus(tx, a, id, 'aguardandoAprovacao', { aprovacaoPedidaEm: new Date(), aprovacaoPedidaPor: a.usuario });
  else await mudarStatus(tx, a, id, 'enviado', { enviadoEm: new Date(), enviadoPor: a.usuario });
  return detalharPedidoCompra(tx, a, id);
}

/** An order waiting for approval is approved (the route asks for the 'aprovar' permission) and goes to the supplier. */
export async function aprovarPedidoCompra(tx: Transaction, a: AutorEstoque, id: string) {
  const pedido = await travar(tx, a, id);
  if (pedido.status !== 'aguardandoAprovacao') throw new HttpError(409, `Só um pedido aguardando aprovação é aprovado; este está ${rotuloStatus(pedido.status)}.`);
  const agora = new Date();
  await mudarStatus(tx, a, id, 'enviado', { aprovadoEm: agora, aprovadoPor: a.usuario, enviadoEm: agora, enviadoPor: a.usuario });
  return detalharPedidoCompra(tx, a, id);
}

/** Closes an order received in part: what did not come is no longer due (the receipts stay as they are). */
export async function encerrarPedidoCompra(tx: Transaction, a: AutorEstoque, id: string, motivo: string) {
  const pedido = await travar(tx, a, id);
  if (pedido.status !== 'recebidoParcialmente') throw new HttpError(409, `Só um pedido recebido em parte é encerrado com falta; este está ${rotuloStatus(pedido.status)}.`);
  await mudarStatus(tx, a, id, 'encerrado', { encerradoEm: new Date(), encerradoPor: a.usuario, motivoEncerramento: motivo });
  return detalharPedidoCompra(tx, a, id);
}

/**
 * E-mails the order as a PDF to the supplier (to `para`, else the supplier's first 'E-mail' address), through
 * the outbox in this transaction: the caller dispatches the returned ref after commit. Only an order that went
 * to the supplier (sent or received in part); when, by whom and to whom is kept on the order.
 */
export async function enviarEmailPedidoCompra(tx: Transaction, a: AutorEstoque, id: string, para: string | null): Promise<{ pedido: Awaited<ReturnType<typeof detalharPedidoCompra>>; email: OutboxRef }> {
  const pedido = await travar(tx, a, id);
  if (pedido.status !== 'enviado' && pedido.status !== 'recebidoParcialmente') throw new HttpError(409, `Só um pedido enviado ao fornecedor vai por e-mail; este está ${rotuloStatus(pedido.status)}.`);
  const detalhe = await detalharPedidoCompra(tx, a, id);
  const r = await tx.execute<{ email: string | null; empresa: string | null }>(sql`
    select (select e->>'endereco' from jsonb_array_elements(coalesce(f.dados->'enderecosEletronicos', '[]'::jsonb)) e
              where e->>'tipo' in ('E-mail', 'E-mail NF-e') and coalesce(e->>'endereco', '') <> '' order by e->>'tipo' = 'E-mail' desc limit 1) as email,
      (select coalesce(dados->>'nomeFantasia', dados->>'razaoSocial') from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'empresa' and id = ${a.empresa}) as empresa
    from registro f where f.grupo_empresarial_id = ${a.grupoEmpresarial} and f.id = ${pedido.fornecedorId}`);
  const destino = para ?? r.rows[0]?.email ?? null;
  if (!destino) recusar('para', 'E-mail', 'O fornecedor não tem e-mail cadastrado: informe o endereço ou cadastre-o na pessoa.');
  const empresa = r.rows[0]?.empresa ?? '';
  const pdf = await pdfDoPedidoCompra({
    numero: detalhe.numero,
    empresa,
    fornecedor: String((detalhe as Record<string, unknown>).fornecedorNome ?? ''),
    emitidoEm: new Date(),
    previsaoEntrega: pedido.previsaoEntrega,
    observacao: pedido.observacao,
    valor: detalhe.valor,
    itens: detalhe.itens,
  });
  const email = await enqueueEmail(tx, a.grupoEmpresarial, {
    para: destino!,
    assunto: `Pedido de compra nº ${detalhe.numero} — ${empresa}`,
    texto: `Olá,\n\nSegue em anexo o pedido de compra nº ${detalhe.numero} de ${empresa}, no valor de ${reais(detalhe.valor)}${pedido.previsaoEntrega ? `, com entrega prevista para ${pedido.previsaoEntrega.split('-').reverse().join('/')}` : ''}.\n\nObrigado.`,
    anexos: [{ nome: `pedido-compra-${detalhe.numero}.pdf`, tipo: 'application/pdf', base64: Buffer.from(pdf).toString('base64') }],
  });
  await tx
    .update(estoquePedidoCompra)
    .set({ emailEnviadoEm: new Date(), emailEnviadoPor: a.usuario, emailPara: destino, updatedAt: new Date(), version: sql`${estoquePedidoCompra.version} + 1` })
    .where(and(eq(estoquePedidoCompra.grupoEmpresarialId, a.grupoEmpresarial), eq(estoquePedidoCompra.id, id)));
  return { pedido: await detalharPedidoCompra(tx, a, id), email };
}

/** Cancels an order while nothing was received (what came in stays: reverse its stock by hand). */
export async function cancelarPedidoCompra(tx: Transaction, a: AutorEstoque, id: string, motivo: string) {
  const pedido = await travar(tx, a, id);
  if (pedido.status !== 'rascunho' && pedido.status !== 'aguardandoAprovacao' && pedido.status !== 'enviado') throw new HttpError(409, `Um pedido ${rotuloStatus(pedido.status)} não pode ser cancelado.`);
  await mudarStatus(tx, a, id, 'cancelado', { canceladoEm: new Date(), canceladoPor: a.usuario, motivoCancelamento: motivo });
  return detalharPedidoCompra(tx, a, id);
}

/**
 * Adds a received quantity (in the order's unit) to an order line and says what differs from the order:
 * more than was ordered (the excess over what was still open) and another price. Shared by the receipt by
 * hand and the receipt from the supplier's NF-e.
 */
export function receberNaLinha(linha: LinhaPedidoGravada, quantidade: string, precoUnitario: string): LinhaRecebimentoGravada['divergencias'] {
  const antes = qtd(linha.quantidadeRecebida);
  const depois = antes + qtd(quantidade);
  linha.quantidadeRecebida = textoQtd(depois);
  const divergencias: LinhaRecebimentoGravada['divergencias'] = {};
  const pedida = qtd(linha.quantidade);
  if (depois > pedida) divergencias.quantidade = textoQtd(depois - (antes > pedida ? antes : pedida));
  if (custo(precoUnitario) !== custo(linha.precoUnitario)) divergencias.precoUnitario = textoCusto(custo(precoUnitario));
  return divergencias;
}

/**
 * Receives an order from the supplier's NF-e (fiscal/entradaNotaFiscal/pedidoDaNota.ts): the note's
 * posting moved the stock, so this only records the receipt (entrada_id, no ledger rows of its own) and the
 * order's received quantities and state, in the note's transaction. One receipt per order and note (a
 * unique index): a note posted twice cannot receive twice.
 */
export async function receberPedidoDaNota(
  tx: Transaction,
  a: AutorEstoque,
  id: string,
  r: { entradaId: string; notaNumero: number; local: string; ocorridoEm: Date; itens: { linha: number; quantidade: string; precoUnitario: string; quantidadeEstoque: string; valor: number; itemNota: number }[] },
) {
  const pedido = await travar(tx, a, id);
  if (pedido.status !== 'enviado' && pedido.status !== 'recebidoParcialmente')
    throw new HttpError(409, `A NF-e ${r.notaNumero} entrega o pedido nº ${pedido.numero}, que está ${rotuloStatus(pedido.status)}: escolha outro pedido para os itens ou nenhum.`);
  const itens = pedido.itens.map((l) => ({ ...l }));
  const recebidos: LinhaRecebimentoGravada[] = r.itens.map((i) => {
    const linha = itens[i.linha];
    if (!linha) throw new HttpError(409, `O item ${i.itemNota} da NF-e aponta uma linha que o pedido nº ${pedido.numero} não tem.`);
    return { linha: i.linha, produto: linha.produto, quantidade: textoQtd(qtd(i.quantidade)), precoUnitario: textoCusto(custo(i.precoUnitario)), quantidadeEstoque: i.quantidadeEstoque, valor: i.valor, divergencias: receberNaLinha(linha, i.quantidade, i.precoUnitario), itemNota: i.itemNota };
  });
  const [{ numero } = { numero: 0 }] = (
    await tx.execute<{ numero: number }>(sql`select count(*)::int + 1 as numero from estoque_pedido_compra_recebimento where grupo_empresarial_id = ${a.grupoEmpresarial} and pedido_id = ${id}`)
  ).rows;
  await tx.insert(estoquePedidoCompraRecebimento).values({
    grupoEmpresarialId: a.grupoEmpresarial,
    id: newId(),
    pedidoId: id,
    empresaId: a.empresa,
    numero,
    localId: r.local,
    itens: recebidos,
    valor: recebidos.reduce((s, i) => s + i.valor, 0),
    observacao: `NF-e ${r.notaNumero}`,
    entradaId: r.entradaId,
    ocorridoEm: r.ocorridoEm,
    usuarioId: a.usuario,
  });
  const completo = itens.every((l) => qtd(l.quantidadeRecebida) >= qtd(l.quantidade));
  await mudarStatus(tx, a, id, completo ? 'recebido' : 'recebidoParcialmente', { itens });
  return recebidos;
}

/**
 * Receives lines of a sent order into a location: each line's quantity and price as they came (the
 * differences from the order kept as divergences), posted to the ledger at the price per stock unit;
 * the order becomes recebido when every line has all it asked, else recebidoParcialmente.
 */
export async function receberPedidoCompra(tx: Transaction, a: AutorEstoque, id: string, r: RecebimentoPedido) {
  const pedido = await travar(tx, a, id);
  if (pedido.version !== r.version) throw new HttpError(409, 'Este pedido mudou desde que você o abriu (talvez este recebimento já tenha sido confirmado): abra-o de novo.');
  if (pedido.status !== 'enviado' && pedido.status !== 'recebidoParcialmente') throw new HttpError(409, `Só um pedido enviado é recebido; este está ${rotuloStatus(pedido.status)}.`);
  const local = await tx.execute(sql`
    select 1 from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and recurso = 'estoqueCadastro' and id = ${r.local}
      and lixo = false and coalesce((dados->>'ativo')::boolean, true)`);
  if (local.rows.length === 0) recusar('local', 'Local de estoque', 'Local de estoque não encontrado nesta empresa (ou inativo).');
  const vistas = new Set<number>();
  const itens = pedido.itens.map((l) => ({ ...l }));
  const recebidos: LinhaRecebimentoGravada[] = r.itens.map((item, n) => {
    const linha = itens[item.linha];
    if (!linha) return recusar(`itens.${n}.linha`, `Item ${n + 1}, linha do pedido`, 'Esta linha não existe no pedido.');
    if (vistas.has(item.linha)) recusar(`itens.${n}.linha`, `Item ${n + 1}, linha do pedido`, 'Linha repetida no recebimento.');
    vistas.add(item.linha);
    const preco = textoCusto(custo(item.precoUnitario ?? linha.precoUnitario));
    const divergencias = receberNaLinha(linha, item.quantidade, preco);
    return {
      linha: item.linha,
      produto: linha.produto,
      quantidade: textoQtd(qtd(item.quantidade)),
      precoUnitario: preco,
      quantidadeEstoque: textoQtd(converterQuantidade(item.quantidade, linha.fator)),
      valor: valorEmCentavos(qtd(item.quantidade), custo(preco)),
      divergencias,
    };
  });
  const recebimentoId = newId();
  const ocorridoEm = r.ocorridoEm ? new Date(r.ocorridoEm) : new Date();
  if (ocorridoEm.getTime() > Date.now() + 5 * 60_000) recusar('ocorridoEm', 'Data', 'O recebimento não pode estar no futuro.');
  await registrarUltimosPrecos(
    tx,
    a.grupoEmpresarial,
    pedido.fornecedorId,
    recebidos.filter((i) => qtd(i.quantidade) > 0n).map((i) => ({ produto: i.produto, preco: centavosDoCusto(i.precoUnitario), em: diaDaCompra(ocorridoEm) })),
  );
  const resultado = await lancar(
    tx,
    a,
    recebidos.map((i) => ({
      localId: r.local,
      produtoId: i.produto,
      tipo: 'entrada',
      quantidade: qtd(i.quantidadeEstoque),
      custoProprio: converterCusto(i.precoUnitario, itens[i.linha]!.fator),
      ocorridoEm,
      documentoTipo: 'pedidoCompra',
      documentoId: recebimentoId,
    })),
  );
  const completo = itens.every((l) => qtd(l.quantidadeRecebida) >= qtd(l.quantidade));
  const [{ numero } = { numero: 0 }] = (
    await tx.execute<{ numero: number }>(sql`select count(*)::int + 1 as numero from estoque_pedido_compra_recebimento where grupo_empresarial_id = ${a.grupoEmpresarial} and pedido_id = ${id}`)
  ).rows;
  await tx.insert(estoquePedidoCompraRecebimento).values({
    grupoEmpresarialId: a.grupoEmpresarial,
    id: recebimentoId,
    pedidoId: id,
    empresaId: a.empresa,
    numero,
    localId: r.local,
    itens: recebidos,
    valor: recebidos.reduce((s, i) => s + i.valor, 0),
    observacao: r.observacao,
    ocorridoEm,
    usuarioId: a.usuario,
  });
  await mudarStatus(tx, a, id, completo ? 'recebido' : 'recebidoParcialmente', { itens });
  return { pedido: await detalharPedidoCompra(tx, a, id), recebimento: { _id: recebimentoId, numero, ...apresentar(resultado) } };
}

/** One order with the supplier's and the products' names and its receipts with their divergences. */
export async function detalharPedidoCompra(tx: Transaction, a: AutorEstoque, id: string) {
  const r = await tx.execute<{ _id: string; numero: number; status: StatusPedidoCompra; version: number; valor: number; itens: LinhaPedidoGravada[] } & Record<string, unknown>>(sql`
    select p.id as "_id", p.numero::int as numero, p.status, p.fornecedor_id as fornecedor, f.dados->>'nome' as "fornecedorNome", p.itens, p.valor::int as valor,
      p.previsao_entrega::text as "previsaoEntrega", p.observacao, p.version, p.created_at as "criadoEm", p.updated_at as "alteradoEm", p.enviado_em as "enviadoEm",
      p.cancelado_em as "canceladoEm", p.motivo_cancelamento as "motivoCancelamento",
      uc.nome as "criadoPor", ue.nome as "enviadoPor", ux.nome as "canceladoPor",
      p.aprovacao_pedida_em as "aprovacaoPedidaEm", up.nome as "aprovacaoPedidaPor", p.aprovado_em as "aprovadoEm", ua.nome as "aprovadoPor",
      p.encerrado_em as "encerradoEm", un.nome as "encerradoPor", p.motivo_encerramento as "motivoEncerramento",
      p.email_enviado_em as "emailEnviadoEm", um.nome as "emailEnviadoPor", p.email_para as "emailPara",
      (select e->>'endereco' from jsonb_array_elements(coalesce(f.dados->'enderecosEletronicos', '[]'::jsonb)) e
        where e->>'tipo' in ('E-mail', 'E-mail NF-e') and coalesce(e->>'endereco', '') <> '' order by e->>'tipo' = 'E-mail' desc limit 1) as "fornecedorEmail"
    from estoque_pedido_compra p
    left join registro f on f.grupo_empresarial_id = p.grupo_empresarial_id and f.id = p.fornecedor_id
    left join usuario uc on uc.grupo_empresarial_id = p.grupo_empresarial_id and uc.id = p.criado_por
    left join usuario ue on ue.grupo_empresarial_id = p.grupo_empresarial_id and ue.id = p.enviado_por
    left join usuario ux on ux.grupo_empresarial_id = p.grupo_empresarial_id and ux.id = p.cancelado_por
    left join usuario up on up.grupo_empresarial_id = p.grupo_empresarial_id and up.id = p.aprovacao_pedida_por
    left join usuario ua on ua.grupo_empresarial_id = p.grupo_empresarial_id and ua.id = p.aprovado_por
    left join usuario un on un.grupo_empresarial_id = p.grupo_empresarial_id and un.id = p.encerrado_por
    left join usuario um on um.grupo_empresarial_id = p.grupo_empresarial_id and um.id = p.email_enviado_por
    where p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.empresa_id = ${a.empresa} and p.id = ${id}`);
  const pedido = r.rows[0];
  if (!pedido) throw new HttpError(404, 'Pedido de compra não encontrado.');
  const produtos = await tx.execute<{ id: string; descricao: string }>(sql`
    select id, dados->>'descricao' as descricao from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeral'
      and id = any(${sql.param(pedido.itens.map((i) => i.produto))}::text[])`);
  const nomes = new Map(produtos.rows.map((p) => [p.id, p.descricao]));
  const recebimentos = await tx.execute<{ _id: string; numero: number; valor: number; ocorridoEm: string; usuario: string | null; localDescricao: string | null; criadoEm: string } & Record<string, unknown>>(sql`
    select r.id as "_id", r.numero, r.local_id as local, l.dados->>'descricao' as "localDescricao", r.itens, r.valor::int as valor, r.observacao,
      r.ocorrido_em as "ocorridoEm", r.created_at as "criadoEm", u.nome as usuario, r.entrada_id as entrada, e.numero::int as "notaNumero", e.serie as "notaSerie"
    from estoque_pedido_compra_recebimento r
    left join entrada_nota_fiscal e on e.grupo_empresarial_id = r.grupo_empresarial_id and e.id = r.entrada_id
    left join registro l on l.grupo_empresarial_id = r.grupo_empresarial_id and l.id = r.local_id
    left join usuario u on u.grupo_empresarial_id = r.grupo_empresarial_id and u.id = r.usuario_id
    where r.grupo_empresarial_id = ${a.grupoEmpresarial} and r.pedido_id = ${id} order by r.numero`);
  return {
    ...pedido,
    itens: pedido.itens.map((i) => ({ ...i, descricao: nomes.get(i.produto) ?? null })),
    recebimentos: recebimentos.rows,
    historico: historico(pedido, recebimentos.rows),
    limiteAprovacao: await limiteAprovacao(tx, a),
  };
}

type EventoPedido = { tipo: 'criado' | 'aprovacaoPedida' | 'aprovado' | 'enviado' | 'email' | 'recebido' | 'encerrado' | 'cancelado'; em: string; quem: string | null; numero?: number; valor?: number; motivo?: string | null; para?: string | null };

/** Who did what when, oldest first: from the order's own columns and its receipts (each kept once, never rewritten). */
function historico(p: Record<string, unknown>, recebimentos: { numero: number; valor: number; criadoEm: string; usuario: string | null }[]): EventoPedido[] {
  const eventos: EventoPedido[] = [{ tipo: 'criado', em: String(p.criadoEm), quem: (p.criadoPor as string | null) ?? null }];
  const quem = (campo: string) => (p[campo] as string | null) ?? null;
  if (p.aprovacaoPedidaEm) eventos.push({ tipo: 'aprovacaoPedida', em: String(p.aprovacaoPedidaEm), quem: quem('aprovacaoPedidaPor') });
  // An approval sends the order at once: one event says both.
  if (p.aprovadoEm) eventos.push({ tipo: 'aprovado', em: String(p.aprovadoEm), quem: quem('aprovadoPor') });
  else if (p.enviadoEm) eventos.push({ tipo: 'enviado', em: String(p.enviadoEm), quem: quem('enviadoPor') });
  // The last e-mail of the PDF (an earlier one is in the outbox, email_saida).
  if (p.emailEnviadoEm) eventos.push({ tipo: 'email', em: String(p.emailEnviadoEm), quem: quem('emailEnviadoPor'), para: quem('emailPara') });
  if (p.encerradoEm) eventos.push({ tipo: 'encerrado', em: String(p.encerradoEm), quem: quem('encerradoPor'), motivo: quem('motivoEncerramento') });
  for (const r of recebimentos) eventos.push({ tipo: 'recebido', em: String(r.criadoEm), quem: r.usuario, numero: r.numero, valor: r.valor });
  if (p.canceladoEm) eventos.push({ tipo: 'cancelado', em: String(p.canceladoEm), quem: (p.canceladoPor as string | null) ?? null, motivo: (p.motivoCancelamento as string | null) ?? null });
  return eventos.sort((x, y) => new Date(x.em).getTime() - new Date(y.em).getTime());
}

/** The company's orders, newest first, by state, supplier and the period of the order's day (São Paulo). */
export async function listarPedidosCompra(
  tx: Transaction,
  a: AutorEstoque,
  f: { status?: string | null | undefined; fornecedor?: string | null | undefined; de?: string | null | undefined; ate?: string | null | undefined; limite?: number | null | undefined },
) {
  const dia = sql`(p.created_at at time zone 'America/Sao_Paulo')::date`;
  const r = await tx.execute(sql`
    select p.id as "_id", p.numero::int as numero, p.status, p.fornecedor_id as fornecedor, f.dados->>'nome' as "fornecedorNome", p.valor::int as valor,
      coalesce((select sum(r.valor) from estoque_pedido_compra_recebimento r where r.grupo_empresarial_id = p.grupo_empresarial_id and r.pedido_id = p.id), 0)::int as "valorRecebido",
      jsonb_array_length(p.itens)::int as linhas, p.previsao_entrega::text as "previsaoEntrega", p.created_at as "criadoEm", p.enviado_em as "enviadoEm"
    from estoque_pedido_compra p
    left join registro f on f.grupo_empresarial_id = p.grupo_empresarial_id and f.id = p.fornecedor_id
    where p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.empresa_id = ${a.empresa}
      ${f.status ? sql`and p.status = ${f.status}` : sql``} ${f.fornecedor ? sql`and p.fornecedor_id = ${f.fornecedor}` : sql``}
      ${f.de ? sql`and ${dia} >= ${f.de}::date` : sql``} ${f.ate ? sql`and ${dia} <= ${f.ate}::date` : sql``}
    order by p.created_at desc, p.numero desc
    limit ${Math.min(f.limite ?? 200, 1000)}`);
  return r.rows;
}
