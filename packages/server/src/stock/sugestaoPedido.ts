import { calcularSugestao, compararPt, custo, hojeNoFuso, paraEscalado, qtd, somarDias, textoCusto, textoQtd, type FiltroSugestaoPedido, type GerarPedidosSugestao } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { HttpError } from '../plugins/envelope.ts';
import { criarPedidoCompra } from './pedidoCompra.ts';
import type { AutorEstoque } from './razao.ts';

/**
 * The order suggestion of the session's store (estoqueSugestaoPedido). The formula is the domain's
 * calcularSugestao (stock/sugestaoPedido.ts):
 *   need = max(máximo, mínimo + consumo/dia × (prazo de entrega + dias de revisão)) − saldo − em pedidos abertos
 *   sugerido = need > 0 ? need ÷ fator do fornecedor, para cima a uma unidade de compra inteira : 0
 * Consumption is by recipe: the sales outflows the ledger holds (a dish lowers its ingredients), net of
 * cancellations, over the last `semanas` whole days before today (São Paulo). Open orders are this store's
 * purchase orders not yet received in full (drafts included: a suggestion turned into drafts is not bought
 * twice), converted to the stock unit by each line's factor.
 */

const ABERTOS = ['rascunho', 'aguardandoAprovacao', 'enviado', 'recebidoParcialmente'];

type LinhaLida = {
  produto: string;
  descricao: string | null;
  codigo: string | null;
  unidade: string | null;
  saldo: string;
  minimo: string | null;
  maximo: string | null;
  consumo: string;
  em_pedido: string;
  fornecedor: string | null;
  fornecedor_nome: string | null;
  unidade_compra: string | null;
  fator: string | null;
  prazo: number | null;
  preco: string | null;
  custo_medio: string | null;
};

/**
 * `ultimos`: the last price this store ordered each product at from each supplier (per purchase unit),
 * and when; what a generated line is priced at and which supplier a product is suggested from.
 */
const cteUltimos = (a: AutorEstoque) => sql`ultimos as (
      select distinct on (l->>'produto', p.fornecedor_id) l->>'produto' as produto, p.fornecedor_id as fornecedor, l->>'precoUnitario' as preco, p.created_at as em
      from estoque_pedido_compra p, jsonb_array_elements(p.itens) l
      where p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.empresa_id = ${a.empresa} and p.status <> 'cancelado'
      order by l->>'produto', p.fornecedor_id, p.created_at desc)`;

