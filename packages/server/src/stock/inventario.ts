import { qtd, textoQtd, valorEmCentavos, custo, type Contagem, type InclusaoInventario, type NovoInventario, type OrigemCustoInventario, compararPt } from '@retaguarda/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { estoqueInventario } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import { HttpError } from '../plugins/envelope.ts';
import { proximoNumero } from './numeracao.ts';
import { lancar, type AutorEstoque } from './razao.ts';
import { ordemPt } from '../db/ordemPt.ts';

const dataBr = (d: Date) => d.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** The count's header, locked for the change, or 404; a count no longer open is a 409 saying why. */
async function inventarioAberto(tx: Transaction, a: AutorEstoque, id: string) {
  const [inv] = await tx
    .select()
    .from(estoqueInventario)
    .where(and(eq(estoqueInventario.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueInventario.empresaId, a.empresa), eq(estoqueInventario.id, id)))
    .for('update');
  if (!inv) throw new HttpError(404, 'Inventário não encontrado.');
  if (inv.status === 'aprovado') throw new HttpError(409, `Este inventário já foi aprovado em ${dataBr(inv.aprovadoEm!)}: os ajustes foram lançados uma vez.`);
  if (inv.status === 'cancelado') throw new HttpError(409, 'Este inventário foi cancelado.');
  return inv;
}

/**
 * Opens a count: the balances of the chosen locations (every product with a balance there, or only
 * the products listed) frozen now, with the average cost, in one transaction.
 */
export async function abrirInventario(tx: Transaction, a: AutorEstoque, novo: NovoInventario) {
  const locais = [...new Set(novo.locais)];
  const achados = await tx.execute<{ id: string }>(sql`
    select id from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'estoqueCadastro' and empresa_id = ${a.empresa}
      and not lixo and coalesce((dados->>'ativo')::boolean, true) and id = any(${sql.param(locais)}::text[])`);
  const faltam = locais.filter((l) => !achados.rows.some((r) => r.id === l));
  if (faltam.length) throw new HttpError(400, 'Locais: local de estoque não encontrado nesta empresa (ou inativo).', {}, { locais: 'Local de estoque não encontrado nesta empresa (ou inativo).' });
  if (novo.produtos?.length) await conferirProdutos(tx, a, novo.produtos.map((p, i) => ({ campo: `produtos.${i}`, produto: p })));
  const numero = await proximoNumero(tx, a, 'estoque_inventario');
  const id = newId();
  const congeladoEm = new Date();
  await tx.insert(estoqueInventario).values({ grupoEmpresarialId: a.grupoEmpresarial, id, empresaId: a.empresa, numero, descricao: novo.descricao, congeladoEm, criadoPor: a.usuario, observacao: novo.observacao ?? null, locais });
  const produtos = novo.produtos?.length ? [...new Set(novo.produtos)] : null;
  await tx.execute(sql`
    insert into estoque_inventario_item (grupo_empresarial_id, inventario_id, local_id, produto_id, congelado, custo_medio)
    select ${a.grupoEmpresarial}, ${id}, l.local_id, l.produto_id, coalesce(s.quantidade, 0), coalesce(c.custo_medio, 0)
    from (
      ${
        produtos
          ? sql`select l as local_id, p as produto_id from unnest(${sql.param(locais)}::text[]) l cross join unnest(${sql.param(produtos)}::text[]) p`
          : sql`select local_id, produto_id from estoque_saldo where grupo_empresarial_id = ${a.grupoEmpresarial} and local_id = any(${sql.param(locais)}::text[])`
      }
    ) l
    left join estoque_saldo s on s.grupo_empresarial_id = ${a.grupoEmpresarial} and s.local_id = l.local_id and s.produto_id = l.produto_id
    left join estoque_custo c on c.grupo_empresarial_id = ${a.grupoEmpresarial} and c.empresa_id = ${a.empresa} and c.produto_id = l.produto_id`);
  return detalharInventario(tx, a, id);
}

/** 400 naming every line whose product is not the group's (all at once, as a counting screen needs). */
async function conferirProdutos(tx: Transaction, a: AutorEstoque, linhas: { campo: string; produto: string }[]) {
  const r = await tx.execute<{ id: string }>(sql`
    select id from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeral' and not lixo
      and id = any(${sql.param([...new Set(linhas.map((l) => l.produto))])}::text[])`);
  const existem = new Set(r.rows.map((p) => p.id));
  const campos = Object.fromEntries(linhas.filter((l) => !existem.has(l.produto)).map((l) => [l.campo, 'Produto não encontrado.']));
  const n = Object.keys(campos).length;
  if (n) throw new HttpError(400, n === 1 ? `${rotuloLinha(Object.keys(campos)[0]!)}: Produto não encontrado.` : `${n} linhas com produto não encontrado.`, {}, campos);
}

