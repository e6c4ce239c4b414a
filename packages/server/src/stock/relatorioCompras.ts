import { converterQuantidade, custoDoItem, qtd, textoCusto, textoQtd, variacaoPercentual, type FiltroRelatorioCompras, type ItemNota, type LinhaRelatorioCompras, type OrigemCompra, type RelatorioCompras } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { custoUnitario } from '../fiscal/entradaNotaFiscal/precoCompra.ts';
import { intervaloDeDias } from '../sales/relatorios/periodo.ts';
import type { AutorEstoque } from './razao.ts';

const LIMITE_LINHAS = 5000;

type Bruta = { data: string | Date; origem: OrigemCompra; documento: number; pedido_numero: number | null; fornecedor: string; fornecedor_nome: string | null; produto: string; descricao: string | null; unidade: string | null; quantidade: string; fator: string | null; valor: number | null; dados: ItemNota | null };

/**
 * relatorioEstoqueCompras: what the session's company bought in the period, from the two places a purchase
 * is recorded: a purchase order's receipts by hand (their own ledger rows; dated by the receipt) and the
 * supplier NF-e posted to stock (situação lançada; dated by the posting, valued at the landed cost without tax
 * credits, as the entry shows it). A receipt made from a note (entrada_id) is the note's: counted there only.
 * Reversed entries are left out. Quantities in the stock unit; unit prices per stock unit.
 */
export async function relatorioCompras(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, f: FiltroRelatorioCompras): Promise<RelatorioCompras> {
  const g = a.grupoEmpresarial;
  const r = await tx.execute<Bruta>(sql`
    with compras as (
      select r.ocorrido_em as data, 'pedido' as origem, p.numero::int as documento, null::int as pedido_numero, p.fornecedor_id as fornecedor,
        l->>'produto' as produto, l->>'quantidadeEstoque' as quantidade, null::text as fator, (l->>'valor')::bigint as valor, null::jsonb as dados
      from estoque_pedido_compra_recebimento r
      join estoque_pedido_compra p on p.grupo_empresarial_id = r.grupo_empresarial_id and p.id = r.pedido_id
      cross join jsonb_array_elements(r.itens) l
      where r.grupo_empresarial_id = ${g} and r.empresa_id = ${a.empresa} and r.entrada_id is null and ${intervaloDeDias(sql`r.ocorrido_em`, f.de, f.ate)}
        ${f.fornecedor ? sql`and p.fornecedor_id = ${f.fornecedor}` : sql``} ${f.produto ? sql`and l->>'produto' = ${f.produto}` : sql``}
      union all
      select e.lancada_em, 'nota', e.numero::int, po.numero::int, e.fornecedor_id, i.produto_id, i.quantidade::text, i.fator::text, null, i.dados
      from entrada_nota_fiscal e
      join entrada_nota_fiscal_item i on i.grupo_empresarial_id = e.grupo_empresarial_id and i.entrada_id = e.id
      left join estoque_pedido_compra po on po.grupo_empresarial_id = i.grupo_empresarial_id and po.id = i.pedido_id
      where e.grupo_empresarial_id = ${g} and e.empresa_id = ${a.empresa} and e.situacao = 'lancada' and i.produto_id is not null and i.fator is not null
        and ${intervaloDeDias(sql`e.lancada_em`, f.de, f.ate)}
        ${f.fornecedor ? sql`and e.fornecedor_id = ${f.fornecedor}` : sql``} ${f.produto ? sql`and i.produto_id = ${f.produto}` : sql``}
    )
    select c.data, c.origem, c.documento, c.pedido_numero, c.fornecedor, fo.dados->>'nome' as fornecedor_nome, c.produto, pr.dados->>'descricao' as descricao,
      un.dados->>'sigla' as unidade, c.quantidade, c.fator, c.valor::int as valor, c.dados
    from compras c
    left join registro fo on fo.grupo_empresarial_id = ${g} and fo.id = c.fornecedor
    left join registro pr on pr.grupo_empresarial_id = ${g} and pr.id = c.produto
    left join registro un on un.grupo_empresarial_id = ${g} and un.id = pr.dados->>'unidade'
    order by c.data, c.documento`);

  const linhas: (LinhaRelatorioCompras & { q: bigint })[] = r.rows.flatMap((b) => {
    // A note's item: stock quantity by its factor, value at the landed cost (as the entry's screen).
    const q = b.fator !== null ? converterQuantidade(b.quantidade, b.fator) : qtd(b.quantidade);
    if (q <= 0n) return [];
    const valor = b.dados ? Math.max(custoDoItem(b.dados, { creditar: false }), 0) : Number(b.valor);
    return [
      {
        data: new Date(b.data).toISOString(),
        origem: b.origem,
        documento: b.documento,
        pedidoNumero: b.pedido_numero,
        fornecedor: b.fornecedor,
        fornecedorNome: b.fornecedor_nome,
        produto: b.produto,
        descricao: b.descricao,
        unidade: b.unidade,
        quantidade: textoQtd(q),
        valor,
        precoUnitario: textoCusto(custoUnitario(valor, q)),
        q,
      },
    ];
  });

  const porProduto = new Map<string, { linhas: typeof linhas; q: bigint; valor: number; documentos: Set<string> }>();
  const porFornecedor = new Map<string, { nome: string | null; documentos: Set<string>; produtos: Set<string>; valor: number }>();
  const documentos = new Set<string>();
  for (const l of linhas) {
    const doc = `${l.origem}:${l.documento}:${l.data}`;
    documentos.add(doc);
    const p = porProduto.get(l.produto) ?? { linhas: [], q: 0n, valor: 0, documentos: new Set<string>() };
    p.linhas.push(l);
    p.q += l.q;
    p.valor += l.valor;
    p.documentos.add(doc);
    porProduto.set(l.produto, p);
    const fo = porFornecedor.get(l.fornecedor) ?? { nome: l.fornecedorNome, documentos: new Set<string>(), produtos: new Set<string>(), valor: 0 };
    fo.documentos.add(doc);
    fo.produtos.add(l.produto);
    fo.valor += l.valor;
    porFornecedor.set(l.fornecedor, fo);
  }
  const produtos = [...porProduto.entries()]
    .map(([produto, p]) => {
      const primeiro = p.linhas[0]!;
      const ultimo = p.linhas.at(-1)!;
      return {
        produto,
        descricao: primeiro.descricao,
        unidade: primeiro.unidade,
        quantidade: textoQtd(p.q),
        valor: p.valor,
        compras: p.documentos.size,
        precoMedio: textoCusto(custoUnitario(p.valor, p.q)),
        primeiroPreco: primeiro.precoUnitario,
        ultimoPreco: ultimo.precoUnitario,
        ultimaCompra: ultimo.data,
        variacao: p.linhas.length > 1 ? variacaoPercentual(BigInt(primeiro.precoUnitario.replace('.', '')), BigInt(ultimo.precoUnitario.replace('.', ''))) : null,
      };
    })
    .sort((x, y) => y.valor - x.valor || String(x.descricao).localeCompare(String(y.descricao)));
  const escolhido = f.produto ?? produtos[0]?.produto;
  const doEscolhido = escolhido ? porProduto.get(escolhido) : undefined;
  const saida = linhas.map(({ q: _q, ...l }) => l).reverse();
  return {
    linhas: saida.slice(0, LIMITE_LINHAS),
    truncado: saida.length > LIMITE_LINHAS,
    totais: {
      valor: linhas.reduce((s, l) => s + l.valor, 0),
      compras: documentos.size,
      fornecedores: porFornecedor.size,
      produtos: porProduto.size,
      pedidos: new Set([...documentos].filter((d) => d.startsWith('pedido:'))).size,
      notas: new Set([...documentos].filter((d) => d.startsWith('nota:'))).size,
    },
    porFornecedor: [...porFornecedor.entries()].map(([fornecedor, x]) => ({ fornecedor, nome: x.nome, compras: x.documentos.size, produtos: x.produtos.size, valor: x.valor })).sort((x, y) => y.valor - x.valor),
    porProduto: produtos,
    evolucao: doEscolhido
      ? {
          produto: escolhido!,
          descricao: doEscolhido.linhas[0]!.descricao,
          unidade: doEscolhido.linhas[0]!.unidade,
          pontos: doEscolhido.linhas.map((l) => ({ data: l.data, precoUnitario: l.precoUnitario, fornecedorNome: l.fornecedorNome, origem: l.origem, documento: l.documento })),
        }
      : null,
  };
}

