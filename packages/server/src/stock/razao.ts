import { aplicarAoCusto, custo, qtd, textoCusto, textoQtd, valorEmCentavos, type EfeitoProduto, type EstadoCusto, type NegativoDepois, type TipoMovimento } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { inserirDeJson } from '../db/insercaoJson.ts';
import { executarPreparado } from '../db/preparado.ts';
import { estoqueMovimento } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import { HttpError } from '../plugins/envelope.ts';
import { talvezCompactar } from './posicaoTotais.ts';

/**
 * The stock ledger: the one place stock changes (docs/decisions/0014). Every movement is appended, the
 * location balances and the company's average cost of each product are updated in the same
 * transaction, under a lock on the company's product row, so concurrent moves serialise per product.
 */

/** Who moves stock: the tenant and the user, from the session (or the terminal, for sales). */
export interface AutorEstoque {
  grupoEmpresarial: string;
  empresa: string;
  usuario: string | null;
}

export interface MovimentoNovo {
  localId: string;
  produtoId: string;
  tipo: TipoMovimento;
  /** Signed, 4 places: positive in, negative out. */
  quantidade: bigint;
  /** The movement's own unit cost (entries, production, their reversals); null moves at the average. */
  custoProprio: bigint | null;
  /** Business time: when it happened. */
  ocorridoEm: Date;
  documentoTipo: string;
  documentoId: string;
  estornoDe?: string | null;
}

export interface MovimentoLancado extends MovimentoNovo {
  id: string;
  custoUnitario: bigint;
  valor: number;
}

export interface ResultadoLancamento {
  movimentos: MovimentoLancado[];
  efeitos: EfeitoProduto[];
}

type LinhaCusto = {
  produto_id: string;
  quantidade: string;
  custo_medio: string;
  ultimo_em: Date | null;
  ultimo_proprio_em: Date | null;
};

type LinhaRazao = {
  id: string;
  local_id: string;
  tipo: TipoMovimento;
  quantidade: string;
  custo_proprio: string | null;
  ocorrido_em: Date;
};

const proprio = (m: Pick<MovimentoNovo, 'custoProprio'>) => m.custoProprio !== null;

/**
 * The movements of one product of the company in business-time order (ties in recording order), with
 * the unit cost of those that carry their own. What the replay folds.
 */
export async function razaoDoProduto(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, produtoId: string): Promise<LinhaRazao[]> {
  const r = await tx.execute<LinhaRazao>(sql`
    select id, local_id, tipo, quantidade::text as quantidade, ocorrido_em, case when custo_proprio then custo_unitario::text end as custo_proprio
    from estoque_movimento
    where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and produto_id = ${produtoId}
    order by ocorrido_em, seq`);
  return r.rows.map((l) => ({ ...l, ocorrido_em: new Date(l.ocorrido_em) }));
}

/**
 * The CTE `custos_travados` that locks the company's rows of these products (created when missing) and
 * reads them, in id order: concurrent batches take the locks in the same order, so they wait, never
 * deadlock. A batch of sales runs it in its insert's statement (`lerCustosTravados` reads its rows).
 */
export function cteTravarCustos(a: AutorEstoque, produtos: readonly string[]): SQL {
  return sql`custos_travados as (
    insert into estoque_custo (grupo_empresarial_id, empresa_id, produto_id)
    select ${a.grupoEmpresarial}, ${a.empresa}, p from unnest(${sql.param([...produtos].sort())}::text[]) as p order by p
    on conflict (grupo_empresarial_id, empresa_id, produto_id) do update set produto_id = excluded.produto_id
    returning produto_id, quantidade::text as quantidade, custo_medio::text as custo_medio, ultimo_em, ultimo_proprio_em)`;
}

