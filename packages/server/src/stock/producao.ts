import {
  converterQuantidade,
  custo,
  custoUnitarioDaProducao,
  explodirFicha,
  qtd,
  textoCusto,
  textoQtd,
  valorEmCentavos,
  type ApontamentoNovo,
  type DetalheProducao,
  type EdicaoProducao,
  type FichaParaCalculo,
  type FiltroProducao,
  type IngredienteProducao,
  type NovaProducao,
  type PreviaProducao,
  type ProducaoListada,
  type StatusProducao,
  compararPt,
} from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client.ts';
import { estoqueProducao, estoqueProducaoApontamento, type ConsumoGravado } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import { HttpError } from '../plugins/envelope.ts';
import { empresasDoUsuario } from '../session/sessaoData.ts';
import { fichasDoGrupo } from './fichas.ts';
import { proximoNumero } from './numeracao.ts';
import { estornarMovimentos, lancar, permiteNegativo, type AutorEstoque, type MovimentoNovo } from './razao.ts';

/**
 * Production orders (estoqueProducaoProdutos; decision 0014 for the ledger). A posting consumes the
 * ingredients of the product's recipe from the order's ingredients location at the average cost
 * (producaoConsumo) and puts the product in its location at the cost of what was consumed (producao,
 * its own cost), all in the caller's transaction, under the posting's id. A central-kitchen order then
 * moves what was produced to another store of the group at that same cost (a transfer out of the
 * kitchen and an entry in the store, both with the production's cost).
 */

const dataBr = (d: Date) => d.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });
const sim = (campos: Record<string, string>, campo: string, mensagem: string) => void (campos[campo] ??= mensagem);

const rotulos: Record<string, string> = {
  produto: 'Produto',
  quantidade: 'Quantidade',
  unidade: 'Unidade',
  localOrigem: 'Local dos ingredientes',
  localDestino: 'Local do produto',
  empresaDestino: 'Loja de destino',
  localEmpresaDestino: 'Local na loja de destino',
};
/** 400 naming the first field, with every field's message in campos. */
function recusar(campos: Record<string, string>): void {
  const [campo, mensagem] = Object.entries(campos)[0] ?? [];
  if (!campo) return;
  const consumo = /^consumos\.(\d+)\.produto$/.exec(campo);
  throw new HttpError(400, `${consumo ? `Ingrediente ${Number(consumo[1]) + 1}, produto` : (rotulos[campo] ?? campo)}: ${mensagem}`, {}, campos);
}

type Produto = { id: string; descricao: string | null; codigo: string | null; unidade: string | null; sigla: string | null };

/** The group's products by id (not in the trash), with their stock unit. */
async function produtosDoGrupo(tx: Transaction, a: AutorEstoque, ids: string[]): Promise<Map<string, Produto>> {
  if (!ids.length) return new Map();
  const r = await tx.execute<Produto>(sql`
    select p.id, p.dados->>'descricao' as descricao, p.dados->>'codigo' as codigo, p.dados->>'unidade' as unidade, u.dados->>'sigla' as sigla
    from registro p
    left join registro u on u.grupo_empresarial_id = p.grupo_empresarial_id and u.id = p.dados->>'unidade'
    where p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.recurso = 'produtoGeral' and not p.lixo and p.id = any(${sql.param([...new Set(ids)])}::text[])`);
  return new Map(r.rows.map((p) => [p.id, p]));
}

/** Active locations of one company of the group, among these ids. */
async function locaisAtivos(tx: Transaction, grupo: string, empresa: string, ids: string[]): Promise<Set<string>> {
  const r = await tx.execute<{ id: string }>(sql`
    select id from registro where grupo_empresarial_id = ${grupo} and recurso = 'estoqueCadastro' and empresa_id = ${empresa}
      and not lixo and coalesce((dados->>'ativo')::boolean, true) and id = any(${sql.param(ids)}::text[])`);
  return new Set(r.rows.map((l) => l.id));
}

/** A company's sales location (the active one marked "Baixa as vendas", else the first active one), as sales use. */
async function localPadrao(tx: Transaction, grupo: string, empresa: string): Promise<string | null> {
  const r = await tx.execute<{ id: string }>(sql`
    select id from registro where grupo_empresarial_id = ${grupo} and recurso = 'estoqueCadastro' and empresa_id = ${empresa}
      and not lixo and coalesce((dados->>'ativo')::boolean, true)
    order by coalesce((dados->>'baixaVendas')::boolean, false) desc, lower(dados->>'descricao'), id limit 1`);
  return r.rows[0]?.id ?? null;
}