/** The suppliers and products the company ever bought (the report's filters), by name. */
export async function opcoesRelatorioCompras(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>) {
  const g = a.grupoEmpresarial;
  const r = await tx.execute<{ tipo: 'fornecedor' | 'produto'; id: string; nome: string | null }>(sql`
    with usados as (
      select 'fornecedor' as tipo, p.fornecedor_id as id from estoque_pedido_compra p where p.grupo_empresarial_id = ${g} and p.empresa_id = ${a.empresa}
      union select 'fornecedor', e.fornecedor_id from entrada_nota_fiscal e where e.grupo_empresarial_id = ${g} and e.empresa_id = ${a.empresa}
      union select 'produto', l->>'produto' from estoque_pedido_compra p cross join jsonb_array_elements(p.itens) l where p.grupo_empresarial_id = ${g} and p.empresa_id = ${a.empresa}
      union select 'produto', i.produto_id from entrada_nota_fiscal_item i join entrada_nota_fiscal e on e.grupo_empresarial_id = i.grupo_empresarial_id and e.id = i.entrada_id
        where i.grupo_empresarial_id = ${g} and e.empresa_id = ${a.empresa} and i.produto_id is not null
    )
    select u.tipo, u.id, coalesce(x.dados->>'nome', x.dados->>'descricao') as nome from usados u
    join registro x on x.grupo_empresarial_id = ${g} and x.id = u.id
    order by 3`);
  const de = (tipo: string) => r.rows.filter((l) => l.tipo === tipo).map((l) => ({ _id: l.id, nome: l.nome ?? l.id }));
  return { fornecedores: de('fornecedor'), produtos: de('produto') };
}