/** A row of `custos_travados`: its timestamps are text when it comes through JSON. */
export type LinhaCustoLida = Omit<LinhaCusto, 'ultimo_em' | 'ultimo_proprio_em'> & { ultimo_em: Date | string | null; ultimo_proprio_em: Date | string | null };
export type CustosTravados = Map<string, LinhaCusto>;

/** The rows of `custos_travados`, by product. */
export function lerCustosTravados(linhas: readonly LinhaCustoLida[]): CustosTravados {
  const data = (d: Date | string | null) => (d === null ? null : new Date(d));
  return new Map(linhas.map((l) => [l.produto_id, { ...l, ultimo_em: data(l.ultimo_em), ultimo_proprio_em: data(l.ultimo_proprio_em) }]));
}

async function travarCustos(tx: Transaction, a: AutorEstoque, produtos: string[]): Promise<CustosTravados> {
  return lerCustosTravados(await executarPreparado<LinhaCustoLida>(tx, sql`with ${cteTravarCustos(a, produtos)} select * from custos_travados`));
}

const estado = (l: LinhaCusto): EstadoCusto => ({ quantidade: qtd(l.quantidade), custoMedio: custo(l.custo_medio) });
const textoEstado = (e: EstadoCusto) => ({ quantidade: textoQtd(e.quantidade), custoMedio: textoCusto(e.custoMedio) });

/** A product's state after the batch, to be written. */
interface NovoCusto {
  produto_id: string;
  quantidade: string;
  custo_medio: string;
  /** The average before the batch: the value of the product's lines before, for the position's totals. */
  custo_antes: string;
  ultimo_em: string | null;
  ultimo_proprio_em: string | null;
}

/**
 * One product's new movements applied: on top of the kept state when none is dated before the
 * product's later movements, else by replaying the product's ledger with them in their place (the
 * same fold either way, so the kept state always equals the recomputed one). Fills each movement's
 * unit cost and value; the location balances are filled in after the write.
 */
async function aplicarProduto(tx: Transaction, a: AutorEstoque, linha: LinhaCusto, novos: MovimentoLancado[]): Promise<{ efeito: EfeitoProduto; novo: NovoCusto }> {
  const antes = estado(linha);
  const retroativo = novos.some((m) => {
    const limite = proprio(m) ? linha.ultimo_em : linha.ultimo_proprio_em;
    return limite !== null && m.ocorridoEm < limite;
  });
  const locais = [...new Set(novos.map((m) => m.localId))];
  const negativosDepois: NegativoDepois[] = [];
  let e = antes;
  if (!retroativo) {
    for (const m of novos) {
      m.custoUnitario = m.custoProprio ?? e.custoMedio;
      e = aplicarAoCusto(e, m.quantidade, m.custoProprio);
    }
  } else {
    // Each new movement goes after the ledger's movements of the same business time or earlier.
    const razao = await razaoDoProduto(tx, a, linha.produto_id);
    const pendentes = [...novos];
    const primeiro = novos[0]!.ocorridoEm;
    const porLocal = new Map<string, bigint>();
    e = { quantidade: 0n, custoMedio: 0n };
    const passo = (local: string, q: bigint, c: bigint | null) => {
      e = aplicarAoCusto(e, q, c);
      porLocal.set(local, (porLocal.get(local) ?? 0n) + q);
    };
    const aplicarNovo = (m: MovimentoLancado) => {
      m.custoUnitario = m.custoProprio ?? e.custoMedio;
      passo(m.localId, m.quantidade, m.custoProprio);
    };
    for (const r of razao) {
      while (pendentes.length && pendentes[0]!.ocorridoEm < r.ocorrido_em) aplicarNovo(pendentes.shift()!);
      passo(r.local_id, qtd(r.quantidade), r.custo_proprio === null ? null : custo(r.custo_proprio));
      const saldo = porLocal.get(r.local_id)!;
      if (r.ocorrido_em >= primeiro && saldo < 0n && locais.includes(r.local_id)) {
        negativosDepois.push({ movimento: r.id, ocorridoEm: r.ocorrido_em.toISOString(), tipo: r.tipo, localId: r.local_id, produtoId: linha.produto_id, saldo: textoQtd(saldo) });
      }
    }
    pendentes.forEach(aplicarNovo);
  }
  for (const m of novos) m.valor = valorEmCentavos(m.quantidade, m.custoUnitario);
  const maxData = (atual: Date | null, lista: MovimentoNovo[]) => lista.reduce<Date | null>((d, m) => (d === null || m.ocorridoEm > d ? m.ocorridoEm : d), atual);
  return {
    efeito: { produtoId: linha.produto_id, antes: textoEstado(antes), depois: textoEstado(e), retroativo, saldos: [], negativosDepois },
    novo: {
      produto_id: linha.produto_id,
      quantidade: textoQtd(e.quantidade),
      custo_medio: textoCusto(e.custoMedio),
      custo_antes: linha.custo_medio,
      ultimo_em: maxData(linha.ultimo_em, novos)?.toISOString() ?? null,
      ultimo_proprio_em: maxData(linha.ultimo_proprio_em, novos.filter(proprio))?.toISOString() ?? null,
    },
  };
}