/**
 * A quantity typed in `unidade` in the product's stock unit (by its conversion factor), or a message for
 * `campos.unidade` when that unit is unknown or has no factor for the product.
 */
async function converter(tx: Transaction, a: AutorEstoque, produto: Produto, quantidade: string, unidade: string | null, campos: Record<string, string>): Promise<bigint> {
  if (!unidade || unidade === produto.unidade) return qtd(quantidade);
  const r = await tx.execute<{ recurso: string; sigla: string | null; fator: string | null }>(sql`
    select recurso, dados->>'sigla' as sigla, dados->>'fator' as fator from registro
    where grupo_empresarial_id = ${a.grupoEmpresarial} and not lixo and (
      (recurso = 'unidadeMedida' and id = ${unidade})
      or (recurso = 'estoqueProdutoFatorConversao' and dados->>'produto' = ${produto.id} and dados->>'unidade' = ${unidade}))`);
  const achada = r.rows.find((l) => l.recurso === 'unidadeMedida');
  const fator = r.rows.find((l) => l.recurso === 'estoqueProdutoFatorConversao')?.fator;
  if (!achada) sim(campos, 'unidade', 'Unidade de medida não encontrada.');
  else if (!fator) sim(campos, 'unidade', `Sem fator de conversão de ${achada.sigla} para este produto: cadastre-o em Fatores de conversão.`);
  return fator ? converterQuantidade(quantidade, fator) : qtd(quantidade);
}

/** The group's active recipes, and the products with a recipe whose stock the company controls (made ahead and kept on the shelf). */
async function receitas(tx: Transaction, a: AutorEstoque): Promise<{ fichas: Map<string, FichaParaCalculo>; estocados: Set<string> }> {
  const fichas = await fichasDoGrupo(tx, a.grupoEmpresarial);
  if (!fichas.size) return { fichas, estocados: new Set() };
  const r = await tx.execute<{ produto: string }>(sql`
    select dados->>'produtoGeral' as produto from registro
    where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeralEmpresa' and coalesce(empresa_id, '') = ${a.empresa} and not lixo
      and coalesce((dados->>'controlaEstoque')::boolean, false) and dados->>'produtoGeral' = any(${sql.param([...fichas.keys()])}::text[])`);
  return { fichas, estocados: new Set(r.rows.map((l) => l.produto)) };
}

/**
 * What `quantidade` (stock unit) of the product takes by its recipe: sub-recipes exploded down to what
 * is stocked (a sub-recipe whose product the company keeps in stock is consumed from the shelf), with
 * the actual quantities typed replacing the recipe's (0: not used; another product: a substitute).
 */
function consumoPelaReceita(r: { fichas: Map<string, FichaParaCalculo>; estocados: Set<string> }, produto: string, quantidade: bigint, reais: readonly { produto: string; quantidade: string }[]) {
  const fichas = new Map([...r.fichas].filter(([p]) => p === produto || !r.estocados.has(p)));
  const receita = explodirFicha(fichas, produto, textoQtd(quantidade));
  const consumo = new Map([...receita].map(([p, q]) => [p, qtd(q)]));
  for (const c of reais) consumo.set(c.produto, qtd(c.quantidade));
  return { receita, consumo };
}

/**
 * The preview of producing `quantidade` (stock unit) of a product from a location: each ingredient
 * with the recipe's and the consumed quantity, the balance there, the shortage and the value at the
 * company's average cost, and the unit cost of the product (what a posting now would record).
 */
