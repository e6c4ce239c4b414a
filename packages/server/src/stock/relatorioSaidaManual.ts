import type { FiltroSaidaManual, LinhaSaidaManual, RelatorioSaidaManual, TotalMotivoSaida, TotalProdutoSaida } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { intervaloDeDias } from '../sales/relatorios/periodo.ts';
import type { AutorEstoque } from './razao.ts';
import { ordemPt } from '../db/ordemPt.ts';

type Tenant = Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>;

const LIMITE_LINHAS = 5000;

/**
 * relatorioEstoqueSaidaManual: the manual exits (estoque_documento of tipo saidaManual) dated in the
 * period, one line per product taken out (its ledger row: quantity and value at the average cost of
 * the moment), filtered by location, reasons, product and user. Reversed documents are listed as such
 * and left out of every total; the totals per reason and per product cover every matching line.
 */
export async function relatorioSaidaManual(tx: Transaction, t: Tenant, f: FiltroSaidaManual): Promise<RelatorioSaidaManual> {
  // The document's own movements are of kind saidaManual (its reversal's are estorno): taken out, so negative in the ledger.
  const origem = sql`estoque_documento d
    join estoque_movimento m on m.grupo_empresarial_id = d.grupo_empresarial_id and m.documento_id = d.id and m.empresa_id = d.empresa_id and m.tipo = 'saidaManual'`;
  const onde = sql`d.grupo_empresarial_id = ${t.grupoEmpresarial} and d.empresa_id = ${t.empresa} and d.tipo = 'saidaManual'
      and ${intervaloDeDias(sql`d.ocorrido_em`, f.de, f.ate)}
      ${f.local ? sql`and m.local_id = ${f.local}` : sql``}
      ${f.motivos?.length ? sql`and d.motivo = any(${sql.param(f.motivos)}::text[])` : sql``}
      ${f.produto ? sql`and m.produto_id = ${f.produto}` : sql``}
      ${f.usuario ? sql`and d.usuario_id = ${f.usuario}` : sql``}`;

  const linhas = await tx.execute<Omit<LinhaSaidaManual, 'valor' | 'ocorridoEm' | 'estornadoEm'> & { valor: string; ocorridoEm: Date | string; estornadoEm: Date | string | null }>(sql`
    select m.id as "_id", d.id as documento, d.numero::int as numero, d.ocorrido_em as "ocorridoEm", d.motivo, d.observacao,
      m.local_id as local, l.dados->>'descricao' as "localDescricao", m.produto_id as produto, p.dados->>'codigo' as codigo, p.dados->>'descricao' as descricao,
      u.dados->>'sigla' as unidade, (-m.quantidade)::text as quantidade, m.custo_unitario::text as "custoUnitario", (-m.valor)::text as valor,
      us.nome as usuario, d.estornado_em is not null as estornado, d.estornado_em as "estornadoEm", d.motivo_estorno as "motivoEstorno"
    from ${origem}
    left join registro l on l.grupo_empresarial_id = m.grupo_empresarial_id and l.id = m.local_id
    left join registro p on p.grupo_empresarial_id = m.grupo_empresarial_id and p.id = m.produto_id
    left join registro u on u.grupo_empresarial_id = m.grupo_empresarial_id and u.id = p.dados->>'unidade'
    left join usuario us on us.grupo_empresarial_id = d.grupo_empresarial_id and us.id = d.usuario_id
    where ${onde}
    order by d.ocorrido_em desc, d.numero desc, m.seq
    limit ${LIMITE_LINHAS + 1}`);

  const porMotivo = await tx.execute<{ motivo: string; documentos: number; linhas: number; valor: string }>(sql`
    select d.motivo, count(distinct d.id)::int as documentos, count(*)::int as linhas, (-sum(m.valor))::text as valor
    from ${origem}
    where ${onde} and d.estornado_em is null
    group by d.motivo
    order by sum(m.valor), d.motivo`);

  const porProduto = await tx.execute<Omit<TotalProdutoSaida, 'valor'> & { valor: string }>(sql`
    select x.produto, p.dados->>'codigo' as codigo, p.dados->>'descricao' as descricao, u.dados->>'sigla' as unidade, x.linhas, x.quantidade, x.valor
    from (
      select m.produto_id as produto, count(*)::int as linhas, (-sum(m.quantidade))::text as quantidade, (-sum(m.valor))::text as valor, sum(m.valor) as ordem
      from ${origem}
      where ${onde} and d.estornado_em is null
      group by m.produto_id
    ) x
    left join registro p on p.grupo_empresarial_id = ${t.grupoEmpresarial} and p.id = x.produto
    left join registro u on u.grupo_empresarial_id = ${t.grupoEmpresarial} and u.id = p.dados->>'unidade'
    order by x.ordem, ${ordemPt(sql`p.dados->>'descricao'`)}`);

  const [estornados] = (
    await tx.execute<{ documentos: number; valor: string }>(sql`
      select count(distinct d.id)::int as documentos, coalesce(-sum(m.valor), 0)::text as valor
      from ${origem}
      where ${onde} and d.estornado_em is not null`)
  ).rows;

  const motivos: TotalMotivoSaida[] = porMotivo.rows.map((r) => ({ ...r, valor: Number(r.valor) }));
  const produtos: TotalProdutoSaida[] = porProduto.rows.map((r) => ({ ...r, valor: Number(r.valor) }));
  return {
    linhas: linhas.rows.slice(0, LIMITE_LINHAS).map((l) => ({
      ...l,
      ocorridoEm: new Date(l.ocorridoEm).toISOString(),
      estornadoEm: l.estornadoEm === null ? null : new Date(l.estornadoEm).toISOString(),
      valor: Number(l.valor),
    })),
    truncado: linhas.rows.length > LIMITE_LINHAS,
    porMotivo: motivos,
    porProduto: produtos,
    totais: {
      documentos: motivos.reduce((s, m) => s + m.documentos, 0),
      linhas: motivos.reduce((s, m) => s + m.linhas, 0),
      valor: motivos.reduce((s, m) => s + m.valor, 0),
    },
    estornados: { documentos: estornados?.documentos ?? 0, valor: Number(estornados?.valor ?? 0) },
  };
}