/** 409 naming the product and the location whose stock would go below zero. */
async function recusarNegativo(tx: Transaction, a: AutorEstoque, produtoId: string, localId: string, saldo: string): Promise<never> {
  const r = await tx.execute<{ produto: string | null; local: string | null }>(sql`
    select (select dados->>'descricao' from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${produtoId}) as produto,
           (select dados->>'descricao' from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${localId}) as local`);
  const { produto, local } = r.rows[0] ?? { produto: null, local: null };
  throw new HttpError(
    409,
    `Estoque insuficiente: ${produto ?? produtoId} ficaria com ${saldo.replace('.', ',').replace(/,?0+$/, '') || '0'} em ${local ?? localId}, e esta empresa não permite estoque negativo.`,
    {},
    { produto: produtoId, local: localId },
  );
}

/** Whether the company lets stock go below zero (Empresa → Configurações → Estoque; allowed by default). */
export async function permiteNegativo(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>): Promise<boolean> {
  const r = await tx.execute<{ permite: boolean | null }>(sql`
    select (dados->'configuracoes'->'estoque'->>'permitirNegativo')::boolean as permite
    from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'empresa' and id = ${a.empresa}`);
  return r.rows[0]?.permite ?? true;
}

export interface OpcoesLancamento {
  /** Compute everything (the preview of a document) and report negatives instead of refusing; the caller rolls back. */
  simular?: boolean;
  /** Never refuse for negative stock: what already happened (a sale at the till) is always recorded. */
  aceitarNegativo?: boolean;
  /** The products' rows, locked already by `cteTravarCustos` in the caller's transaction (every product moved among them). */
  custosTravados?: CustosTravados;
}

/**
 * Appends movements of one company and keeps its balances, in the caller's transaction: one statement
 * locks and reads the products' positions, one writes the movements, the location balances and the
 * new positions (plus one read of the ledger per product moved into its past).
 */