export async function preverProducao(tx: Transaction, a: AutorEstoque, pedido: { produto: string; quantidade: bigint; localOrigem: string; consumos: readonly { produto: string; quantidade: string }[] }): Promise<PreviaProducao> {
  const r = await receitas(tx, a);
  const { receita, consumo } = consumoPelaReceita(r, pedido.produto, pedido.quantidade, pedido.consumos);
  const ids = [...consumo.keys()];
  const produtos = await produtosDoGrupo(tx, a, [pedido.produto, ...ids]);
  const posicao = await tx.execute<{ produto_id: string; saldo: string | null; custo_medio: string | null }>(sql`
    select p as produto_id,
      (select s.quantidade::text from estoque_saldo s where s.grupo_empresarial_id = ${a.grupoEmpresarial} and s.local_id = ${pedido.localOrigem} and s.produto_id = p) as saldo,
      (select c.custo_medio::text from estoque_custo c where c.grupo_empresarial_id = ${a.grupoEmpresarial} and c.empresa_id = ${a.empresa} and c.produto_id = p) as custo_medio
    from unnest(${sql.param(ids)}::text[]) as p`);
  const porProduto = new Map(posicao.rows.map((l) => [l.produto_id, l]));
  const ingredientes: IngredienteProducao[] = ids.map((id) => {
    const p = produtos.get(id);
    const q = consumo.get(id)!;
    const saldo = qtd(porProduto.get(id)?.saldo ?? '0');
    const custoMedio = custo(porProduto.get(id)?.custo_medio ?? '0');
    const disponivel = saldo > 0n ? saldo : 0n;
    return {
      produto: id,
      codigo: p?.codigo ?? null,
      descricao: p?.descricao ?? null,
      unidade: p?.sigla ?? null,
      receita: receita.get(id) ?? textoQtd(0n),
      quantidade: textoQtd(q),
      saldo: textoQtd(saldo),
      falta: textoQtd(q > disponivel ? q - disponivel : 0n),
      custoMedio: textoCusto(custoMedio),
      valor: valorEmCentavos(q, custoMedio),
      intermediario: r.estocados.has(id) && r.fichas.has(id),
    };
  });
  ingredientes.sort((x, y) => compararPt(x.descricao, y.descricao));
  const custoTotal = ingredientes.reduce((s, i) => s + i.valor, 0);
  const produto = produtos.get(pedido.produto);
  return {
    produto: pedido.produto,
    descricao: produto?.descricao ?? null,
    unidade: produto?.sigla ?? null,
    quantidade: textoQtd(pedido.quantidade),
    ingredientes,
    custoTotal,
    custoUnitario: custoUnitarioDaProducao(custoTotal, textoQtd(pedido.quantidade)),
    faltas: ingredientes.filter((i) => qtd(i.falta) > 0n).length,
    permiteNegativo: await permiteNegativo(tx, a),
  };
}

/** 400 naming every consumed product that is not the group's, or is the product being made. */
async function conferirConsumos(tx: Transaction, a: AutorEstoque, produzido: string, consumos: readonly { produto: string }[]) {
  const produtos = await produtosDoGrupo(tx, a, consumos.map((c) => c.produto));
  const campos: Record<string, string> = {};
  consumos.forEach((c, i) => {
    if (!produtos.has(c.produto)) campos[`consumos.${i}.produto`] = 'Produto não encontrado.';
    else if (c.produto === produzido) campos[`consumos.${i}.produto`] = 'O produto da ordem não pode ser ingrediente dele mesmo.';
  });
  recusar(campos);
}

/** The product of a preview typed before any order exists: its recipe, the location and the quantity in stock unit. */
export async function preverPedido(tx: Transaction, a: AutorEstoque, pedido: { produto: string; quantidade: string; unidade: string | null; localOrigem: string; consumos: { produto: string; quantidade: string }[] }) {
  const campos: Record<string, string> = {};
  const produto = await produtoComFicha(tx, a, pedido.produto, campos);
  const quantidade = produto ? await converter(tx, a, produto, pedido.quantidade, pedido.unidade, campos) : 0n;
  if (!(await locaisAtivos(tx, a.grupoEmpresarial, a.empresa, [pedido.localOrigem])).size) sim(campos, 'localOrigem', 'Local de estoque não encontrado nesta empresa (ou inativo).');
  recusar(campos);
  await conferirConsumos(tx, a, pedido.produto, pedido.consumos);
  return preverProducao(tx, a, { ...pedido, quantidade });
}

/** The product, or a message in campos.produto when it is not the group's or has no active recipe sheet. */
async function produtoComFicha(tx: Transaction, a: AutorEstoque, id: string, campos: Record<string, string>): Promise<Produto | null> {
  const produto = (await produtosDoGrupo(tx, a, [id])).get(id);
  if (!produto) {
    sim(campos, 'produto', 'Produto não encontrado.');
    return null;
  }
  const ficha = await tx.execute(sql`
    select 1 from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'estoqueFichaTecnica' and not lixo
      and coalesce((dados->>'ativo')::boolean, true) and dados->>'produto' = ${id} limit 1`);
  if (!ficha.rows.length) sim(campos, 'produto', 'Este produto não tem ficha técnica ativa: cadastre a receita dele em Fichas técnicas.');
  return produto;
}

/**
 * The order's references checked (400 naming the field): the product has an active recipe, the unit
 * converts, both locations are the company's, and a destination store is another company of the group
 * the user may use, with an active location (its sales location when none is chosen).
 */