const rotuloLinha = (campo: string) => {
  const m = /^(?:itens|produtos)\.(\d+)/.exec(campo);
  return m ? `Linha ${Number(m[1]) + 1}, produto` : campo === 'produto' ? 'Produto' : campo;
};

/** A line to insert: location, product and the count (null: none yet). */
interface LinhaNova {
  local: string;
  produto: string;
  contado: string | null;
}

/**
 * Inserts lines into an open count; a line already there only takes the count (as the person counting
 * typed last). A new line (a product not frozen there) starts at the balance the ledger had in that
 * location at the freeze (0 when it had none), valued at the company's average cost or, with no
 * average (never costed in this company), the last cost an entry or production brought in anywhere in
 * the group (not reversed), else the cost registered for the company, else none: custo_origem says which.
 */
async function inserirLinhas(tx: Transaction, a: AutorEstoque, inv: { id: string; congeladoEm: Date }, linhas: readonly LinhaNova[], contadoPor: 'sempre' | 'seContado') {
  const g = a.grupoEmpresarial;
  await tx.execute(sql`
    insert into estoque_inventario_item (grupo_empresarial_id, inventario_id, local_id, produto_id, congelado, custo_medio, custo_origem, incluido_em, incluido_por, contado, contado_por, contado_em)
    select ${g}, ${inv.id}, x.l, x.p,
      coalesce((select sum(m.quantidade) from estoque_movimento m where m.grupo_empresarial_id = ${g} and m.local_id = x.l and m.produto_id = x.p and m.ocorrido_em <= ${inv.congeladoEm.toISOString()}::timestamptz), 0),
      coalesce(k.medio, k.ultimo, k.cadastro, 0),
      case when k.medio is not null then 'medio' when k.ultimo is not null then 'ultimo' when k.cadastro is not null then 'cadastro' else 'semCusto' end,
      now(), ${a.usuario},
      x.q::numeric,
      ${contadoPor === 'sempre' ? sql`${a.usuario}` : sql`case when x.q is null then null else ${a.usuario} end`},
      ${contadoPor === 'sempre' ? sql`now()` : sql`case when x.q is null then null else now() end`}
    from unnest(${sql.param(linhas.map((l) => l.local))}::text[], ${sql.param(linhas.map((l) => l.produto))}::text[], ${sql.param(linhas.map((l) => l.contado))}::text[]) as x(l, p, q)
    cross join lateral (
      select
        (select nullif(c.custo_medio, 0) from estoque_custo c where c.grupo_empresarial_id = ${g} and c.empresa_id = ${a.empresa} and c.produto_id = x.p) as medio,
        (select m.custo_unitario from estoque_movimento m
          where m.grupo_empresarial_id = ${g} and m.produto_id = x.p and m.custo_proprio and m.quantidade > 0 and m.custo_unitario > 0 and m.estorno_de is null
            and not exists (select 1 from estoque_movimento e where e.grupo_empresarial_id = ${g} and e.estorno_de = m.id)
          order by m.ocorrido_em desc, m.seq desc limit 1) as ultimo,
        (select nullif((pe.dados->>'custo')::numeric, 0) from registro pe
          where pe.grupo_empresarial_id = ${g} and pe.recurso = 'produtoGeralEmpresa' and coalesce(pe.empresa_id, '') = ${a.empresa} and not pe.lixo and pe.dados->>'produtoGeral' = x.p
          limit 1) as cadastro
    ) k
    order by x.l, x.p
    on conflict (grupo_empresarial_id, inventario_id, local_id, produto_id)
    do update set contado = excluded.contado, contado_por = excluded.contado_por, contado_em = excluded.contado_em`);
  await tx.execute(sql`update estoque_inventario set version = version + 1, updated_at = now() where grupo_empresarial_id = ${g} and id = ${inv.id}`);
}

/** The locations a count covers: those chosen when it was opened (for counts opened before they were kept, those of its lines). */
async function locaisDoInventario(tx: Transaction, a: AutorEstoque, inv: { id: string; locais: string[] | null }): Promise<Set<string>> {
  const r = await tx.execute<{ local_id: string }>(sql`select distinct local_id from estoque_inventario_item where grupo_empresarial_id = ${a.grupoEmpresarial} and inventario_id = ${inv.id}`);
  return new Set([...(inv.locais ?? []), ...r.rows.map((l) => l.local_id)]);
}

