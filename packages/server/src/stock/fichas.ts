import { custoDaFicha, deEscalado, explodirFicha, paraEscalado, type FichaParaCalculo } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';

/** The fingerprint of the group's recipe sheets (how many, trash included, and the last change): it moves whenever one changes. */
export const versaoDasFichas = (grupoEmpresarial: string) =>
  sql`(select count(*) || ':' || coalesce(max(updated_at)::text, '') from registro where grupo_empresarial_id = ${grupoEmpresarial} and recurso = 'estoqueFichaTecnica')`;

/** Each group's recipe sheets as last read, with the fingerprint they were read at. */
const fichasEmCache = new Map<string, { versao: string; fichas: Map<string, FichaParaCalculo> }>();

/** The group's active recipe sheets at this fingerprint (versaoDasFichas): read again only when it moved. */
export async function fichasNaVersao(tx: Transaction, grupoEmpresarial: string, versao: string): Promise<Map<string, FichaParaCalculo>> {
  if (versao.startsWith('0:')) return new Map();
  const guardadas = fichasEmCache.get(grupoEmpresarial);
  if (guardadas?.versao === versao) return guardadas.fichas;
  const fichas = await fichasDoGrupo(tx, grupoEmpresarial);
  fichasEmCache.set(grupoEmpresarial, { versao, fichas });
  return fichas;
}

/** The group's active recipe sheets, by product (what sales, costs and the cycle check read). */
export async function fichasDoGrupo(tx: Transaction, grupoEmpresarial: string, exceto?: string): Promise<Map<string, FichaParaCalculo>> {
  const r = await tx.execute<{ id: string; produto: string; rendimento: string; itens: FichaParaCalculo['itens'] }>(sql`
    select id, dados->>'produto' as produto, dados->>'rendimento' as rendimento, dados->'itens' as itens
    from registro
    where grupo_empresarial_id = ${grupoEmpresarial} and recurso = 'estoqueFichaTecnica' and not lixo
      and coalesce((dados->>'ativo')::boolean, true) ${exceto ? sql`and id <> ${exceto}` : sql``}`);
  return new Map(r.rows.map((f) => [f.produto, { produto: f.produto, rendimento: f.rendimento, itens: f.itens }]));
}

/**
 * A recipe's cost in the session's company from its ingredients' current average costs, with the
 * company's price and the margin ((price − cost) ÷ price, 2 places), and the ingredients still without cost.
 */
export async function custoDaFichaNaEmpresa(tx: Transaction, t: { grupoEmpresarial: string; empresa: string }, fichaId: string) {
  const [ficha] = (
    await tx.execute<{ produto: string }>(sql`
      select dados->>'produto' as produto from registro
      where grupo_empresarial_id = ${t.grupoEmpresarial} and recurso = 'estoqueFichaTecnica' and id = ${fichaId} and not lixo`)
  ).rows;
  if (!ficha) return null;
  const fichas = await fichasDoGrupo(tx, t.grupoEmpresarial);
  const ingredientes = [...explodirFicha(fichas, ficha.produto, '1')];
  const r = await tx.execute<{ produto_id: string; custo_medio: string; descricao: string | null; sigla: string | null }>(sql`
    select p.id as produto_id, coalesce(c.custo_medio, 0)::text as custo_medio, p.dados->>'descricao' as descricao, u.dados->>'sigla' as sigla
    from registro p
    left join estoque_custo c on c.grupo_empresarial_id = p.grupo_empresarial_id and c.empresa_id = ${t.empresa} and c.produto_id = p.id
    left join registro u on u.grupo_empresarial_id = p.grupo_empresarial_id and u.id = p.dados->>'unidade'
    where p.grupo_empresarial_id = ${t.grupoEmpresarial} and p.id = any(${sql.param([ficha.produto, ...ingredientes.map(([p]) => p)])}::text[])`);
  const porProduto = new Map(r.rows.map((l) => [l.produto_id, l]));
  const custos = new Map(r.rows.map((l) => [l.produto_id, l.custo_medio]));
  const { centavos, semCusto } = custoDaFicha(fichas, ficha.produto, custos);
  const [preco] = (
    await tx.execute<{ preco: number }>(sql`
      select (dados->>'preco')::int as preco from registro
      where grupo_empresarial_id = ${t.grupoEmpresarial} and recurso = 'produtoGeralEmpresa' and coalesce(empresa_id, '') = ${t.empresa}
        and dados->>'produtoGeral' = ${ficha.produto} and not lixo`)
  ).rows;
  const custoCentavos = paraEscalado(centavos, 2);
  const margem = preco && preco.preco > 0 ? deEscalado(((BigInt(preco.preco) * 100n - custoCentavos) * 10_000n + BigInt(preco.preco) * 50n) / (BigInt(preco.preco) * 100n), 2) : null;
  return {
    produto: ficha.produto,
    descricao: porProduto.get(ficha.produto)?.descricao ?? null,
    custo: centavos,
    preco: preco?.preco ?? null,
    margem,
    ingredientes: ingredientes.map(([p, quantidade]) => ({ produto: p, descricao: porProduto.get(p)?.descricao ?? null, unidade: porProduto.get(p)?.sigla ?? null, quantidade, custoMedio: custos.get(p) ?? '0.0000' })),
    semCusto,
  };
}
