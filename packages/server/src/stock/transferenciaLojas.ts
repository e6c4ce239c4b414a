import {
  custo,
  linhasRepetidas,
  precoTransferencia,
  qtd,
  rotuloCampoTransferenciaLojas,
  textoCusto,
  textoQtd,
  valorEmCentavos,
  type EdicaoTransferenciaLojas,
  type NovaTransferenciaLojas,
  type RecebimentoTransferencia,
  type StatusTransferenciaLojas,
} from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client.ts';
import { estoquePedidoTransferencia, estoqueTransferenciaLojas, type LinhaTransferenciaGravada } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import { HttpError } from '../plugins/envelope.ts';
import { proximoNumero } from './numeracao.ts';
import { estornarMovimentos, lancar, type AutorEstoque } from './razao.ts';

/**
 * Transfers between stores of a group (estoqueTransferenciaLojas; decision 0014 for the ledger). Sending
 * lowers the origin's location at its average cost (the goods are then in transit); the receipt raises the
 * destination's location by what arrived, at the transfer's unit cost (the transfer price table's, else the
 * origin's average when sent); what did not arrive, or arrived beyond what was sent, is the divergence,
 * valued at that cost. Each step is one transaction with the transfer's state, under its row lock, so a
 * second receipt (even at the same time) finds it received: 409, nothing posted. The sending store sees
 * what it sent, the receiving store what it must receive; nobody else.
 */

export const DOCUMENTO_TRANSFERENCIA_LOJAS = 'transferenciaLojas';

/** 400 naming the first field, with every field's message. */
export function recusarCampos(campos: Record<string, string>, rotulo: (campo: string) => string): void {
  const [campo, mensagem] = Object.entries(campos)[0] ?? [];
  if (campo) throw new HttpError(400, `${rotulo(campo)}: ${mensagem}`, {}, campos);
}

/** Another active company of the group, or a message. */
export async function outraLojaDoGrupo(tx: Transaction, a: AutorEstoque, empresa: string): Promise<string | null> {
  if (empresa === a.empresa) return 'Escolha outra loja: esta é a loja da sessão.';
  const r = await tx.execute(sql`select 1 from empresa where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${empresa} and not lixo`);
  return r.rows.length ? null : 'Loja não encontrada neste grupo.';
}

/** Whether the location is an active one of the session's company. */
export async function localDaLoja(tx: Transaction, a: AutorEstoque, local: string): Promise<boolean> {
  const r = await tx.execute(sql`
    select 1 from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and recurso = 'estoqueCadastro' and id = ${local}
      and not lixo and coalesce((dados->>'ativo')::boolean, true)`);
  return r.rows.length > 0;
}

/** Messages for the lines whose product is not the group's, or repeats one above. */
export async function conferirProdutos(tx: Transaction, a: AutorEstoque, itens: readonly { produto: string }[], campos: Record<string, string>) {
  const r = await tx.execute<{ id: string }>(sql`
    select id from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeral' and not lixo
      and id = any(${sql.param([...new Set(itens.map((i) => i.produto))])}::text[])`);
  const existe = new Set(r.rows.map((l) => l.id));
  itens.forEach((i, n) => {
    if (!existe.has(i.produto)) campos[`itens.${n}.produto`] ??= 'Produto não encontrado.';
  });
  for (const n of linhasRepetidas(itens)) campos[`itens.${n}.produto`] ??= 'Este produto já está em outra linha.';
}

/**
 * The unit price (centavos, 4 places) of each product sent from the session's store to `destino` by the
 * transfer price table in force today (the one that started last, when several apply): the listed price,
 * else the sending store's average plus the table's margin. Products without one move at the average.
 */