export async function lancar(tx: Transaction, a: AutorEstoque, movimentos: readonly MovimentoNovo[], opcoes: OpcoesLancamento = {}): Promise<ResultadoLancamento> {
  if (!movimentos.length) return { movimentos: [], efeitos: [] };
  const lancados: MovimentoLancado[] = movimentos.map((m) => ({ ...m, id: newId(), custoUnitario: 0n, valor: 0 }));
  const produtos = [...new Set(lancados.map((m) => m.produtoId))].sort();
  const travados = opcoes.custosTravados;
  const custos = travados && produtos.every((p) => travados.has(p)) ? travados : await travarCustos(tx, a, produtos);
  const efeitos: EfeitoProduto[] = [];
  const novos: NovoCusto[] = [];
  const ordenados: MovimentoLancado[] = [];
  for (const produto of produtos) {
    // Stable: movements of the same time keep the order they were given in.
    const doProduto = lancados.filter((m) => m.produtoId === produto).sort((x, y) => x.ocorridoEm.getTime() - y.ocorridoEm.getTime());
    const { efeito, novo } = await aplicarProduto(tx, a, custos.get(produto)!, doProduto);
    efeitos.push(efeito);
    novos.push(novo);
    ordenados.push(...doProduto);
  }
  const deltas = new Map<string, { local: string; produto: string; q: bigint }>();
  for (const m of ordenados) {
    const k = `${m.localId}|${m.produtoId}`;
    const d = deltas.get(k) ?? { local: m.localId, produto: m.produtoId, q: 0n };
    d.q += m.quantidade;
    deltas.set(k, d);
  }
  const linhas = [...deltas.values()];
  // Recorded in product order, each product's in business-time order: seq follows the order applied.
  const movimentosJson = inserirDeJson(
    estoqueMovimento,
    ordenados.map((m) => ({
      grupoEmpresarialId: a.grupoEmpresarial,
      id: m.id,
      empresaId: a.empresa,
      localId: m.localId,
      produtoId: m.produtoId,
      tipo: m.tipo,
      quantidade: textoQtd(m.quantidade),
      custoUnitario: textoCusto(m.custoUnitario),
      custoProprio: proprio(m),
      valor: m.valor,
      ocorridoEm: m.ocorridoEm,
      usuarioId: a.usuario,
      documentoTipo: m.documentoTipo,
      documentoId: m.documentoId,
      estornoDe: m.estornoDe ?? null,
    })),
  );
  const custosJson = JSON.stringify(novos);
  // Prepared: planning this statement cost PostgreSQL more than running it for a batch of sales.
  const saldos = await executarPreparado<{ local_id: string; produto_id: string; quantidade: string }>(tx, sql`
    with movimentos as (${movimentosJson}),
    custos as (
      update estoque_custo c set quantidade = x.quantidade, custo_medio = x.custo_medio, ultimo_em = x.ultimo_em, ultimo_proprio_em = x.ultimo_proprio_em, atualizado_em = now()
      from jsonb_to_recordset(${custosJson}::jsonb) as x(produto_id text, quantidade numeric, custo_medio numeric, ultimo_em timestamptz, ultimo_proprio_em timestamptz)
      where c.grupo_empresarial_id = ${a.grupoEmpresarial} and c.empresa_id = ${a.empresa} and c.produto_id = x.produto_id),
    saldos as (
      insert into estoque_saldo (grupo_empresarial_id, empresa_id, local_id, produto_id, quantidade)
      select ${a.grupoEmpresarial}, ${a.empresa}, l, p, q::numeric
      from unnest(${sql.param(linhas.map((l) => l.local))}::text[], ${sql.param(linhas.map((l) => l.produto))}::text[], ${sql.param(linhas.map((l) => textoQtd(l.q)))}::text[]) as x(l, p, q)
      order by l, p
      on conflict (grupo_empresarial_id, local_id, produto_id)
      do update set quantidade = estoque_saldo.quantidade + excluded.quantidade, atualizado_em = now()
      returning local_id, produto_id, quantidade),
    -- Every line of these products before this statement (its snapshot; the products are locked): with the lines
    -- after, the change of the position's totals per location, the average's change revaluing the lines not moved.
    antes as (
      select local_id, produto_id, quantidade from estoque_saldo
      where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and produto_id = any(${sql.param(produtos)}::text[])),
    variacao as (
      insert into estoque_posicao_variacao (grupo_empresarial_id, empresa_id, local_id, linhas, linhas_com_saldo, quantidade, valor)
      select ${a.grupoEmpresarial}, ${a.empresa}, local_id, sum(linhas), sum(com_saldo), sum(q1 - q0), sum(round(q1 * c1) - round(q0 * c0))
      from (
        select coalesce(d.local_id, b.local_id) as local_id, (b.local_id is null)::int as linhas, coalesce(b.quantidade, 0) as q0, coalesce(d.quantidade, b.quantidade) as q1,
          (coalesce(d.quantidade, b.quantidade) <> 0)::int - (coalesce(b.quantidade, 0) <> 0)::int as com_saldo, x.custo_antes as c0, x.custo_medio as c1
        from saldos d
        full join antes b on b.local_id = d.local_id and b.produto_id = d.produto_id
        join jsonb_to_recordset(${custosJson}::jsonb) as x(produto_id text, custo_medio numeric, custo_antes numeric) on x.produto_id = coalesce(d.produto_id, b.produto_id)) v
      group by local_id
      having sum(linhas) <> 0 or sum(com_saldo) <> 0 or sum(q1 - q0) <> 0 or sum(round(q1 * c1) - round(q0 * c0)) <> 0)
    select local_id, produto_id, quantidade::text as quantidade from saldos`);
  if (!opcoes.simular) await talvezCompactar(tx, a.grupoEmpresarial, a.empresa);
  for (const s of saldos) {
    const delta = deltas.get(`${s.local_id}|${s.produto_id}`)!.q;
    const depois = qtd(s.quantidade);
    efeitos.find((e) => e.produtoId === s.produto_id)!.saldos.push({ localId: s.local_id, antes: textoQtd(depois - delta), depois: s.quantidade });
  }
  if (!opcoes.simular && !opcoes.aceitarNegativo && !(await permiteNegativo(tx, a))) {
    for (const ef of efeitos) {
      const saiu = (localId: string) => lancados.some((m) => m.produtoId === ef.produtoId && m.localId === localId && m.quantidade < 0n);
      const s = ef.saldos.find((x) => qtd(x.depois) < 0n && saiu(x.localId));
      if (s) await recusarNegativo(tx, a, ef.produtoId, s.localId, s.depois);
      const n = ef.negativosDepois[0];
      if (n) await recusarNegativo(tx, a, ef.produtoId, n.localId, n.saldo);
    }
  }
  return { movimentos: ordenados, efeitos };
}