export async function sugestaoDePedido(tx: Transaction, a: AutorEstoque, f: FiltroSugestaoPedido) {
  const hoje = hojeNoFuso();
  const dias = f.semanas * 7;
  const de = somarDias(hoje, -dias);
  if (f.local) {
    const local = await tx.execute(sql`
      select 1 from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and recurso = 'estoqueCadastro' and id = ${f.local} and not lixo`);
    if (!local.rows.length) throw new HttpError(400, 'Local de estoque: local não encontrado nesta empresa.', {}, { local: 'Local não encontrado nesta empresa.' });
  }
  const r = await tx.execute<LinhaLida>(sql`
    with limites as (
      select dados->>'produtoGeral' as produto, dados->>'estoqueMinimo' as minimo, dados->>'estoqueMaximo' as maximo
      from registro
      where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeralEmpresa' and empresa_id = ${a.empresa} and not lixo
        and (dados->>'estoqueMinimo' is not null or dados->>'estoqueMaximo' is not null)),
    consumo as (
      select produto_id as produto, -sum(quantidade) as quantidade
      from estoque_movimento
      where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa}
        and ocorrido_em >= (${de}::date)::timestamp at time zone 'America/Sao_Paulo' and ocorrido_em < (${hoje}::date)::timestamp at time zone 'America/Sao_Paulo'
        and documento_tipo = 'venda' and tipo in ('saidaVenda', 'estorno')
        ${f.local ? sql`and local_id = ${f.local}` : sql``}
      group by produto_id),
    abertos as (
      select l->>'produto' as produto, sum(greatest((l->>'quantidade')::numeric - coalesce(l->>'quantidadeRecebida', '0')::numeric, 0) * coalesce(l->>'fator', '1')::numeric) as quantidade
      from estoque_pedido_compra p, jsonb_array_elements(p.itens) l
      where p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.empresa_id = ${a.empresa} and p.status = any(${sql.param(ABERTOS)}::text[])
      group by 1),
    candidatos as (
      select produto from limites union select produto from consumo where quantidade > 0),
    ${cteUltimos(a)},
    -- One supplier per product (estoqueProdutoFornecedor): the one last ordered from, else the first by name.
    termos as (
      select distinct on (m.dados->>'produto') m.dados->>'produto' as produto, m.dados->>'fornecedor' as fornecedor, f.dados->>'nome' as fornecedor_nome,
        m.dados->>'unidadeCompra' as unidade_compra, coalesce(m.dados->>'fator', '1') as fator, (m.dados->>'prazoEntrega')::int as prazo, u.preco
      from registro m
      join registro f on f.grupo_empresarial_id = m.grupo_empresarial_id and f.id = m.dados->>'fornecedor' and f.recurso = 'pessoa' and not f.lixo
      left join ultimos u on u.produto = m.dados->>'produto' and u.fornecedor = m.dados->>'fornecedor'
      where m.grupo_empresarial_id = ${a.grupoEmpresarial} and m.recurso = 'estoqueProdutoFornecedor' and not m.lixo
        ${f.fornecedor ? sql`and m.dados->>'fornecedor' = ${f.fornecedor}` : sql``}
      order by m.dados->>'produto', u.em desc nulls last, f.dados->>'nome', m.id)
    select c.produto, p.dados->>'descricao' as descricao, p.dados->>'codigo' as codigo, u.dados->>'sigla' as unidade,
      ${f.local ? sql`coalesce((select s.quantidade from estoque_saldo s where s.grupo_empresarial_id = ${a.grupoEmpresarial} and s.local_id = ${f.local} and s.produto_id = c.produto), 0)::text` : sql`coalesce(ec.quantidade, 0)::text`} as saldo,
      m.minimo, m.maximo, coalesce(co.quantidade, 0)::text as consumo, coalesce(o.quantidade, 0)::text as em_pedido,
      t.fornecedor, t.fornecedor_nome, t.unidade_compra, t.fator, t.prazo, t.preco, ec.custo_medio::text as custo_medio
    from candidatos c
    join registro p on p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.id = c.produto and p.recurso = 'produtoGeral' and not p.lixo
      ${f.agrupador ? sql`and p.dados->>'agrupador' = ${f.agrupador}` : sql``}
    left join registro u on u.grupo_empresarial_id = p.grupo_empresarial_id and u.id = p.dados->>'unidade'
    left join limites m on m.produto = c.produto
    left join consumo co on co.produto = c.produto
    left join abertos o on o.produto = c.produto
    left join estoque_custo ec on ec.grupo_empresarial_id = ${a.grupoEmpresarial} and ec.empresa_id = ${a.empresa} and ec.produto_id = c.produto
    ${f.fornecedor ? sql`join` : sql`left join`} termos t on t.produto = c.produto`);
  const linhas = r.rows.map((l) => {
    const s = calcularSugestao({ saldo: l.saldo, minimo: l.minimo, maximo: l.maximo, consumo: l.consumo, dias, emPedido: l.em_pedido, prazoEntrega: l.prazo ?? 0, revisao: f.revisao, fator: l.fator });
    return {
      produto: l.produto,
      descricao: l.descricao,
      codigo: l.codigo,
      unidade: l.unidade,
      saldo: textoQtd(qtd(l.saldo)),
      minimo: l.minimo === null ? null : textoQtd(qtd(l.minimo)),
      maximo: l.maximo === null ? null : textoQtd(qtd(l.maximo)),
      consumo: textoQtd(qtd(l.consumo)),
      consumoDia: textoQtd(s.consumoDia),
      emPedido: textoQtd(qtd(l.em_pedido)),
      prazoEntrega: l.prazo,
      alvo: textoQtd(s.alvo),
      necessidade: textoQtd(s.necessidade),
      fornecedor: l.fornecedor,
      fornecedorNome: l.fornecedor_nome,
      unidadeCompra: l.unidade_compra,
      fator: l.fator === null ? null : l.fator,
      precoUnitario: precoDeCompra(l.preco, l.custo_medio, l.fator),
      sugerido: textoQtd(s.sugerido * 10_000n),
    };
  });
  // Grouped as the orders will be: by supplier (those without one last), then by product.
  linhas.sort((x, y) => (x.fornecedorNome === null ? 1 : 0) - (y.fornecedorNome === null ? 1 : 0) || compararPt(x.fornecedorNome, y.fornecedorNome) || compararPt(x.descricao, y.descricao));
  return { semanas: f.semanas, revisao: f.revisao, dias, de, ate: somarDias(hoje, -1), linhas };
}