async function precosDaTabela(tx: Transaction, a: AutorEstoque, destino: string, produtos: string[]): Promise<Map<string, bigint>> {
  const r = await tx.execute<{ dados: { itens: { produto: string; preco: number }[]; margemSobreCusto: string | null } }>(sql`
    select dados from registro
    where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'tabelaPrecoTransferenciasLojas' and not lixo
      and coalesce((dados->>'ativo')::boolean, true) and dados->>'empresaOrigem' = ${a.empresa}
      and (jsonb_array_length(coalesce(dados->'empresasDestino', '[]'::jsonb)) = 0 or dados->'empresasDestino' ? ${destino})
      and (dados->>'validoDe')::date <= (now() at time zone 'America/Sao_Paulo')::date
      and coalesce((dados->>'validoAte')::date, 'infinity'::date) >= (now() at time zone 'America/Sao_Paulo')::date
    order by dados->>'validoDe' desc, id limit 1`);
  const tabela = r.rows[0]?.dados;
  if (!tabela) return new Map();
  const custos = await tx.execute<{ produto_id: string; custo_medio: string }>(sql`
    select produto_id, custo_medio::text as custo_medio from estoque_custo
    where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and produto_id = any(${sql.param(produtos)}::text[])`);
  const medio = new Map(custos.rows.map((c) => [c.produto_id, Number((custo(c.custo_medio) + 5000n) / 10000n)]));
  const precos = new Map<string, bigint>();
  for (const p of produtos) {
    const preco = precoTransferencia({ itens: tabela.itens ?? [], margemSobreCusto: tabela.margemSobreCusto ?? null }, p, medio.get(p) ?? null);
    if (preco !== null) precos.set(p, BigInt(preco) * 10000n);
  }
  return precos;
}

const linhasNovas = (itens: readonly { produto: string; quantidade: string }[]): LinhaTransferenciaGravada[] =>
  itens.map((i) => ({ produto: i.produto, quantidade: textoQtd(qtd(i.quantidade)), custoUnitario: textoCusto(0n), origemCusto: 'custoMedio', valor: 0, quantidadeRecebida: null, divergencia: null, valorDivergencia: null }));

/** Writes a transfer from the session's store (a draft); the caller checked destination, location and products. */
export async function gravarTransferencia(tx: Transaction, a: AutorEstoque, t: { empresaDestino: string; localOrigem: string; observacao: string | null; itens: readonly { produto: string; quantidade: string }[]; pedidoId?: string | null }) {
  const id = newId();
  const numero = await proximoNumero(tx, a, 'estoque_transferencia_lojas');
  await tx.insert(estoqueTransferenciaLojas).values({
    grupoEmpresarialId: a.grupoEmpresarial,
    id,
    empresaId: a.empresa,
    numero,
    empresaDestinoId: t.empresaDestino,
    localOrigemId: t.localOrigem,
    pedidoId: t.pedidoId ?? null,
    status: 'rascunho',
    itens: linhasNovas(t.itens),
    valor: 0,
    observacao: t.observacao,
    criadoPor: a.usuario,
  });
  return id;
}

/** A transfer typed by hand: a draft, or sent at once (`enviar`). */
export async function criarTransferencia(tx: Transaction, a: AutorEstoque, t: NovaTransferenciaLojas) {
  await conferirTransferencia(tx, a, t);
  const id = await gravarTransferencia(tx, a, t);
  if (t.enviar) await enviarTransferencia(tx, a, id);
  return detalharTransferencia(tx, a, id);
}

/** The 400 of a transfer typed by hand: destination, location and products, each named. */
async function conferirTransferencia(tx: Transaction, a: AutorEstoque, t: NovaTransferenciaLojas) {
  const campos: Record<string, string> = {};
  const destino = await outraLojaDoGrupo(tx, a, t.empresaDestino);
  if (destino) campos.empresaDestino = destino;
  if (!(await localDaLoja(tx, a, t.localOrigem))) campos.localOrigem = 'Local de estoque não encontrado nesta loja (ou inativo).';
  await conferirProdutos(tx, a, t.itens, campos);
  recusarCampos(campos, rotuloCampo);
}

/**
 * A draft of the session's store rewritten whole with the version read (another change in between, or a
 * draft already sent, is a 409); `enviar` sends it in the same transaction. A draft that fulfils a request
 * keeps its destination: the request's store.
 */
export async function editarTransferencia(tx: Transaction, a: AutorEstoque, id: string, t: EdicaoTransferenciaLojas) {
  const atual = await travar(tx, a, id, 'origem', ['rascunho']);
  if (atual.version !== t.version) throw new HttpError(409, 'Esta transferência mudou desde que você a abriu: abra-a de novo e refaça a alteração.');
  if (atual.pedidoId && t.empresaDestino !== atual.empresaDestinoId) recusarCampos({ empresaDestino: 'Este rascunho atende a um pedido: o destino é a loja que pediu.' }, rotuloCampo);
  await conferirTransferencia(tx, a, t);
  await mudar(tx, a, id, { empresaDestinoId: t.empresaDestino, localOrigemId: t.localOrigem, observacao: t.observacao, itens: linhasNovas(t.itens) });
  if (t.enviar) await enviarTransferencia(tx, a, id);
  return detalharTransferencia(tx, a, id);
}

const rotuloCampo = rotuloCampoTransferenciaLojas;