/**
 * Reverses every movement of a document in the company not reversed yet (a central kitchen's posting
 * also moved another store's stock: each company reverses its own): one new row each, opposite quantity at the
 * original unit cost and business time (the ledger keeps both). A sale's cancellation puts its stock back this way.
 */
export async function estornarMovimentos(tx: Transaction, a: AutorEstoque, documentoId: string, opcoes: OpcoesLancamento = {}): Promise<ResultadoLancamento> {
  const r = await tx.execute<{ id: string; local_id: string; produto_id: string; quantidade: string; custo_unitario: string; custo_proprio: boolean; ocorrido_em: Date; documento_tipo: string }>(sql`
    select m.id, m.local_id, m.produto_id, m.quantidade::text as quantidade, m.custo_unitario::text as custo_unitario, m.custo_proprio, m.ocorrido_em, m.documento_tipo
    from estoque_movimento m
    where m.grupo_empresarial_id = ${a.grupoEmpresarial} and m.empresa_id = ${a.empresa} and m.documento_id = ${documentoId} and m.tipo <> 'estorno'
      and not exists (select 1 from estoque_movimento e where e.grupo_empresarial_id = m.grupo_empresarial_id and e.estorno_de = m.id)
    order by m.seq`);
  return lancar(
    tx,
    a,
    r.rows.map((m) => ({
      localId: m.local_id,
      produtoId: m.produto_id,
      tipo: 'estorno',
      quantidade: -qtd(m.quantidade),
      custoProprio: m.custo_proprio ? custo(m.custo_unitario) : null,
      ocorridoEm: new Date(m.ocorrido_em),
      documentoTipo: m.documento_tipo,
      documentoId,
      estornoDe: m.id,
    })),
    opcoes,
  );
}
