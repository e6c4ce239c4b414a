import { aplicarAoCusto, custo, qtd, textoCusto, textoQtd, valorEmCentavos, type EstadoCusto, type Kardex, type LinhaKardex, type LinhaPosicao, type TipoMovimento } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { intervaloDeDias } from '../sales/relatorios/periodo.ts';
import type { AutorEstoque } from './razao.ts';

type Tenant = Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>;

/**
 * relatorioEstoqueProduto: what is on the shelf, per location and product, valued at the company's
 * average cost, with the product's minimum (produtoGeralEmpresa) and whether the company total is below it.
 * Reads the kept balances only.
 */
export async function posicaoEstoque(tx: Transaction, t: Tenant, filtro: { local?: string | undefined; busca?: string | undefined; abaixoMinimo?: boolean | undefined; semZerados?: boolean | undefined }): Promise<LinhaPosicao[]> {
  const busca = filtro.busca?.trim() ? `%${filtro.busca.trim().toLowerCase()}%` : null;
  const r = await tx.execute<Omit<LinhaPosicao, 'valor' | 'abaixoMinimo'> & { total: string; valor: string }>(sql`
    select s.produto_id as produto, p.dados->>'codigo' as codigo, p.dados->>'descricao' as descricao, um.dados->>'sigla' as unidade,
      s.local_id as local, l.dados->>'descricao' as "localDescricao", s.quantidade::text as quantidade, c.custo_medio::text as "custoMedio",
      round(s.quantidade * c.custo_medio)::bigint::text as valor,
      c.quantidade::text as total, pe.dados->>'estoqueMinimo' as "estoqueMinimo"
    from estoque_saldo s
    join estoque_custo c on c.grupo_empresarial_id = s.grupo_empresarial_id and c.empresa_id = s.empresa_id and c.produto_id = s.produto_id
    join registro p on p.grupo_empresarial_id = s.grupo_empresarial_id and p.id = s.produto_id
    join registro l on l.grupo_empresarial_id = s.grupo_empresarial_id and l.id = s.local_id
    left join registro um on um.grupo_empresarial_id = s.grupo_empresarial_id and um.id = p.dados->>'unidade'
    left join registro pe on pe.grupo_empresarial_id = s.grupo_empresarial_id and pe.recurso = 'produtoGeralEmpresa' and not pe.lixo
      and coalesce(pe.empresa_id, '') = s.empresa_id and pe.dados->>'produtoGeral' = s.produto_id
    where s.grupo_empresarial_id = ${t.grupoEmpresarial} and s.empresa_id = ${t.empresa}
      ${filtro.local ? sql`and s.local_id = ${filtro.local}` : sql``}
      ${busca ? sql`and (lower(p.dados->>'descricao') like ${busca} or lower(p.dados->>'codigo') like ${busca})` : sql``}
      ${filtro.semZerados ? sql`and s.quantidade <> 0` : sql``}
    order by p.dados->>'descricao' collate "C", l.dados->>'descricao'`);
  const linhas = r.rows.map(({ total, valor, ...l }) => ({
    ...l,
    valor: Number(valor),
    abaixoMinimo: l.estoqueMinimo !== null && qtd(total) < qtd(l.estoqueMinimo),
  }));
  return filtro.abaixoMinimo ? linhas.filter((l) => l.abaixoMinimo) : linhas;
}

/**
 * relatorioEstoqueFluxo (kardex): every movement of one product in the period, in business-time order,
 * with the running balance and the average cost after each, and the opening and closing positions.
 */