async function conferirPedido(tx: Transaction, a: AutorEstoque, pedido: NovaProducao) {
  const campos: Record<string, string> = {};
  const produto = await produtoComFicha(tx, a, pedido.produto, campos);
  const quantidade = produto ? await converter(tx, a, produto, pedido.quantidade, pedido.unidade, campos) : 0n;
  const locais = await locaisAtivos(tx, a.grupoEmpresarial, a.empresa, [pedido.localOrigem, pedido.localDestino]);
  if (!locais.has(pedido.localOrigem)) sim(campos, 'localOrigem', 'Local de estoque não encontrado nesta empresa (ou inativo).');
  if (!locais.has(pedido.localDestino)) sim(campos, 'localDestino', 'Local de estoque não encontrado nesta empresa (ou inativo).');
  let localEmpresaDestino: string | null = null;
  if (pedido.empresaDestino) {
    const permitidas = await empresasDoUsuario(tx, a.grupoEmpresarial, a.usuario);
    if (pedido.empresaDestino === a.empresa) sim(campos, 'empresaDestino', 'A loja de destino deve ser outra empresa: nesta, o produto já entra no local do produto.');
    else if (!permitidas.some((e) => e.id === pedido.empresaDestino)) sim(campos, 'empresaDestino', 'Empresa não encontrada entre as que você pode usar neste grupo.');
    else if (pedido.localEmpresaDestino) {
      if (!(await locaisAtivos(tx, a.grupoEmpresarial, pedido.empresaDestino, [pedido.localEmpresaDestino])).size) sim(campos, 'localEmpresaDestino', 'Local de estoque não encontrado na loja de destino (ou inativo).');
      localEmpresaDestino = pedido.localEmpresaDestino;
    } else {
      localEmpresaDestino = await localPadrao(tx, a.grupoEmpresarial, pedido.empresaDestino);
      if (!localEmpresaDestino) sim(campos, 'localEmpresaDestino', 'A loja de destino não tem local de estoque ativo: cadastre um em Locais de estoque.');
    }
  }
  recusar(campos);
  return { quantidade, localEmpresaDestino };
}

/** Opens a production order (planejada), numbered per company. */
export async function criarProducao(tx: Transaction, a: AutorEstoque, pedido: NovaProducao): Promise<DetalheProducao> {
  const { quantidade, localEmpresaDestino } = await conferirPedido(tx, a, pedido);
  const numero = await proximoNumero(tx, a, 'estoque_producao');
  const id = newId();
  await tx.insert(estoqueProducao).values({
    grupoEmpresarialId: a.grupoEmpresarial,
    id,
    empresaId: a.empresa,
    numero,
    produtoId: pedido.produto,
    quantidadePlanejada: textoQtd(quantidade),
    quantidadeInformada: pedido.quantidade,
    unidadeInformada: pedido.unidade,
    localOrigemId: pedido.localOrigem,
    localDestinoId: pedido.localDestino,
    empresaDestinoId: pedido.empresaDestino,
    localEmpresaDestinoId: localEmpresaDestino,
    dataPlanejada: pedido.dataPlanejada,
    observacao: pedido.observacao,
    criadoPor: a.usuario,
  });
  return detalharProducao(tx, a, id);
}

const mensagensStatus: Record<StatusProducao, string> = {
  planejada: 'Esta ordem ainda está planejada.',
  iniciada: 'Esta ordem já foi iniciada.',
  finalizada: 'Esta ordem já foi finalizada.',
  cancelada: 'Esta ordem foi cancelada.',
};

/** The order locked for a change, or 404; 409 saying why when its status does not allow the change. */
async function ordemParaMudar(tx: Transaction, a: AutorEstoque, id: string, permitidos: readonly StatusProducao[]) {
  const [ordem] = await tx
    .select()
    .from(estoqueProducao)
    .where(and(eq(estoqueProducao.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueProducao.empresaId, a.empresa), eq(estoqueProducao.id, id)))
    .for('update');
  if (!ordem) throw new HttpError(404, 'Ordem de produção não encontrada.');
  const status = ordem.status as StatusProducao;
  if (!permitidos.includes(status)) {
    const quando = status === 'finalizada' ? ordem.finalizadaEm : status === 'cancelada' ? ordem.canceladaEm : null;
    throw new HttpError(409, quando ? `${mensagensStatus[status].slice(0, -1)} em ${dataBr(quando)}.` : mensagensStatus[status]);
  }
  return ordem;
}

const mudar = (tx: Transaction, a: AutorEstoque, id: string, valores: PgUpdateSetSource<typeof estoqueProducao>) =>
  tx
    .update(estoqueProducao)
    .set({ ...valores, version: sql`${estoqueProducao.version} + 1` })
    .where(and(eq(estoqueProducao.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueProducao.id, id)));

