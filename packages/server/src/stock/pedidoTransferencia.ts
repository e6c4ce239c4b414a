import { aplicarAprovacao, aplicarEnvio, qtd, rotuloCampoTransferenciaLojas, textoQtd, type AprovacaoPedidoTransferencia, type EnvioPedidoTransferencia, type SolicitacaoTransferencia, type StatusPedidoTransferencia } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client.ts';
import { estoquePedidoTransferencia, type LinhaPedidoTransferenciaGravada } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import { HttpError } from '../plugins/envelope.ts';
import { proximoNumero } from './numeracao.ts';
import type { AutorEstoque } from './razao.ts';
import { conferirProdutos, enviarTransferencia, gravarTransferencia, localDaLoja, nomesDosProdutos, outraLojaDoGrupo, recusarCampos } from './transferenciaLojas.ts';

/**
 * Transfer requests (solicitacaoPedidoTransferencia: the requesting store's view; estoquePedidoTransferencia:
 * the supplying store's, a central kitchen). The requester asks; the supplier approves (whole or in part,
 * a different quantity always with its reason) or refuses, then picks and sends, which writes and sends
 * the transfer between stores in the same transaction; the requester confirms the receipt on that transfer.
 * Each store sees only the requests it made or that are addressed to it.
 */

const rotulo = rotuloCampoTransferenciaLojas;

/** A request from the session's store. */
export async function solicitarTransferencia(tx: Transaction, a: AutorEstoque, s: SolicitacaoTransferencia) {
  const campos: Record<string, string> = {};
  const loja = await outraLojaDoGrupo(tx, a, s.empresaFornecedora);
  if (loja) campos.empresaFornecedora = loja;
  await conferirProdutos(tx, a, s.itens, campos);
  recusarCampos(campos, rotulo);
  const id = newId();
  const numero = await proximoNumero(tx, a, 'estoque_pedido_transferencia');
  const itens: LinhaPedidoTransferenciaGravada[] = s.itens.map((i) => ({ produto: i.produto, quantidade: textoQtd(qtd(i.quantidade)), quantidadeAprovada: null, justificativa: null }));
  await tx.insert(estoquePedidoTransferencia).values({
    grupoEmpresarialId: a.grupoEmpresarial,
    id,
    empresaId: a.empresa,
    numero,
    empresaFornecedoraId: s.empresaFornecedora,
    origem: s.origem,
    itens,
    observacao: s.observacao,
    criadoPor: a.usuario,
  });
  return detalharPedidoTransferencia(tx, a, id);
}

const mensagens: Record<StatusPedidoTransferencia, string> = {
  solicitado: 'Este pedido ainda aguarda aprovação.',
  aprovado: 'Este pedido já foi aprovado.',
  enviado: 'Este pedido já foi enviado.',
  recebido: 'Este pedido já foi recebido.',
  recusado: 'Este pedido foi recusado.',
  cancelado: 'Este pedido foi cancelado.',
};

/** The request under a row lock, if the session's store is its side (requester or supplier), else 404; 409 when its state forbids the step. */
async function travar(tx: Transaction, a: AutorEstoque, id: string, lado: 'solicitante' | 'fornecedora', permitidos: readonly StatusPedidoTransferencia[]) {
  const p = estoquePedidoTransferencia;
  const [pedido] = await tx
    .select()
    .from(p)
    .where(and(eq(p.grupoEmpresarialId, a.grupoEmpresarial), eq(lado === 'solicitante' ? p.empresaId : p.empresaFornecedoraId, a.empresa), eq(p.id, id)))
    .for('update');
  if (!pedido) throw new HttpError(404, 'Pedido de transferência não encontrado.');
  if (!permitidos.includes(pedido.status as StatusPedidoTransferencia)) throw new HttpError(409, mensagens[pedido.status as StatusPedidoTransferencia] ?? 'Situação inválida.');
  return pedido;
}