/**
 * Records counted quantities (each line replaces its earlier count). A product not frozen in that
 * location joins the count as a line added now (inserirLinhas).
 */
export async function registrarContagem(tx: Transaction, a: AutorEstoque, id: string, contagem: Contagem) {
  const inv = await inventarioAberto(tx, a, id);
  const doInventario = await locaisDoInventario(tx, a, inv);
  const foraDoInventario = contagem.itens.map((l, i) => [`itens.${i}.local`, l.local] as const).filter(([, l]) => !doInventario.has(l));
  if (foraDoInventario.length) {
    const campos = Object.fromEntries(foraDoInventario.map(([c]) => [c, 'Este local não está neste inventário.']));
    throw new HttpError(400, `Linha ${Number(foraDoInventario[0]![0].split('.')[1]) + 1}, local: Este local não está neste inventário.`, {}, campos);
  }
  await conferirProdutos(tx, a, contagem.itens.map((l, i) => ({ campo: `itens.${i}.produto`, produto: l.produto })));
  // The last line of the same location and product wins, as the person counting typed last.
  const linhas = [...new Map(contagem.itens.map((l) => [`${l.local}|${l.produto}`, l])).values()];
  await inserirLinhas(tx, a, inv, linhas, 'sempre');
  return detalharInventario(tx, a, id);
}

/** A code as the counting screen compares it: trimmed, upper case, leading zeros of an all-digit code dropped (a GTIN-13 read as GTIN-14). */
const codigoNormal = (coluna: SQL) => sql`case when btrim(${coluna}) ~ '^[0-9]+$' then coalesce(nullif(ltrim(btrim(${coluna}), '0'), ''), '0') else upper(btrim(${coluna})) end`;

/** The group's product with this GTIN (first) or code, not in the trash, or null. */
async function produtoPorCodigo(tx: Transaction, a: AutorEstoque, codigo: string): Promise<string | null> {
  const r = await tx.execute<{ id: string }>(sql`
    select id from registro
    where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeral' and not lixo
      and (${codigoNormal(sql`dados->>'gtin'`)} = ${codigoNormal(sql`${codigo}::text`)} or ${codigoNormal(sql`dados->>'codigo'`)} = ${codigoNormal(sql`${codigo}::text`)})
    order by (${codigoNormal(sql`dados->>'gtin'`)} = ${codigoNormal(sql`${codigo}::text`)}) desc, id
    limit 1`);
  return r.rows[0]?.id ?? null;
}

/**
 * Adds to an open count a product that was not frozen in one of its locations (found on the shelf with
 * no balance), by its id or its code or barcode, optionally with its count. 400 naming the field for an
 * unknown product or a location the count did not freeze; 409 when the count is not open or the
 * product already has its line there.
 */
export async function incluirNoInventario(tx: Transaction, a: AutorEstoque, id: string, inclusao: InclusaoInventario) {
  const inv = await inventarioAberto(tx, a, id);
  if (!(await locaisDoInventario(tx, a, inv)).has(inclusao.local)) throw new HttpError(400, 'Local: Este local não está neste inventário.', {}, { local: 'Este local não está neste inventário.' });
  let produto = inclusao.produto ?? null;
  if (produto) await conferirProdutos(tx, a, [{ campo: 'produto', produto }]);
  else {
    produto = await produtoPorCodigo(tx, a, inclusao.codigo!);
    if (!produto) throw new HttpError(400, `Código: Nenhum produto com o código ou código de barras ${inclusao.codigo}.`, {}, { codigo: 'Nenhum produto com este código ou código de barras.' });
  }
  const existente = await tx.execute<{ produto: string | null; local: string | null }>(sql`
    select p.dados->>'descricao' as produto, l.dados->>'descricao' as local from estoque_inventario_item i
    left join registro p on p.grupo_empresarial_id = i.grupo_empresarial_id and p.id = i.produto_id
    left join registro l on l.grupo_empresarial_id = i.grupo_empresarial_id and l.id = i.local_id
    where i.grupo_empresarial_id = ${a.grupoEmpresarial} and i.inventario_id = ${id} and i.local_id = ${inclusao.local} and i.produto_id = ${produto}`);
  const ja = existente.rows[0];
  if (ja) throw new HttpError(409, `${ja.produto ?? 'Este produto'} já está neste inventário em ${ja.local ?? 'este local'}: conte-o na linha dele.`, {}, { produto, local: inclusao.local });
  await inserirLinhas(tx, a, inv, [{ local: inclusao.local, produto, contado: inclusao.contado ?? null }], 'seContado');
  return { ...(await detalharInventario(tx, a, id)), incluida: { local: inclusao.local, produto } };
}