/** A planned order changed (quantity, locations, date, destination), with the version read: 409 when someone changed it since. */
export async function editarProducao(tx: Transaction, a: AutorEstoque, id: string, edicao: EdicaoProducao) {
  const ordem = await ordemParaMudar(tx, a, id, ['planejada']);
  if (ordem.version !== edicao.version) throw new HttpError(409, 'Esta ordem foi alterada por outra pessoa depois que você a abriu: abra-a de novo para ver as mudanças.');
  const { quantidade, localEmpresaDestino } = await conferirPedido(tx, a, edicao);
  await mudar(tx, a, id, {
    produtoId: edicao.produto,
    quantidadePlanejada: textoQtd(quantidade),
    quantidadeInformada: edicao.quantidade,
    unidadeInformada: edicao.unidade,
    localOrigemId: edicao.localOrigem,
    localDestinoId: edicao.localDestino,
    empresaDestinoId: edicao.empresaDestino,
    localEmpresaDestinoId: localEmpresaDestino,
    dataPlanejada: edicao.dataPlanejada,
    observacao: edicao.observacao,
  });
  return detalharProducao(tx, a, id);
}

export async function iniciarProducao(tx: Transaction, a: AutorEstoque, id: string) {
  await ordemParaMudar(tx, a, id, ['planejada']);
  await mudar(tx, a, id, { status: 'iniciada', iniciadaEm: new Date() });
  return detalharProducao(tx, a, id);
}

/**
 * Posts what was produced now, in one transaction: the ingredients out of the ingredients location at
 * the average cost (refused with 409 naming product and location when the company forbids negative
 * stock), the product into its location at the cost consumed ÷ quantity, and for a central-kitchen
 * order the product on to the destination store at that cost. A planned order starts; `finalizar`
 * closes it (with less than planned, if so).
 */
export async function apontarProducao(tx: Transaction, a: AutorEstoque, id: string, ap: ApontamentoNovo) {
  const ordem = await ordemParaMudar(tx, a, id, ['planejada', 'iniciada']);
  const campos: Record<string, string> = {};
  const produto = (await produtosDoGrupo(tx, a, [ordem.produtoId])).get(ordem.produtoId);
  if (!produto) throw new HttpError(409, 'O produto desta ordem foi excluído: cancele a ordem.');
  const quantidade = await converter(tx, a, produto, ap.quantidade, ap.unidade, campos);
  recusar(campos);
  await conferirConsumos(tx, a, ordem.produtoId, ap.consumos);
  const r = await receitas(tx, a);
  if (!r.fichas.has(ordem.produtoId)) throw new HttpError(409, 'O produto desta ordem não tem mais ficha técnica ativa: reative a receita em Fichas técnicas.');
  const { consumo } = consumoPelaReceita(r, ordem.produtoId, quantidade, ap.consumos);

  const apontamentoId = newId();
  const agora = new Date();
  const base = { ocorridoEm: agora, documentoTipo: 'producao', documentoId: apontamentoId };
  const saidas: MovimentoNovo[] = [...consumo]
    .filter(([, q]) => q > 0n)
    .map(([produtoId, q]) => ({ ...base, localId: ordem.localOrigemId, produtoId, tipo: 'producaoConsumo', quantidade: -q, custoProprio: null }));
  const consumido = await lancar(tx, a, saidas);
  const valor = -consumido.movimentos.reduce((s, m) => s + m.valor, 0);
  const custoUnitario = custo(custoUnitarioDaProducao(valor, textoQtd(quantidade)));
  const entradaProduto: MovimentoNovo = { ...base, localId: ordem.localDestinoId, produtoId: ordem.produtoId, tipo: 'producao', quantidade, custoProprio: custoUnitario };
  const destino = ordem.empresaDestinoId && ordem.localEmpresaDestinoId ? { empresa: ordem.empresaDestinoId, local: ordem.localEmpresaDestinoId } : null;
  // The kitchen passes what it produced on at the production's own cost: its average is left as it was.
  const saidaCozinha: MovimentoNovo[] = destino ? [{ ...base, localId: ordem.localDestinoId, produtoId: ordem.produtoId, tipo: 'transferencia', quantidade: -quantidade, custoProprio: custoUnitario }] : [];
  await lancar(tx, a, [entradaProduto, ...saidaCozinha], { aceitarNegativo: true });
  if (destino) {
    await lancar(tx, { ...a, empresa: destino.empresa }, [{ ...base, localId: destino.local, produtoId: ordem.produtoId, tipo: 'transferencia', quantidade, custoProprio: custoUnitario }]);
  }

  const consumos: ConsumoGravado[] = consumido.movimentos.map((m) => ({ produto: m.produtoId, quantidade: textoQtd(-m.quantidade), custoUnitario: textoCusto(m.custoUnitario), valor: -m.valor }));
  const [{ numero } = { numero: 1 }] = (
    await tx.execute<{ numero: number }>(sql`
      select coalesce(max(numero), 0)::int + 1 as numero from estoque_producao_apontamento where grupo_empresarial_id = ${a.grupoEmpresarial} and producao_id = ${id}`)
  ).rows;
  await tx.insert(estoqueProducaoApontamento).values({
    grupoEmpresarialId: a.grupoEmpresarial,
    id: apontamentoId,
    producaoId: id,
    empresaId: a.empresa,
    numero,
    quantidade: textoQtd(quantidade),
    custoUnitario: textoCusto(custoUnitario),
    valor,
    consumos,
    finalizou: ap.finalizar,
    observacao: ap.observacao,
    ocorridoEm: agora,
    usuarioId: a.usuario,
  });
  await mudar(tx, a, id, {
    quantidadeProduzida: sql`${estoqueProducao.quantidadeProduzida} + ${textoQtd(quantidade)}::numeric`,
    valorProduzido: sql`${estoqueProducao.valorProduzido} + ${valor}`,
    status: ap.finalizar ? 'finalizada' : 'iniciada',
    iniciadaEm: ordem.iniciadaEm ?? agora,
    ...(ap.finalizar ? { finalizadaEm: agora, finalizadaPor: a.usuario } : {}),
  });
  return detalharProducao(tx, a, id);
}