const mudar = (tx: Transaction, a: AutorEstoque, id: string, valores: PgUpdateSetSource<typeof estoquePedidoTransferencia>) =>
  tx
    .update(estoquePedidoTransferencia)
    .set({ ...valores, version: sql`${estoquePedidoTransferencia.version} + 1` })
    .where(and(eq(estoquePedidoTransferencia.grupoEmpresarialId, a.grupoEmpresarial), eq(estoquePedidoTransferencia.id, id)));

/** The requester withdraws a request not sent yet. */
export async function cancelarPedidoTransferencia(tx: Transaction, a: AutorEstoque, id: string, motivo: string) {
  await travar(tx, a, id, 'solicitante', ['solicitado', 'aprovado']);
  await mudar(tx, a, id, { status: 'cancelado', canceladoEm: new Date(), canceladoPor: a.usuario, motivo });
  return detalharPedidoTransferencia(tx, a, id);
}

/** The supplier approves, per line as asked or with another quantity and its reason (more than asked included). */
export async function aprovarPedidoTransferencia(tx: Transaction, a: AutorEstoque, id: string, d: AprovacaoPedidoTransferencia) {
  const pedido = await travar(tx, a, id, 'fornecedora', ['solicitado']);
  const { linhas, erros } = aplicarAprovacao(pedido.itens, d.itens);
  recusarCampos(erros, rotulo);
  const itens = pedido.itens.map((l, n) => ({ ...l, quantidadeAprovada: textoQtd(qtd(linhas[n]!.quantidadeAprovada)), justificativa: linhas[n]!.justificativa }));
  await mudar(tx, a, id, { status: 'aprovado', itens, aprovadoEm: new Date(), aprovadoPor: a.usuario });
  return detalharPedidoTransferencia(tx, a, id);
}

export async function recusarPedidoTransferencia(tx: Transaction, a: AutorEstoque, id: string, motivo: string) {
  await travar(tx, a, id, 'fornecedora', ['solicitado', 'aprovado']);
  await mudar(tx, a, id, { status: 'recusado', recusadoEm: new Date(), recusadoPor: a.usuario, motivo });
  return detalharPedidoTransferencia(tx, a, id);
}

/**
 * The supplier picks from one of its locations and sends: the approved quantities, or per line what it
 * could pick (another quantity always with its reason, kept on the request's line). The transfer between
 * stores is written and sent (the origin lowered through the ledger) in this transaction.
 */
export async function enviarPedidoTransferencia(tx: Transaction, a: AutorEstoque, id: string, e: EnvioPedidoTransferencia) {
  const pedido = await travar(tx, a, id, 'fornecedora', ['aprovado']);
  const campos: Record<string, string> = {};
  if (!(await localDaLoja(tx, a, e.localOrigem))) campos.localOrigem = 'Local de estoque não encontrado nesta loja (ou inativo).';
  const envio = aplicarEnvio(
    pedido.itens.map((l) => l.quantidadeAprovada ?? '0'),
    e.itens,
  );
  recusarCampos({ ...campos, ...envio.erros }, rotulo);
  const linhasDoPedido = pedido.itens.map((l, n) => ({ ...l, quantidadeEnviada: textoQtd(qtd(envio.linhas[n]!.quantidade)), justificativaEnvio: envio.linhas[n]!.justificativa }));
  const itens = linhasDoPedido.filter((l) => qtd(l.quantidadeEnviada) > 0n).map((l) => ({ produto: l.produto, quantidade: l.quantidadeEnviada }));
  const transferencia = await gravarTransferencia(tx, a, { empresaDestino: pedido.empresaId, localOrigem: e.localOrigem, observacao: `Pedido de transferência nº ${pedido.numero}`, itens, pedidoId: id });
  await mudar(tx, a, id, { itens: linhasDoPedido });
  await enviarTransferencia(tx, a, transferencia);
  return detalharPedidoTransferencia(tx, a, id);
}