const mensagens: Record<StatusTransferenciaLojas, string> = {
  rascunho: 'Esta transferência ainda é um rascunho: envie-a primeiro.',
  enviada: 'Esta transferência já foi enviada.',
  recebida: 'Esta transferência já foi recebida.',
  cancelada: 'Esta transferência foi cancelada.',
};
const dataBr = (d: Date) => d.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/**
 * The transfer under a row lock, or 404 when the session's store is not its side `lado` (the sending
 * store acts as origin, the receiving one as destination); 409 saying why when its state forbids the step.
 */
async function travar(tx: Transaction, a: AutorEstoque, id: string, lado: 'origem' | 'destino', permitidos: readonly StatusTransferenciaLojas[]) {
  const t = estoqueTransferenciaLojas;
  const [linha] = await tx
    .select()
    .from(t)
    .where(and(eq(t.grupoEmpresarialId, a.grupoEmpresarial), eq(lado === 'origem' ? t.empresaId : t.empresaDestinoId, a.empresa), eq(t.id, id)))
    .for('update');
  if (!linha) throw new HttpError(404, 'Transferência não encontrada.');
  const status = linha.status as StatusTransferenciaLojas;
  if (!permitidos.includes(status)) {
    const quando = status === 'recebida' ? linha.recebidoEm : status === 'cancelada' ? linha.canceladoEm : status === 'enviada' ? linha.enviadoEm : null;
    throw new HttpError(409, quando ? `${mensagens[status].slice(0, -1)} em ${dataBr(quando)}.` : mensagens[status]);
  }
  return linha;
}

const mudar = (tx: Transaction, a: AutorEstoque, id: string, valores: PgUpdateSetSource<typeof estoqueTransferenciaLojas>) =>
  tx
    .update(estoqueTransferenciaLojas)
    .set({ ...valores, version: sql`${estoqueTransferenciaLojas.version} + 1` })
    .where(and(eq(estoqueTransferenciaLojas.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueTransferenciaLojas.id, id)));

/**
 * Sends a draft: one transaction lowers the origin's location by every line at the average cost (a 409
 * naming product and location when the store forbids negative stock), prices each line (table, else that
 * average) and puts the transfer in transit; a request it fulfils becomes enviado.
 */
export async function enviarTransferencia(tx: Transaction, a: AutorEstoque, id: string) {
  const t = await travar(tx, a, id, 'origem', ['rascunho']);
  const produtos = [...new Set(t.itens.map((l) => l.produto))];
  const tabela = await precosDaTabela(tx, a, t.empresaDestinoId, produtos);
  const agora = new Date();
  const r = await lancar(
    tx,
    a,
    t.itens.map((l) => ({ localId: t.localOrigemId, produtoId: l.produto, tipo: 'transferencia', quantidade: -qtd(l.quantidade), custoProprio: null, ocorridoEm: agora, documentoTipo: DOCUMENTO_TRANSFERENCIA_LOJAS, documentoId: id })),
  );
  const medio = new Map(r.movimentos.map((m) => [m.produtoId, m.custoUnitario]));
  const itens: LinhaTransferenciaGravada[] = t.itens.map((l) => {
    const preco = tabela.get(l.produto);
    const unitario = preco ?? medio.get(l.produto) ?? 0n;
    return { ...l, custoUnitario: textoCusto(unitario), origemCusto: preco === undefined ? 'custoMedio' : 'tabela', valor: valorEmCentavos(qtd(l.quantidade), unitario) };
  });
  await mudar(tx, a, id, { status: 'enviada', itens, valor: itens.reduce((s, l) => s + l.valor, 0), enviadoEm: agora, enviadoPor: a.usuario });
  if (t.pedidoId) {
    await tx
      .update(estoquePedidoTransferencia)
      .set({ status: 'enviado', transferenciaId: id, version: sql`${estoquePedidoTransferencia.version} + 1` })
      .where(and(eq(estoquePedidoTransferencia.grupoEmpresarialId, a.grupoEmpresarial), eq(estoquePedidoTransferencia.id, t.pedidoId)));
  }
  return detalharTransferencia(tx, a, id);
}

/**
 * The receiving store confirms what arrived into one of its locations: the lines left out arrived as sent.
 * One transaction raises the location at the transfer's unit cost, keeps each line's divergence (received −
 * sent) and its value, and closes the transfer and its request; the second confirmation is a 409.
 */