/** The count with every line: frozen, counted, the difference and its value at the frozen average cost. */
export async function detalharInventario(tx: Transaction, a: AutorEstoque, id: string) {
  const [inv] = await tx
    .select()
    .from(estoqueInventario)
    .where(and(eq(estoqueInventario.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueInventario.empresaId, a.empresa), eq(estoqueInventario.id, id)));
  if (!inv) throw new HttpError(404, 'Inventário não encontrado.');
  const r = await tx.execute<{
    local_id: string;
    local: string | null;
    produto_id: string;
    codigo: string | null;
    descricao: string | null;
    gtin: string | null;
    unidade: string | null;
    congelado: string;
    custo_medio: string;
    custo_origem: OrigemCustoInventario | null;
    contado: string | null;
    contado_por: string | null;
    incluido_em: Date | string | null;
    incluido_por: string | null;
  }>(sql`
    select i.local_id, l.dados->>'descricao' as local, i.produto_id, p.dados->>'codigo' as codigo, p.dados->>'descricao' as descricao, p.dados->>'gtin' as gtin,
      u.dados->>'sigla' as unidade, i.congelado::text as congelado, i.custo_medio::text as custo_medio, i.custo_origem, i.contado::text as contado, us.nome as contado_por,
      i.incluido_em, inc.nome as incluido_por
    from estoque_inventario_item i
    left join registro l on l.grupo_empresarial_id = i.grupo_empresarial_id and l.id = i.local_id
    left join registro p on p.grupo_empresarial_id = i.grupo_empresarial_id and p.id = i.produto_id
    left join registro u on u.grupo_empresarial_id = i.grupo_empresarial_id and u.id = p.dados->>'unidade'
    left join usuario us on us.grupo_empresarial_id = i.grupo_empresarial_id and us.id = i.contado_por
    left join usuario inc on inc.grupo_empresarial_id = i.grupo_empresarial_id and inc.id = i.incluido_por
    where i.grupo_empresarial_id = ${a.grupoEmpresarial} and i.inventario_id = ${id}
    order by ${ordemPt(sql`l.dados->>'descricao'`)}, ${ordemPt(sql`p.dados->>'descricao'`)}`);
  let sobras = 0;
  let faltas = 0;
  const itens = r.rows.map((l) => {
    const diferenca = l.contado === null ? null : qtd(l.contado) - qtd(l.congelado);
    const valor = diferenca === null ? null : valorEmCentavos(diferenca, custo(l.custo_medio));
    if (valor !== null && valor > 0) sobras += valor;
    if (valor !== null && valor < 0) faltas += valor;
    return {
      local: l.local_id,
      localDescricao: l.local,
      produto: l.produto_id,
      codigo: l.codigo,
      descricao: l.descricao,
      gtin: l.gtin,
      unidade: l.unidade,
      congelado: l.congelado,
      custoMedio: l.custo_medio,
      /** Which cost values the line (and a gain on it, when approved). */
      custoOrigem: l.custo_origem ?? 'medio',
      /** Added after the freeze: when and by whom (null: frozen). */
      incluidoEm: l.incluido_em === null ? null : new Date(l.incluido_em).toISOString(),
      incluidoPor: l.incluido_por,
      contado: l.contado,
      diferenca: diferenca === null ? null : textoQtd(diferenca),
      valor,
      contadoPor: l.contado_por,
    };
  });
  const idsLocais = [...new Set([...(inv.locais ?? []), ...itens.map((i) => i.local)])];
  const nomesLocais = await tx.execute<{ id: string; descricao: string | null }>(sql`
    select id, dados->>'descricao' as descricao from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and id = any(${sql.param(idsLocais)}::text[])`);
  const nomeLocal = new Map(nomesLocais.rows.map((l) => [l.id, l.descricao]));
  return {
    _id: inv.id,
    numero: inv.numero,
    descricao: inv.descricao,
    status: inv.status,
    /** Every location the count covers, even one with nothing frozen (where a product found can be added). */
    locais: idsLocais.map((l) => ({ _id: l, descricao: nomeLocal.get(l) ?? null })).sort((x, y) => compararPt(x.descricao, y.descricao)),
    congeladoEm: inv.congeladoEm.toISOString(),
    aprovadoEm: inv.aprovadoEm?.toISOString() ?? null,
    observacao: inv.observacao,
    version: inv.version,
    totais: { linhas: itens.length, contadas: itens.filter((i) => i.contado !== null).length, sobras, faltas, diferenca: sobras + faltas },
    itens,
  };
}