const colunas = sql`
  p.id as "_id", p.numero::int as numero, p.status, p.origem, p.empresa_id as "empresaSolicitante", es.nome_fantasia as "empresaSolicitanteNome",
  p.empresa_fornecedora_id as "empresaFornecedora", ef.nome_fantasia as "empresaFornecedoraNome", p.observacao, p.motivo, p.version,
  p.transferencia_id as transferencia, t.numero::int as "transferenciaNumero", t.status as "transferenciaStatus", t.valor_divergencia::int as "valorDivergencia",
  p.created_at as "solicitadoEm", us.nome as "solicitadoPor", p.aprovado_em as "aprovadoEm", ua.nome as "aprovadoPor",
  p.recusado_em as "recusadoEm", ur.nome as "recusadoPor", p.cancelado_em as "canceladoEm", uc.nome as "canceladoPor",
  t.enviado_em as "enviadoEm", ue.nome as "enviadoPor", t.recebido_em as "recebidoEm", ut.nome as "recebidoPor"`;
const juncoes = sql`
  from estoque_pedido_transferencia p
  left join empresa es on es.grupo_empresarial_id = p.grupo_empresarial_id and es.id = p.empresa_id
  left join empresa ef on ef.grupo_empresarial_id = p.grupo_empresarial_id and ef.id = p.empresa_fornecedora_id
  left join estoque_transferencia_lojas t on t.grupo_empresarial_id = p.grupo_empresarial_id and t.id = p.transferencia_id
  left join usuario us on us.grupo_empresarial_id = p.grupo_empresarial_id and us.id = p.criado_por
  left join usuario ua on ua.grupo_empresarial_id = p.grupo_empresarial_id and ua.id = p.aprovado_por
  left join usuario ur on ur.grupo_empresarial_id = p.grupo_empresarial_id and ur.id = p.recusado_por
  left join usuario uc on uc.grupo_empresarial_id = p.grupo_empresarial_id and uc.id = p.cancelado_por
  left join usuario ue on ue.grupo_empresarial_id = p.grupo_empresarial_id and ue.id = t.enviado_por
  left join usuario ut on ut.grupo_empresarial_id = p.grupo_empresarial_id and ut.id = t.recebido_por`;

/** One request the session's store made or must fulfil, with its products and each step's who and when; else 404. */
export async function detalharPedidoTransferencia(tx: Transaction, a: AutorEstoque, id: string) {
  const r = await tx.execute<{ _id: string; itens: LinhaPedidoTransferenciaGravada[]; empresaSolicitante: string } & Record<string, unknown>>(sql`
    select ${colunas}, p.itens ${juncoes}
    where p.grupo_empresarial_id = ${a.grupoEmpresarial} and (p.empresa_id = ${a.empresa} or p.empresa_fornecedora_id = ${a.empresa}) and p.id = ${id}`);
  const p = r.rows[0];
  if (!p) throw new HttpError(404, 'Pedido de transferência não encontrado.');
  const nomes = await nomesDosProdutos(tx, a, p.itens.map((i) => i.produto));
  return { ...p, visao: p.empresaSolicitante === a.empresa ? 'solicitante' : 'fornecedora', itens: p.itens.map((i) => ({ ...i, ...nomes.get(i.produto) })) };
}

/** The requests the session's store made (solicitante) or must fulfil (fornecedora), newest first. */
export async function listarPedidosTransferencia(tx: Transaction, a: AutorEstoque, visao: 'solicitante' | 'fornecedora', f: { status?: string | null | undefined; limite?: number | null | undefined }) {
  const r = await tx.execute(sql`
    select ${colunas}, jsonb_array_length(p.itens)::int as linhas ${juncoes}
    where p.grupo_empresarial_id = ${a.grupoEmpresarial} and ${visao === 'solicitante' ? sql`p.empresa_id` : sql`p.empresa_fornecedora_id`} = ${a.empresa}
      ${f.status ? sql`and p.status = ${f.status}` : sql``}
    order by p.created_at desc, p.numero desc
    limit ${Math.min(f.limite ?? 200, 1000)}`);
  return r.rows;
}