export async function receberTransferencia(tx: Transaction, a: AutorEstoque, id: string, rec: RecebimentoTransferencia) {
  const t = await travar(tx, a, id, 'destino', ['enviada']);
  const campos: Record<string, string> = {};
  if (!(await localDaLoja(tx, a, rec.local))) campos.local = 'Local de estoque não encontrado nesta loja (ou inativo).';
  const recebidas = new Map<number, string>();
  rec.itens.forEach((i, n) => {
    if (!t.itens[i.linha]) campos[`itens.${n}.linha`] ??= 'Esta linha não existe na transferência.';
    else if (recebidas.has(i.linha)) campos[`itens.${n}.linha`] ??= 'Linha repetida no recebimento.';
    recebidas.set(i.linha, i.quantidadeRecebida);
  });
  recusarCampos(campos, rotuloCampo);
  const agora = new Date();
  const itens: LinhaTransferenciaGravada[] = t.itens.map((l, n) => {
    const recebida = qtd(recebidas.get(n) ?? l.quantidade);
    const divergencia = recebida - qtd(l.quantidade);
    return { ...l, quantidadeRecebida: textoQtd(recebida), divergencia: textoQtd(divergencia), valorDivergencia: valorEmCentavos(divergencia, custo(l.custoUnitario)) };
  });
  await lancar(
    tx,
    a,
    itens
      .filter((l) => qtd(l.quantidadeRecebida!) > 0n)
      .map((l) => ({ localId: rec.local, produtoId: l.produto, tipo: 'transferencia', quantidade: qtd(l.quantidadeRecebida!), custoProprio: custo(l.custoUnitario), ocorridoEm: agora, documentoTipo: DOCUMENTO_TRANSFERENCIA_LOJAS, documentoId: id })),
  );
  await mudar(tx, a, id, {
    status: 'recebida',
    itens,
    localDestinoId: rec.local,
    valorRecebido: itens.reduce((s, l) => s + valorEmCentavos(qtd(l.quantidadeRecebida!), custo(l.custoUnitario)), 0),
    valorDivergencia: itens.reduce((s, l) => s + l.valorDivergencia!, 0),
    observacaoRecebimento: rec.observacao,
    recebidoEm: agora,
    recebidoPor: a.usuario,
  });
  if (t.pedidoId) {
    await tx
      .update(estoquePedidoTransferencia)
      .set({ status: 'recebido', version: sql`${estoquePedidoTransferencia.version} + 1` })
      .where(and(eq(estoquePedidoTransferencia.grupoEmpresarialId, a.grupoEmpresarial), eq(estoquePedidoTransferencia.id, t.pedidoId)));
  }
  return detalharTransferencia(tx, a, id);
}

/**
 * The sending store cancels a draft, or reverses a transfer in transit (its stock back into the origin by
 * new ledger rows: nothing was received yet); a request it fulfilled goes back to aprovado, to be sent again.
 */
export async function cancelarTransferencia(tx: Transaction, a: AutorEstoque, id: string, motivo: string) {
  const t = await travar(tx, a, id, 'origem', ['rascunho', 'enviada']);
  if (t.status === 'enviada') await estornarMovimentos(tx, a, id);
  await mudar(tx, a, id, { status: 'cancelada', canceladoEm: new Date(), canceladoPor: a.usuario, motivoCancelamento: motivo });
  if (t.pedidoId) {
    await tx
      .update(estoquePedidoTransferencia)
      .set({ status: 'aprovado', transferenciaId: null, version: sql`${estoquePedidoTransferencia.version} + 1` })
      .where(and(eq(estoquePedidoTransferencia.grupoEmpresarialId, a.grupoEmpresarial), eq(estoquePedidoTransferencia.id, t.pedidoId)));
  }
  return detalharTransferencia(tx, a, id);
}

const colunas = sql`
  t.id as "_id", t.numero::int as numero, t.status, t.empresa_id as "empresaOrigem", eo.nome_fantasia as "empresaOrigemNome",
  t.empresa_destino_id as "empresaDestino", ed.nome_fantasia as "empresaDestinoNome",
  t.local_origem_id as "localOrigem", lo.dados->>'descricao' as "localOrigemDescricao", t.local_destino_id as "localDestino", ld.dados->>'descricao' as "localDestinoDescricao",
  t.pedido_id as pedido, pt.numero::int as "pedidoNumero", t.valor::int as valor, t.valor_recebido::int as "valorRecebido", t.valor_divergencia::int as "valorDivergencia",
  t.observacao, t.observacao_recebimento as "observacaoRecebimento", t.version,
  t.created_at as "criadoEm", uc.nome as "criadoPor", t.enviado_em as "enviadoEm", ue.nome as "enviadoPor", t.recebido_em as "recebidoEm", ur.nome as "recebidoPor",
  t.cancelado_em as "canceladoEm", ux.nome as "canceladoPor", t.motivo_cancelamento as "motivoCancelamento"`;