/** Closes a started order with what was produced (less than planned, if so); nothing produced is a 409 (cancel it instead). */
export async function finalizarProducao(tx: Transaction, a: AutorEstoque, id: string) {
  const ordem = await ordemParaMudar(tx, a, id, ['planejada', 'iniciada']);
  if (qtd(ordem.quantidadeProduzida) <= 0n) throw new HttpError(409, 'Nada foi produzido nesta ordem: aponte a produção antes de finalizar, ou cancele a ordem.');
  await mudar(tx, a, id, { status: 'finalizada', finalizadaEm: new Date(), finalizadaPor: a.usuario });
  return detalharProducao(tx, a, id);
}

/** Cancels an order while nothing it posted stands (every posting reversed, or none). */
export async function cancelarProducao(tx: Transaction, a: AutorEstoque, id: string, motivo: string | null) {
  await ordemParaMudar(tx, a, id, ['planejada', 'iniciada']);
  const ativos = await tx.execute(sql`
    select 1 from estoque_producao_apontamento where grupo_empresarial_id = ${a.grupoEmpresarial} and producao_id = ${id} and estornado_em is null limit 1`);
  if (ativos.rows.length) throw new HttpError(409, 'Esta ordem tem produção apontada: estorne os apontamentos antes de cancelar, ou finalize a ordem.');
  await mudar(tx, a, id, { status: 'cancelada', canceladaEm: new Date(), canceladaPor: a.usuario, motivoCancelamento: motivo });
  return detalharProducao(tx, a, id);
}

/**
 * Reverses one posting: its movements in the kitchen (and in the destination store) come back as
 * opposite rows at the same cost and business time, the order's produced quantity goes down, and a
 * finished order opens again. Reversing twice is a 409.
 */
export async function estornarApontamento(tx: Transaction, a: AutorEstoque, id: string, apontamentoId: string, motivo: string) {
  const ordem = await ordemParaMudar(tx, a, id, ['planejada', 'iniciada', 'finalizada', 'cancelada']);
  const [ap] = await tx
    .select()
    .from(estoqueProducaoApontamento)
    .where(and(eq(estoqueProducaoApontamento.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueProducaoApontamento.producaoId, id), eq(estoqueProducaoApontamento.id, apontamentoId)))
    .for('update');
  if (!ap) throw new HttpError(404, 'Apontamento não encontrado nesta ordem.');
  if (ap.estornadoEm) throw new HttpError(409, `Este apontamento já foi estornado em ${dataBr(ap.estornadoEm)}.`);
  const central = Boolean(ordem.empresaDestinoId);
  // In a central kitchen the product only passed through: its reversal nets to zero there.
  await estornarMovimentos(tx, a, apontamentoId, { aceitarNegativo: central });
  if (ordem.empresaDestinoId) await estornarMovimentos(tx, { ...a, empresa: ordem.empresaDestinoId }, apontamentoId);
  const agora = new Date();
  await tx
    .update(estoqueProducaoApontamento)
    .set({ estornadoEm: agora, estornadoPor: a.usuario, motivoEstorno: motivo })
    .where(and(eq(estoqueProducaoApontamento.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueProducaoApontamento.id, apontamentoId)));
  await mudar(tx, a, id, {
    quantidadeProduzida: sql`${estoqueProducao.quantidadeProduzida} - ${ap.quantidade}::numeric`,
    valorProduzido: sql`${estoqueProducao.valorProduzido} - ${ap.valor}`,
    ...(ordem.status === 'finalizada' ? { status: 'iniciada', finalizadaEm: null, finalizadaPor: null } : {}),
  });
  return detalharProducao(tx, a, id);
}