export async function kardex(tx: Transaction, t: Tenant, filtro: { produto: string; local?: string | undefined; de: string; ate: string }): Promise<Kardex> {
  const r = await tx.execute<{
    id: string; ocorrido_em: Date; tipo: TipoMovimento; documento_tipo: string; documento_id: string; numero: number | null;
    local_id: string; local: string | null; usuario: string | null; quantidade: string; custo_unitario: string; custo_proprio: boolean; valor: string;
    no_periodo: boolean;
  }>(sql`
    select m.id, m.ocorrido_em, m.tipo, m.documento_tipo, m.documento_id, coalesce(d.numero, op.numero)::int as numero, m.local_id, l.dados->>'descricao' as local, u.nome as usuario,
      m.quantidade::text as quantidade, m.custo_unitario::text as custo_unitario, m.custo_proprio, m.valor::text as valor,
      ${intervaloDeDias(sql`m.ocorrido_em`, filtro.de, filtro.ate)} as no_periodo
    from estoque_movimento m
    left join estoque_documento d on d.grupo_empresarial_id = m.grupo_empresarial_id and d.id = m.documento_id
    left join estoque_producao_apontamento pa on pa.grupo_empresarial_id = m.grupo_empresarial_id and pa.id = m.documento_id
    left join estoque_producao op on op.grupo_empresarial_id = pa.grupo_empresarial_id and op.id = pa.producao_id
    left join registro l on l.grupo_empresarial_id = m.grupo_empresarial_id and l.id = m.local_id
    left join usuario u on u.grupo_empresarial_id = m.grupo_empresarial_id and u.id = m.usuario_id
    where m.grupo_empresarial_id = ${t.grupoEmpresarial} and m.empresa_id = ${t.empresa} and m.produto_id = ${filtro.produto}
      and m.ocorrido_em < ((${filtro.ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo')
    order by m.ocorrido_em, m.seq`);
  let estado: EstadoCusto = { quantidade: 0n, custoMedio: 0n };
  let saldo = 0n;
  let inicial: { saldo: string; custoMedio: string } | null = null;
  const linhas: LinhaKardex[] = [];
  const entradas = { quantidade: 0n, valor: 0 };
  const saidas = { quantidade: 0n, valor: 0 };
  for (const m of r.rows) {
    if (m.no_periodo && inicial === null) inicial = { saldo: textoQtd(saldo), custoMedio: textoCusto(estado.custoMedio) };
    const q = qtd(m.quantidade);
    estado = aplicarAoCusto(estado, q, m.custo_proprio ? custo(m.custo_unitario) : null);
    if (!filtro.local || m.local_id === filtro.local) saldo += q;
    if (!m.no_periodo || (filtro.local && m.local_id !== filtro.local)) continue;
    const valor = Number(m.valor);
    // Seen for the whole company, a transfer between its own locations (or its reversal) neither brings
    // nor takes stock: its two lines are shown, but not summed as an entry and an exit.
    if (filtro.local || m.documento_tipo !== 'transferenciaLocal') {
      const total = q > 0n ? entradas : saidas;
      total.quantidade += q > 0n ? q : -q;
      total.valor += Math.abs(valor);
    }
    linhas.push({
      _id: m.id,
      ocorridoEm: new Date(m.ocorrido_em).toISOString(),
      tipo: m.tipo,
      documentoTipo: m.documento_tipo,
      documentoId: m.documento_id,
      documentoNumero: m.numero,
      local: m.local_id,
      localDescricao: m.local,
      usuario: m.usuario,
      quantidade: m.quantidade,
      custoUnitario: m.custo_unitario,
      valor,
      saldo: textoQtd(saldo),
      custoMedio: textoCusto(estado.custoMedio),
    });
  }
  inicial ??= { saldo: textoQtd(saldo), custoMedio: textoCusto(estado.custoMedio) };
  const final = { saldo: textoQtd(saldo), custoMedio: textoCusto(estado.custoMedio), valor: valorEmCentavos(saldo, estado.custoMedio) };
  return {
    inicial: { ...inicial, valor: valorEmCentavos(qtd(inicial.saldo), custo(inicial.custoMedio)) },
    final,
    entradas: { quantidade: textoQtd(entradas.quantidade), valor: entradas.valor },
    saidas: { quantidade: textoQtd(saidas.quantidade), valor: saidas.valor },
    linhas,
  };
}

