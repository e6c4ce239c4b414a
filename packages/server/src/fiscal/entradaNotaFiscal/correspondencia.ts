import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';

/**
 * Which product each item of a supplier's note is, and how many stock units one purchase unit makes.
 * The match is estoqueProdutoFornecedor (supplier + the supplier's code, then the GTIN it holds), then a
 * product of the group with the item's GTIN. The factor is the one kept with the supplier's item, else
 * 1 (as '1.000000', the column's form) when the note's unit is the product's stock unit, else the product's conversion factor for that unit
 * (estoqueProdutoFatorConversao, by the unit's abbreviation); null when none applies.
 */
export interface ItemParaCorresponder {
  numero: number;
  cProd: string;
  gtin: string | null;
  unidade: string;
}

export interface Correspondencia {
  produto: string | null;
  fator: string | null;
}

type Mapeamento = { codigo: string; gtin: string | null; produto: string; fator: string | null };

export async function corresponder(tx: Transaction, grupo: string, fornecedor: string, itens: readonly ItemParaCorresponder[]): Promise<Map<number, Correspondencia>> {
  const codigos = itens.map((i) => i.cProd);
  const gtins = itens.flatMap((i) => (i.gtin ? [i.gtin] : []));
  const mapeados = (
    await tx.execute<Mapeamento>(sql`
      select dados->>'codigo' as codigo, dados->>'gtin' as gtin, dados->>'produto' as produto, dados->>'fator' as fator from registro
      where grupo_empresarial_id = ${grupo} and recurso = 'estoqueProdutoFornecedor' and lixo = false and dados->>'fornecedor' = ${fornecedor}
        and (dados->>'codigo' = any(${sql.param(codigos)}::text[]) or dados->>'gtin' = any(${sql.param(gtins)}::text[]))`)
  ).rows;
  const porGtin = gtins.length
    ? (
        await tx.execute<{ id: string; gtin: string }>(sql`
          select id, dados->>'gtin' as gtin from registro
          where grupo_empresarial_id = ${grupo} and recurso = 'produtoGeral' and lixo = false and dados->>'gtin' = any(${sql.param(gtins)}::text[])
          order by created_at`)
      ).rows
    : [];
  const escolhas = itens.map((i) => {
    const m = mapeados.find((x) => x.codigo === i.cProd) ?? (i.gtin ? mapeados.find((x) => x.gtin === i.gtin) : undefined);
    if (m) return { item: i, produto: m.produto, fatorMapeado: m.fator };
    const p = i.gtin ? porGtin.find((x) => x.gtin === i.gtin) : undefined;
    return { item: i, produto: p?.id ?? null, fatorMapeado: null };
  });
  const fatores = await fatoresDe(tx, grupo, escolhas.flatMap((e) => (e.produto ? [{ produto: e.produto, unidade: e.item.unidade, fatorMapeado: e.fatorMapeado }] : [])));
  return new Map(escolhas.map((e) => [e.item.numero, { produto: e.produto, fator: e.produto ? fatores.get(`${e.produto}|${e.item.unidade}|${e.fatorMapeado ?? ''}`) ?? null : null }]));
}

/** The factor of each (product, note unit, factor kept with the supplier's item), keyed 'produto|unidade|fatorMapeado'. */
export async function fatoresDe(tx: Transaction, grupo: string, pares: readonly { produto: string; unidade: string; fatorMapeado: string | null }[]): Promise<Map<string, string | null>> {
  const produtos = [...new Set(pares.map((p) => p.produto))];
  if (!produtos.length) return new Map();
  const r = await tx.execute<{ produto: string; sigla: string | null; fator: string | null }>(sql`
    select p.id as produto, upper(u.dados->>'sigla') as sigla, null as fator from registro p
      left join registro u on u.grupo_empresarial_id = p.grupo_empresarial_id and u.id = p.dados->>'unidade'
      where p.grupo_empresarial_id = ${grupo} and p.recurso = 'produtoGeral' and p.id = any(${sql.param(produtos)}::text[])
    union all
    select f.dados->>'produto', upper(u.dados->>'sigla'), f.dados->>'fator' from registro f
      join registro u on u.grupo_empresarial_id = f.grupo_empresarial_id and u.id = f.dados->>'unidade'
      where f.grupo_empresarial_id = ${grupo} and f.recurso = 'estoqueProdutoFatorConversao' and f.lixo = false and f.dados->>'produto' = any(${sql.param(produtos)}::text[])`);
  const unidadeDe = new Map(r.rows.filter((l) => l.fator === null).map((l) => [l.produto, l.sigla]));
  const conversao = new Map(r.rows.filter((l) => l.fator !== null).map((l) => [`${l.produto}|${l.sigla}`, l.fator]));
  const resultado = new Map<string, string | null>();
  for (const p of pares) {
    const unidade = p.unidade.toUpperCase();
    const fator = p.fatorMapeado ?? (unidadeDe.get(p.produto) === unidade ? '1.000000' : conversao.get(`${p.produto}|${unidade}`) ?? null);
    resultado.set(`${p.produto}|${p.unidade}|${p.fatorMapeado ?? ''}`, fator);
  }
  return resultado;
}