const colunasLista = sql`
  o.id as "_id", o.numero::int as numero, o.status, o.produto_id as produto, p.dados->>'codigo' as codigo, p.dados->>'descricao' as descricao,
  u.dados->>'sigla' as unidade, o.quantidade_planejada::text as "quantidadePlanejada", o.quantidade_produzida::text as "quantidadeProduzida",
  o.valor_produzido::int as "valorProduzido", o.data_planejada::text as "dataPlanejada",
  o.local_origem_id as "localOrigem", lo.dados->>'descricao' as "localOrigemDescricao",
  o.local_destino_id as "localDestino", ld.dados->>'descricao' as "localDestinoDescricao",
  o.empresa_destino_id as "empresaDestino", e.nome_fantasia as "empresaDestinoNome",
  o.local_empresa_destino_id as "localEmpresaDestino", le.dados->>'descricao' as "localEmpresaDestinoDescricao",
  us.nome as "criadoPor", o.created_at as "criadoEm"`;
const juncoesLista = sql`
  from estoque_producao o
  left join registro p on p.grupo_empresarial_id = o.grupo_empresarial_id and p.id = o.produto_id
  left join registro u on u.grupo_empresarial_id = o.grupo_empresarial_id and u.id = p.dados->>'unidade'
  left join registro lo on lo.grupo_empresarial_id = o.grupo_empresarial_id and lo.id = o.local_origem_id
  left join registro ld on ld.grupo_empresarial_id = o.grupo_empresarial_id and ld.id = o.local_destino_id
  left join registro le on le.grupo_empresarial_id = o.grupo_empresarial_id and le.id = o.local_empresa_destino_id
  left join empresa e on e.grupo_empresarial_id = o.grupo_empresarial_id and e.id = o.empresa_destino_id
  left join usuario us on us.grupo_empresarial_id = o.grupo_empresarial_id and us.id = o.criado_por`;

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

/** The company's orders planned in the period, of the statuses and product asked, newest planned first. */
export async function listarProducoes(tx: Transaction, a: AutorEstoque, f: FiltroProducao): Promise<ProducaoListada[]> {
  const r = await tx.execute<ProducaoListada & Record<string, unknown>>(sql`
    select ${colunasLista} ${juncoesLista}
    where o.grupo_empresarial_id = ${a.grupoEmpresarial} and o.empresa_id = ${a.empresa}
      ${f.status?.length ? sql`and o.status = any(${sql.param(f.status)}::text[])` : sql``}
      ${f.de ? sql`and o.data_planejada >= ${f.de}::date` : sql``}
      ${f.ate ? sql`and o.data_planejada <= ${f.ate}::date` : sql``}
      ${f.produto ? sql`and o.produto_id = ${f.produto}` : sql``}
    order by o.data_planejada desc, o.numero desc
    limit ${Math.min(f.limite ?? 500, 1000)}`);
  return r.rows.map((l) => ({ ...l, criadoEm: iso(l.criadoEm)! }));
}