const juncoes = sql`
  from estoque_transferencia_lojas t
  left join empresa eo on eo.grupo_empresarial_id = t.grupo_empresarial_id and eo.id = t.empresa_id
  left join empresa ed on ed.grupo_empresarial_id = t.grupo_empresarial_id and ed.id = t.empresa_destino_id
  left join registro lo on lo.grupo_empresarial_id = t.grupo_empresarial_id and lo.id = t.local_origem_id
  left join registro ld on ld.grupo_empresarial_id = t.grupo_empresarial_id and ld.id = t.local_destino_id
  left join estoque_pedido_transferencia pt on pt.grupo_empresarial_id = t.grupo_empresarial_id and pt.id = t.pedido_id
  left join usuario uc on uc.grupo_empresarial_id = t.grupo_empresarial_id and uc.id = t.criado_por
  left join usuario ue on ue.grupo_empresarial_id = t.grupo_empresarial_id and ue.id = t.enviado_por
  left join usuario ur on ur.grupo_empresarial_id = t.grupo_empresarial_id and ur.id = t.recebido_por
  left join usuario ux on ux.grupo_empresarial_id = t.grupo_empresarial_id and ux.id = t.cancelado_por`;

/** One transfer the session's store sent or must receive, with its products' names and units; else 404. */
export async function detalharTransferencia(tx: Transaction, a: AutorEstoque, id: string) {
  const r = await tx.execute<{ _id: string; itens: LinhaTransferenciaGravada[] } & Record<string, unknown>>(sql`
    select ${colunas}, t.itens ${juncoes}
    where t.grupo_empresarial_id = ${a.grupoEmpresarial} and (t.empresa_id = ${a.empresa} or (t.empresa_destino_id = ${a.empresa} and t.status <> 'rascunho')) and t.id = ${id}`);
  const t = r.rows[0];
  if (!t) throw new HttpError(404, 'Transferência não encontrada.');
  const nomes = await nomesDosProdutos(tx, a, t.itens.map((i) => i.produto));
  return { ...t, direcao: t.empresaOrigem === a.empresa ? 'enviada' : 'recebida', itens: t.itens.map((i) => ({ ...i, ...nomes.get(i.produto) })) };
}

/** Description, code and stock unit of products of the group. */
export async function nomesDosProdutos(tx: Transaction, a: AutorEstoque, ids: string[]) {
  const r = await tx.execute<{ id: string; descricao: string | null; codigo: string | null; unidade: string | null }>(sql`
    select p.id, p.dados->>'descricao' as descricao, p.dados->>'codigo' as codigo, u.dados->>'sigla' as unidade
    from registro p left join registro u on u.grupo_empresarial_id = p.grupo_empresarial_id and u.id = p.dados->>'unidade'
    where p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.recurso = 'produtoGeral' and p.id = any(${sql.param([...new Set(ids)])}::text[])`);
  return new Map(r.rows.map(({ id, ...p }) => [id, p]));
}

/** The transfers the session's store sent and/or must receive, newest first. */
export async function listarTransferencias(tx: Transaction, a: AutorEstoque, f: { direcao?: 'enviadas' | 'recebidas' | null | undefined; status?: string | null | undefined; limite?: number | null | undefined }) {
  const lado =
    f.direcao === 'enviadas' ? sql`t.empresa_id = ${a.empresa}` : f.direcao === 'recebidas' ? sql`t.empresa_destino_id = ${a.empresa} and t.status <> 'rascunho'` : sql`(t.empresa_id = ${a.empresa} or (t.empresa_destino_id = ${a.empresa} and t.status <> 'rascunho'))`;
  const r = await tx.execute(sql`
    select ${colunas}, jsonb_array_length(t.itens)::int as linhas ${juncoes}
    where t.grupo_empresarial_id = ${a.grupoEmpresarial} and ${lado} ${f.status ? sql`and t.status = ${f.status}` : sql``}
    order by t.created_at desc, t.numero desc
    limit ${Math.min(f.limite ?? 200, 1000)}`);
  return r.rows.map((t) => ({ ...t, direcao: t.empresaOrigem === a.empresa ? 'enviada' : 'recebida' }));
}
