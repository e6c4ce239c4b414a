import { avaliarDisponibilidade, qtd, type DisponibilidadeEstoque, type Indisponibilidade, compararPt } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { fichasNaVersao, versaoDasFichas } from './fichas.ts';
import { localDeVendas } from './localDeVendas.ts';

/**
 * Availability by stock, read from the kept balances when a menu is read (docs/decisions/0016): one
 * statement per read, whatever the number of products, plus the group's recipe sheets when they changed
 * since last read (cached by their fingerprint, as the sales do).
 */

export interface TenantEstoque {
  grupoEmpresarial: string;
  empresa: string;
}

type Leitura = {
  automatica: boolean;
  local: string | null;
  local_descricao: string | null;
  versao_fichas: string;
  controlados: string[];
  saldos: Record<string, string>;
};

/**
 * The company's setting, its sales location, and for the products and everything their recipes are made
 * of (sub-recipes to any depth, found by a recursive walk over the group's active sheets): which the
 * company controls and their balances in that location.
 */
async function ler(tx: Transaction, t: TenantEstoque, produtos: readonly string[]): Promise<Leitura> {
  const r = await tx.execute<Leitura>(sql`
    with recursive alvo(produto) as (
      select unnest(${sql.param([...produtos])}::text[])
      union
      select i->>'produto' from alvo a
        join registro f on f.grupo_empresarial_id = ${t.grupoEmpresarial} and f.recurso = 'estoqueFichaTecnica' and not f.lixo
          and coalesce((f.dados->>'ativo')::boolean, true) and f.dados->>'produto' = a.produto
        cross join lateral jsonb_array_elements(f.dados->'itens') i
    ),
    cfg as (
      select coalesce((select (dados->'configuracoes'->'estoque'->>'indisponivelAutomatico')::boolean from registro
                where grupo_empresarial_id = ${t.grupoEmpresarial} and recurso = 'empresa' and id = ${t.empresa}), true) as automatica,
             ${localDeVendas(t.grupoEmpresarial, t.empresa)} as local,
             ${versaoDasFichas(t.grupoEmpresarial)} as versao_fichas
    )
    select c.automatica, c.local, l.dados->>'descricao' as local_descricao, c.versao_fichas,
      array(select pe.dados->>'produtoGeral' from registro pe
        where pe.grupo_empresarial_id = ${t.grupoEmpresarial} and pe.recurso = 'produtoGeralEmpresa' and coalesce(pe.empresa_id, '') = ${t.empresa} and not pe.lixo
          and pe.dados->>'produtoGeral' in (select produto from alvo) and coalesce((pe.dados->>'controlaEstoque')::boolean, false)) as controlados,
      coalesce((select jsonb_object_agg(s.produto_id, s.quantidade::text) from estoque_saldo s
        where s.grupo_empresarial_id = ${t.grupoEmpresarial} and s.local_id = c.local and s.produto_id in (select produto from alvo)), '{}'::jsonb) as saldos
    from cfg c
    left join registro l on l.grupo_empresarial_id = ${t.grupoEmpresarial} and l.id = c.local`);
  return r.rows[0]!;
}

/** What the evaluation needs, and the sales location, from one read. */
async function avaliar(tx: Transaction, t: TenantEstoque, produtos: readonly string[]) {
  const l = await ler(tx, t, produtos);
  // Switched off, or no location to read a shelf from (stock is not kept at all): everything is offered.
  if (!l.automatica || !l.local) return { leitura: l, indisponiveis: new Map<string, Indisponibilidade>() };
  const fichas = await fichasNaVersao(tx, t.grupoEmpresarial, l.versao_fichas);
  const saldos = new Map(Object.entries(l.saldos).map(([p, q]) => [p, qtd(q)]));
  return { leitura: l, indisponiveis: avaliarDisponibilidade(produtos, { fichas, controlados: new Set(l.controlados), saldos }) };
}

/** The products among these that the company cannot offer now because of stock, with the reason ('Esgotado'). */
export async function indisponiveis(tx: Transaction, t: TenantEstoque, produtos: readonly string[]): Promise<Map<string, Indisponibilidade>> {
  if (!produtos.length) return new Map();
  return (await avaliar(tx, t, produtos)).indisponiveis;
}

/**
 * For the owner (the stock position): every product the company sells (active, priced, with a sale
 * mode) that is unavailable because of stock, with each stocked item it lacks in the sales location.
 */
export async function disponibilidadeDaEmpresa(tx: Transaction, t: TenantEstoque): Promise<DisponibilidadeEstoque> {
  const vendidos = await tx.execute<{ produto: string }>(sql`
    select distinct pe.dados->>'produtoGeral' as produto from registro pe
    join registro p on p.grupo_empresarial_id = pe.grupo_empresarial_id and p.id = pe.dados->>'produtoGeral' and not p.lixo and coalesce((p.dados->>'ativo')::boolean, true)
    where pe.grupo_empresarial_id = ${t.grupoEmpresarial} and pe.recurso = 'produtoGeralEmpresa' and coalesce(pe.empresa_id, '') = ${t.empresa} and not pe.lixo
      and coalesce((pe.dados->>'ativo')::boolean, true) and pe.dados->>'preco' is not null and jsonb_array_length(coalesce(pe.dados->'modosVenda', '["Salão"]'::jsonb)) > 0`);
  const { leitura, indisponiveis: mapa } = await avaliar(tx, t, vendidos.rows.map((v) => v.produto));
  const local = leitura.local ? { _id: leitura.local, descricao: leitura.local_descricao } : null;
  if (!mapa.size) return { automatica: leitura.automatica, local, indisponiveis: [] };
  const ids = [...new Set([...mapa.keys(), ...[...mapa.values()].flatMap((i) => i.faltas.map((f) => f.produto))])];
  const nomes = await tx.execute<{ id: string; codigo: string | null; descricao: string | null; unidade: string | null }>(sql`
    select p.id, nullif(p.dados->>'codigo', '') as codigo, p.dados->>'descricao' as descricao, u.dados->>'sigla' as unidade
    from registro p
    left join registro u on u.grupo_empresarial_id = p.grupo_empresarial_id and u.id = p.dados->>'unidade'
    where p.grupo_empresarial_id = ${t.grupoEmpresarial} and p.id = any(${sql.param(ids)}::text[])`);
  const porId = new Map(nomes.rows.map((n) => [n.id, n]));
  const indisponiveis = [...mapa]
    .map(([produto, i]) => ({
      produto,
      codigo: porId.get(produto)?.codigo ?? null,
      descricao: porId.get(produto)?.descricao ?? null,
      motivo: i.motivo,
      faltas: i.faltas.map((f) => ({ ...f, codigo: porId.get(f.produto)?.codigo ?? null, descricao: porId.get(f.produto)?.descricao ?? null, unidade: porId.get(f.produto)?.unidade ?? null })),
    }))
    .sort((a, b) => compararPt(a.descricao, b.descricao));
  return { automatica: leitura.automatica, local, indisponiveis };
}