/** One order with its postings (each with what it consumed), or 404. */
export async function detalharProducao(tx: Transaction, a: AutorEstoque, id: string): Promise<DetalheProducao> {
  const r = await tx.execute<ProducaoListada & Record<string, unknown> & { version: number; observacao: string | null; quantidadeInformada: string; unidadeInformada: string | null; unidadeInformadaSigla: string | null; iniciadaEm: string | null; finalizadaEm: string | null; canceladaEm: string | null; motivoCancelamento: string | null }>(sql`
    select ${colunasLista}, o.version, o.observacao, o.quantidade_informada::text as "quantidadeInformada", o.unidade_informada as "unidadeInformada",
      ui.dados->>'sigla' as "unidadeInformadaSigla", o.iniciada_em as "iniciadaEm", o.finalizada_em as "finalizadaEm", o.cancelada_em as "canceladaEm",
      o.motivo_cancelamento as "motivoCancelamento"
    ${juncoesLista}
    left join registro ui on ui.grupo_empresarial_id = o.grupo_empresarial_id and ui.id = o.unidade_informada
    where o.grupo_empresarial_id = ${a.grupoEmpresarial} and o.empresa_id = ${a.empresa} and o.id = ${id}`);
  const ordem = r.rows[0];
  if (!ordem) throw new HttpError(404, 'Ordem de produção não encontrada.');
  const aps = await tx.execute<{ id: string; numero: number; quantidade: string; custo_unitario: string; valor: string; consumos: ConsumoGravado[]; finalizou: boolean; observacao: string | null; ocorrido_em: string; usuario: string | null; estornado_em: string | null; estornado_por: string | null; motivo_estorno: string | null }>(sql`
    select a.id, a.numero, a.quantidade::text as quantidade, a.custo_unitario::text as custo_unitario, a.valor::text as valor, a.consumos, a.finalizou, a.observacao,
      a.ocorrido_em, u.nome as usuario, a.estornado_em, ue.nome as estornado_por, a.motivo_estorno
    from estoque_producao_apontamento a
    left join usuario u on u.grupo_empresarial_id = a.grupo_empresarial_id and u.id = a.usuario_id
    left join usuario ue on ue.grupo_empresarial_id = a.grupo_empresarial_id and ue.id = a.estornado_por
    where a.grupo_empresarial_id = ${a.grupoEmpresarial} and a.producao_id = ${id}
    order by a.numero`);
  const produtos = await produtosDoGrupo(tx, a, aps.rows.flatMap((x) => x.consumos.map((c) => c.produto)));
  return {
    ...ordem,
    criadoEm: iso(ordem.criadoEm)!,
    iniciadaEm: iso(ordem.iniciadaEm),
    finalizadaEm: iso(ordem.finalizadaEm),
    canceladaEm: iso(ordem.canceladaEm),
    apontamentos: aps.rows.map((x) => ({
      _id: x.id,
      numero: x.numero,
      quantidade: x.quantidade,
      custoUnitario: x.custo_unitario,
      valor: Number(x.valor),
      ocorridoEm: iso(x.ocorrido_em)!,
      usuario: x.usuario,
      observacao: x.observacao,
      finalizou: x.finalizou,
      consumos: x.consumos.map((c) => ({ ...c, descricao: produtos.get(c.produto)?.descricao ?? null, unidade: produtos.get(c.produto)?.sigla ?? null })),
      estornadoEm: iso(x.estornado_em),
      estornadoPor: x.estornado_por,
      motivoEstorno: x.motivo_estorno,
    })),
  };
}

/** The quantity of a posting on an order in the product's stock unit (400 naming the unit), and the order's product and ingredients location. */
export async function preverApontamento(tx: Transaction, a: AutorEstoque, id: string, ap: { quantidade: string; unidade: string | null; consumos: { produto: string; quantidade: string }[] }) {
  const ordem = await detalharProducao(tx, a, id);
  const campos: Record<string, string> = {};
  const produto = (await produtosDoGrupo(tx, a, [ordem.produto])).get(ordem.produto);
  if (!produto) throw new HttpError(409, 'O produto desta ordem foi excluído: cancele a ordem.');
  const quantidade = await converter(tx, a, produto, ap.quantidade, ap.unidade, campos);
  recusar(campos);
  await conferirConsumos(tx, a, ordem.produto, ap.consumos);
  return preverProducao(tx, a, { produto: ordem.produto, quantidade, localOrigem: ordem.localOrigem, consumos: ap.consumos });
}

/** The other stores the user may send production to, each with its active locations (its sales location first). */
export async function destinosProducao(tx: Transaction, a: AutorEstoque) {
  const empresas = (await empresasDoUsuario(tx, a.grupoEmpresarial, a.usuario)).filter((e) => e.id !== a.empresa);
  if (!empresas.length) return [];
  const r = await tx.execute<{ empresa_id: string; id: string; descricao: string }>(sql`
    select empresa_id, id, dados->>'descricao' as descricao from registro
    where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'estoqueCadastro' and not lixo and coalesce((dados->>'ativo')::boolean, true)
      and empresa_id = any(${sql.param(empresas.map((e) => e.id))}::text[])
    order by coalesce((dados->>'baixaVendas')::boolean, false) desc, lower(dados->>'descricao'), id`);
  return empresas.map((e) => ({ _id: e.id, nome: e.nomeFantasia, locais: r.rows.filter((l) => l.empresa_id === e.id).map((l) => ({ _id: l.id, descricao: l.descricao })) }));
}