/**
 * Approves a count: every counted line whose count differs from its frozen balance posts an
 * adjustment dated at the freeze (so sales since then stay on top of the counted stock), at the
 * average cost (a gain on a line added with no average: at the line's last or registered cost), in
 * one transaction; approving again is a 409.
 */
export async function aprovarInventario(tx: Transaction, a: AutorEstoque, id: string) {
  const inv = await inventarioAberto(tx, a, id);
  const linhas = await tx.execute<{ local_id: string; produto_id: string; congelado: string; contado: string; custo_medio: string; custo_origem: OrigemCustoInventario | null }>(sql`
    select local_id, produto_id, congelado::text as congelado, contado::text as contado, custo_medio::text as custo_medio, custo_origem from estoque_inventario_item
    where grupo_empresarial_id = ${a.grupoEmpresarial} and inventario_id = ${id} and contado is not null and contado <> congelado`);
  if (!(await tx.execute(sql`select 1 from estoque_inventario_item where grupo_empresarial_id = ${a.grupoEmpresarial} and inventario_id = ${id} and contado is not null limit 1`)).rows.length) {
    throw new HttpError(400, 'Nenhuma linha foi contada: conte ao menos um produto antes de aprovar.');
  }
  await lancar(
    tx,
    a,
    linhas.rows.map((l) => ({
      localId: l.local_id,
      produtoId: l.produto_id,
      tipo: 'ajusteInventario',
      quantidade: qtd(l.contado) - qtd(l.congelado),
      // A gain of a product with no average (a line added after the freeze) comes in at the line's cost.
      custoProprio: qtd(l.contado) > qtd(l.congelado) && (l.custo_origem === 'ultimo' || l.custo_origem === 'cadastro') ? custo(l.custo_medio) : null,
      ocorridoEm: inv.congeladoEm,
      documentoTipo: 'inventario',
      documentoId: id,
    })),
    { aceitarNegativo: true },
  );
  await tx
    .update(estoqueInventario)
    .set({ status: 'aprovado', aprovadoEm: new Date(), aprovadoPor: a.usuario, version: sql`${estoqueInventario.version} + 1` })
    .where(and(eq(estoqueInventario.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueInventario.id, id)));
  return detalharInventario(tx, a, id);
}

export async function cancelarInventario(tx: Transaction, a: AutorEstoque, id: string) {
  await inventarioAberto(tx, a, id);
  await tx
    .update(estoqueInventario)
    .set({ status: 'cancelado', version: sql`${estoqueInventario.version} + 1` })
    .where(and(eq(estoqueInventario.grupoEmpresarialId, a.grupoEmpresarial), eq(estoqueInventario.id, id)));
  return detalharInventario(tx, a, id);
}

/** The company's counts, newest first, with their totals. */
export async function listarInventarios(tx: Transaction, a: AutorEstoque) {
  const r = await tx.execute<Record<string, unknown>>(sql`
    select i.id as "_id", i.numero::int as numero, i.descricao, i.status, i.congelado_em as "congeladoEm", i.aprovado_em as "aprovadoEm", u.nome as "criadoPor",
      (select count(*)::int from estoque_inventario_item x where x.grupo_empresarial_id = i.grupo_empresarial_id and x.inventario_id = i.id) as linhas,
      (select count(*)::int from estoque_inventario_item x where x.grupo_empresarial_id = i.grupo_empresarial_id and x.inventario_id = i.id and x.contado is not null) as contadas,
      (select coalesce(sum(round((x.contado - x.congelado) * x.custo_medio)), 0)::bigint from estoque_inventario_item x
        where x.grupo_empresarial_id = i.grupo_empresarial_id and x.inventario_id = i.id and x.contado is not null)::int as diferenca
    from estoque_inventario i
    left join usuario u on u.grupo_empresarial_id = i.grupo_empresarial_id and u.id = i.criado_por
    where i.grupo_empresarial_id = ${a.grupoEmpresarial} and i.empresa_id = ${a.empresa}
    order by i.congelado_em desc limit 500`);
  return r.rows;
}