const LIMITE_MOVIMENTOS = 5000;

/**
 * relatorioMovimentacaoProdutos: the company's movements in the period, filtered by kind, location,
 * product and user, newest first (at most 5,000 rows, `truncado` says when more matched), with totals
 * per kind over every matching movement.
 */
export async function movimentacaoProdutos(
  tx: Transaction,
  t: Tenant,
  filtro: { de: string; ate: string; tipos?: TipoMovimento[] | undefined; local?: string | undefined; produto?: string | undefined; usuario?: string | undefined },
) {
  const onde = sql`m.grupo_empresarial_id = ${t.grupoEmpresarial} and m.empresa_id = ${t.empresa} and ${intervaloDeDias(sql`m.ocorrido_em`, filtro.de, filtro.ate)}
    ${filtro.tipos?.length ? sql`and m.tipo = any(${sql.param(filtro.tipos)}::text[])` : sql``}
    ${filtro.local ? sql`and m.local_id = ${filtro.local}` : sql``}
    ${filtro.produto ? sql`and m.produto_id = ${filtro.produto}` : sql``}
    ${filtro.usuario ? sql`and m.usuario_id = ${filtro.usuario}` : sql``}`;
  const linhas = await tx.execute<Record<string, unknown>>(sql`
    select m.id as "_id", m.ocorrido_em as "ocorridoEm", m.tipo, m.documento_tipo as "documentoTipo", m.documento_id as "documentoId",
      coalesce(d.numero, i.numero, op.numero)::int as "documentoNumero", m.produto_id as produto, p.dados->>'codigo' as codigo, p.dados->>'descricao' as descricao,
      u.dados->>'sigla' as unidade, m.local_id as local, l.dados->>'descricao' as "localDescricao", us.nome as usuario, d.motivo,
      m.quantidade::text as quantidade, m.custo_unitario::text as "custoUnitario", m.valor::int as valor
    from estoque_movimento m
    left join estoque_documento d on d.grupo_empresarial_id = m.grupo_empresarial_id and d.id = m.documento_id
    left join estoque_inventario i on i.grupo_empresarial_id = m.grupo_empresarial_id and i.id = m.documento_id
    left join estoque_producao_apontamento pa on pa.grupo_empresarial_id = m.grupo_empresarial_id and pa.id = m.documento_id
    left join estoque_producao op on op.grupo_empresarial_id = pa.grupo_empresarial_id and op.id = pa.producao_id
    left join registro p on p.grupo_empresarial_id = m.grupo_empresarial_id and p.id = m.produto_id
    left join registro u on u.grupo_empresarial_id = m.grupo_empresarial_id and u.id = p.dados->>'unidade'
    left join registro l on l.grupo_empresarial_id = m.grupo_empresarial_id and l.id = m.local_id
    left join usuario us on us.grupo_empresarial_id = m.grupo_empresarial_id and us.id = m.usuario_id
    where ${onde}
    order by m.ocorrido_em desc, m.seq desc
    limit ${LIMITE_MOVIMENTOS + 1}`);
  const totais = await tx.execute<{ tipo: TipoMovimento; movimentos: number; entradas: string; saidas: string; valor: string }>(sql`
    select m.tipo, count(*)::int as movimentos,
      coalesce(sum(m.quantidade) filter (where m.quantidade > 0), 0)::text as entradas, coalesce(-sum(m.quantidade) filter (where m.quantidade < 0), 0)::text as saidas,
      sum(m.valor)::text as valor
    from estoque_movimento m where ${onde} group by m.tipo order by m.tipo`);
  return {
    linhas: linhas.rows.slice(0, LIMITE_MOVIMENTOS),
    truncado: linhas.rows.length > LIMITE_MOVIMENTOS,
    totais: totais.rows.map((r) => ({ ...r, valor: Number(r.valor) })),
  };
}