/** The price per purchase unit of a new line: the last paid to the supplier, else the average cost × factor, else 0. */
function precoDeCompra(ultimo: string | null, custoMedio: string | null, fator: string | null): string {
  if (ultimo !== null) return textoCusto(custo(ultimo));
  if (custoMedio === null || fator === null) return textoCusto(0n);
  // cost (4 places) × factor (6 places) → 4 places, half up.
  return textoCusto((custo(custoMedio) * paraEscalado(fator, 6) + 500_000n) / 1_000_000n);
}

/**
 * The edited suggestion turned into draft purchase orders, one per supplier, in the caller's transaction
 * (through criarPedidoCompra, the orders' own creation): each line in the supplier's unit with the
 * mapping's factor and the last price; the delivery forecast, when not given, today + the supplier's
 * longest lead time among its lines.
 */
export async function gerarPedidosDaSugestao(tx: Transaction, a: AutorEstoque, g: GerarPedidosSugestao) {
  const produtos = [...new Set(g.itens.map((i) => i.produto))];
  const r = await tx.execute<{ produto: string; fornecedor: string; unidade_compra: string | null; fator: string; prazo: number | null; preco: string | null; custo_medio: string | null }>(sql`
    with ${cteUltimos(a)}
    select m.dados->>'produto' as produto, m.dados->>'fornecedor' as fornecedor, m.dados->>'unidadeCompra' as unidade_compra, coalesce(m.dados->>'fator', '1') as fator,
      (m.dados->>'prazoEntrega')::int as prazo, u.preco, ec.custo_medio::text as custo_medio
    from registro m
    left join ultimos u on u.produto = m.dados->>'produto' and u.fornecedor = m.dados->>'fornecedor'
    left join estoque_custo ec on ec.grupo_empresarial_id = ${a.grupoEmpresarial} and ec.empresa_id = ${a.empresa} and ec.produto_id = m.dados->>'produto'
    where m.grupo_empresarial_id = ${a.grupoEmpresarial} and m.recurso = 'estoqueProdutoFornecedor' and not m.lixo and m.dados->>'produto' = any(${sql.param(produtos)}::text[])
    order by m.id`);
  const termos = new Map<string, (typeof r.rows)[number]>();
  for (const t of r.rows) if (!termos.has(`${t.produto}|${t.fornecedor}`)) termos.set(`${t.produto}|${t.fornecedor}`, t);
  const porFornecedor = new Map<string, { produto: string; unidade: string | null; fator: string; quantidade: string; precoUnitario: string; prazo: number }[]>();
  const vistos = new Set<string>();
  g.itens.forEach((i, n) => {
    const t = termos.get(`${i.produto}|${i.fornecedor}`);
    if (!t) throw new HttpError(400, `Item ${n + 1}, fornecedor: este produto não está ligado a este fornecedor em Produtos por fornecedor.`, {}, { [`itens.${n}.fornecedor`]: 'Produto sem este fornecedor.' });
    if (vistos.has(`${i.produto}|${i.fornecedor}`)) throw new HttpError(400, `Item ${n + 1}, produto: repetido para o mesmo fornecedor.`, {}, { [`itens.${n}.produto`]: 'Produto repetido.' });
    vistos.add(`${i.produto}|${i.fornecedor}`);
    const linhas = porFornecedor.get(i.fornecedor) ?? [];
    linhas.push({ produto: i.produto, unidade: t.unidade_compra, fator: t.fator, quantidade: i.quantidade, precoUnitario: precoDeCompra(t.preco, t.custo_medio, t.fator), prazo: t.prazo ?? 0 });
    porFornecedor.set(i.fornecedor, linhas);
  });
  const hoje = hojeNoFuso();
  const pedidos = [];
  for (const [fornecedor, linhas] of porFornecedor) {
    const prazo = Math.max(...linhas.map((l) => l.prazo));
    const p = await criarPedidoCompra(tx, a, {
      fornecedor,
      previsaoEntrega: g.previsaoEntrega ?? (prazo > 0 ? somarDias(hoje, prazo) : null),
      observacao: g.observacao ?? 'Gerado pela sugestão de pedido',
      itens: linhas.map(({ prazo: _, ...l }) => l),
    });
    pedidos.push({ _id: p._id, numero: p.numero, fornecedor, fornecedorNome: (p as Record<string, unknown>).fornecedorNome ?? null, valor: p.valor, linhas: p.itens.length });
  }
  return { pedidos };
}
