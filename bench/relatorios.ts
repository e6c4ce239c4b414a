// relatorioVenda for a month of the whole group and the dashboard's call, at the API, against the one
// hand-written SQL that computes the same numbers, in one run. Sales are written by SQL in the shape
// the ingestion writes (the API would take hours for a year of stores). PGlite by default; a throwaway
// database on PostgreSQL when DATABASE_URL is set, or one kept between runs (`reusar`, bench/escala.ts).
// Each report is also timed against hand-written SQL giving the same numbers from the same tables.
import { readdirSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase } from '../packages/server/src/db/client.ts';
import { runMigrations } from '../packages/server/src/db/migrate.ts';
import { textoComLiterais } from '../packages/server/src/db/tenant.ts';
import { seedDemo, type DemoSeed } from '../packages/server/src/seed/demo.ts';
import { createTestContext } from '../packages/server/test/harness.ts';
import { signIn } from '../packages/server/test/http.ts';
import { urlDoBanco } from '../packages/server/test/bancosPostgres.ts';
import { apiClient, corpoEmpresa, criar } from '../packages/server/test/resourceApi.ts';
import { semearVendasPorSql } from './vendasPorSql.ts';


const mediana = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)]!;
async function cronometrar(vezes: number, fazer: () => Promise<unknown>): Promise<number> {
  await fazer();
  await fazer();
  const tempos: number[] = [];
  for (let i = 0; i < vezes; i++) {
    const inicio = performance.now();
    await fazer();
    tempos.push(performance.now() - inicio);
  }
  return mediana(tempos);
}

/** Medians of `a` and `b` run in turns (two warm-ups each first). */
async function emTurnos(vezes: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const tempos: [number[], number[]] = [[], []];
  for (let i = 0; i < vezes + 2; i++) {
    for (const [j, fazer] of [a, b].entries()) {
      const inicio = performance.now();
      await fazer();
      if (i >= 2) tempos[j]!.push(performance.now() - inicio);
    }
  }
  return [mediana(tempos[0]), mediana(tempos[1])];
}

type Escala = { lojas: number; dias: number; porDia: number };

/** The period every report is asked for: October, a month of the group. */
const DE = '2026-10-01';
const ATE = '2026-10-31';
const noMes = (coluna: string) => sql.raw(`${coluna} >= '${DE}'::timestamp at time zone 'America/Sao_Paulo' and ${coluna} < ('${ATE}'::date + 1)::timestamp at time zone 'America/Sao_Paulo'`);

/**
 * The statements a person would write for each report's numbers, sent together in one message as the owner
 * (no row security): the API's time over these is what it adds (the session, RLS, JSON, the ABC class…).
 */
export function somasAMao(grupo: string, lista: SQL): Record<string, SQL[]> {
  const doMes = sql`v.grupo_empresarial_id = ${grupo} and v.empresa_id = any(${lista}) and ${noMes('v.fechado_em')}`;
  const itensDoMes = sql`i.grupo_empresarial_id = ${grupo} and i.empresa_id = any(${lista}) and ${noMes('i.fechado_em')}`;
  const juntar = sql`venda_item i join venda v on v.grupo_empresarial_id = i.grupo_empresarial_id and v.id = i.venda_id`;
  const doResumo = (r: string) => sql`${sql.raw(r)}.grupo_empresarial_id = ${grupo} and ${sql.raw(r)}.empresa_id = any(${lista}) and ${sql.raw(r)}.dia between ${DE}::date and ${ATE}::date`;
  return {
    relatorioVendaProdutos: [
      sql`select r.produto_id, max(p.dados->>'codigo'), max(p.dados->>'descricao'), sum(r.como_item), sum(r.vendas), sum(r.total)
        from estoque_vendido_dia r left join registro p on p.grupo_empresarial_id = r.grupo_empresarial_id and p.id = r.produto_id
        where r.grupo_empresarial_id = ${grupo} and r.empresa_id = any(${lista}) and r.dia between ${DE}::date and ${ATE}::date
        group by r.produto_id having sum(r.vendas) > 0 order by 6 desc`,
    ],
    listaProdutosVendidos: [
      sql`with s as (select r.empresa_id, r.produto_id, sum(r.como_item) as item, sum(r.como_complemento) as complemento
          from estoque_vendido_dia r where r.grupo_empresarial_id = ${grupo} and r.empresa_id = any(${lista}) and r.dia between ${DE}::date and ${ATE}::date
          group by 1, 2 having sum(r.como_item) <> 0 or sum(r.como_complemento) <> 0)
        select s.*, p.dados->>'descricao', a.dados->>'descricao', u.dados->>'sigla' from s
          left join registro p on p.grupo_empresarial_id = ${grupo} and p.id = s.produto_id
          left join registro a on a.grupo_empresarial_id = ${grupo} and a.id = p.dados->>'agrupador'
          left join registro u on u.grupo_empresarial_id = ${grupo} and u.id = p.dados->>'unidade'`,
    ],
    relatorioVendasResumoFiscal: [
      sql`select r.modelo, r.status, r.serie, sum(r.vendas), sum(r.total), sum(r.canceladas), sum(r.valor_cancelado)
        from venda_resumo_documento r where ${doResumo('r')} group by 1, 2, 3`,
      sql`select grouping(r.cst), r.cfop, r.cst, sum(r.itens), sum(r.total) from venda_resumo_codigo r where ${doResumo('r')} group by grouping sets ((r.cfop), (r.cst))`,
      sql`select v.id, v.total from venda v where ${doMes} and v.documento_status = 'contingencia' order by v.fechado_em, v.id`,
      sql`select v.id, s.em, s.protocolo from venda v join venda_documento_situacao s on s.grupo_empresarial_id = v.grupo_empresarial_id and s.venda_id = v.id
        where ${doMes} and s.anterior = 'contingencia' and s.status = 'autorizada' order by v.fechado_em, v.id`,
    ],
    relatorioQrCode: [
      sql`select r.empresa_id || '|' || r.mesa, sum(r.pedidos), sum(r.total), sum(r.canceladas), sum(r.unidades) from venda_resumo_qr r where ${doResumo('r')} group by 1`,
      sql`select r.empresa_id, sum(r.total) from venda_resumo_hora r where ${doResumo('r')} group by 1`,
      sql`select r.produto_id, max(p.dados->>'descricao'), sum(r.quantidade), sum(r.pedidos), sum(r.total)
        from venda_resumo_qr_produto r left join registro p on p.grupo_empresarial_id = r.grupo_empresarial_id and p.id = r.produto_id
        where ${doResumo('r')} group by 1 order by 5 desc, 1 limit 10`,
    ],
    relatorioVendaCancelamentos: [
      // Every column the report shows (store name, times, reason), as the API answers them.
      sql`select v.id, v.pedido_id, v.empresa_id, e.nome_fantasia, v.canal, v.fechado_em, v.cancelada_em, coalesce(u.nome, v.cancelada_por), v.motivo_cancelamento, v.total
        from venda v join empresa e on e.grupo_empresarial_id = v.grupo_empresarial_id and e.id = v.empresa_id
        left join usuario u on u.grupo_empresarial_id = v.grupo_empresarial_id and u.id = v.cancelada_por
        where ${doMes} and v.cancelada order by v.cancelada_em, v.id`,
      sql`select v.id, v.pedido_id, v.empresa_id, e.nome_fantasia, coalesce(p.dados->>'descricao', i.produto_id), i.quantidade, i.bruto - i.desconto, i.cancelado_em, coalesce(u.nome, i.cancelado_por), i.cancelado_motivo
        from ${juntar} join empresa e on e.grupo_empresarial_id = v.grupo_empresarial_id and e.id = v.empresa_id
        left join registro p on p.grupo_empresarial_id = i.grupo_empresarial_id and p.id = i.produto_id
        left join usuario u on u.grupo_empresarial_id = i.grupo_empresarial_id and u.id = i.cancelado_por
        where ${doMes} and ${itensDoMes} and i.cancelado order by i.cancelado_em, i.venda_id, i.seq`,
    ],
    relatorioVendaDescontos: [
      sql`select coalesce(v.desconto_motivo_id, ''), count(*), sum(v.desconto), sum(v.bruto - v.desconto_itens) from venda v where ${doMes} and not v.cancelada and v.desconto > 0 group by 1`,
      sql`select coalesce(i.desconto_motivo_id, ''), count(*), sum(i.desconto), sum(i.bruto) from ${juntar} where ${doMes} and ${itensDoMes} and not v.cancelada and not i.cancelado and i.desconto > 0 group by 1`,
    ],
  };
}

const RELATORIOS = ['relatorioVendaProdutos', 'listaProdutosVendidos', 'relatorioVendasResumoFiscal', 'relatorioQrCode', 'relatorioVendaCancelamentos', 'relatorioVendaDescontos', 'relatorioVendaTransferencias'];
const DOS_ROLLUPS = new Set(['relatorioVendaProdutos', 'listaProdutosVendidos', 'relatorioVendasResumoFiscal', 'relatorioQrCode']);

/**
 * A database of the cluster kept for this scale and these migrations: made (migrated and seeded with the
 * demonstration group) when absent; the sales written into it are marked by the database's comment,
 * which holds the seed's ids, so the next run finds them and fills nothing.
 */
export async function bancoMantido(adminUrl: string, escala: Escala): Promise<{ url: string; nome: string; guardado?: { seed: DemoSeed; empresas: string[] }; migrar?: boolean }> {
  const migracoes = readdirSync(new URL('../packages/server/drizzle/', import.meta.url)).filter((f) => f.endsWith('.sql')).length;
  const prefixo = `bench_relatorios_${escala.lojas}x${escala.dias}x${escala.porDia}_m`;
  const nome = `${prefixo}${migracoes}`;
  const url = urlDoBanco(adminUrl, nome);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comentario: string | null }>('select shobj_description(oid, \'pg_database\') as comentario from pg_database where datname = $1', [nome]);
    if (rows[0]?.comentario) return { url, nome, guardado: JSON.parse(rows[0].comentario) as { seed: DemoSeed; empresas: string[] } };
    // The same year filled under fewer migrations: renamed and brought forward by the new migrations (which add up
    // their rollups from the sales) instead of filled again.
    const { rows: antigos } = await admin.query<{ datname: string; comentario: string }>(
      "select datname, shobj_description(oid, 'pg_database') as comentario from pg_database where datname like $1 and shobj_description(oid, 'pg_database') is not null",
      [`${prefixo}%`],
    );
    const antigo = antigos.sort((a, b) => Number(b.datname.slice(prefixo.length)) - Number(a.datname.slice(prefixo.length)))[0];
    if (antigo && Number(antigo.datname.slice(prefixo.length)) < migracoes) {
      await admin.query(`alter database ${antigo.datname} rename to ${nome}`);
      return { url, nome, guardado: JSON.parse(antigo.comentario) as { seed: DemoSeed; empresas: string[] }, migrar: true };
    }
    // Half filled by a run that stopped: start again.
    await admin.query(`drop database if exists ${nome} with (force)`);
    await admin.query(`create database ${nome}`);
  } finally {
    await admin.end();
  }
  return { url, nome };
}

export async function benchRelatorios(databaseUrl?: string, escala: Escala = { lojas: 10, dias: 365, porDia: 270 }, opcoes: { reusar?: boolean } = {}) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const mantido = databaseUrl && opcoes.reusar ? await bancoMantido(databaseUrl, escala) : undefined;
  if (mantido && !mantido.guardado) {
    const novo = createDatabase(mantido.url, { max: 1 });
    await runMigrations(novo.db);
    const seed = await seedDemo(novo.db);
    await novo.pool.end();
    mantido.guardado = { seed, empresas: [] };
  }
  if (mantido?.migrar) {
    const antigo = createDatabase(mantido.url, { max: 1 });
    const inicio = performance.now();
    await runMigrations(antigo.db);
    for (const tabela of ['venda_resumo_documento', 'venda_resumo_codigo', 'venda_resumo_qr', 'venda_resumo_qr_produto', 'venda']) await antigo.db.execute(sql.raw(`analyze ${tabela}`));
    await antigo.pool.end();
    console.log(`(dados mantidos de uma versão anterior: migrações novas aplicadas em ${((performance.now() - inicio) / 1000).toFixed(0)} s)`);
  }
  const ctx = await createTestContext({}, mantido ? { existente: { url: mantido.url, seed: mantido.guardado!.seed } } : {});
  try {
    const grupo = ctx.seed.demo.grupoEmpresarial;
    const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const reusado = Boolean(mantido?.guardado?.empresas.length);
    const empresas = reusado ? mantido!.guardado!.empresas : [...ctx.seed.demo.empresas];
    while (empresas.length < escala.lojas) empresas.push((await criar(api, 'empresa', corpoEmpresa()))._id);
    const ate = '2026-10-31';
    const inicioSemear = performance.now();
    if (!reusado) await semearVendas();
    const semear = performance.now() - inicioSemear;
    if (mantido && !reusado) {
      const comentario = JSON.stringify({ seed: ctx.seed, empresas }).replaceAll("'", "''");
      await ctx.db.execute(sql.raw(`comment on database ${mantido.nome} is '${comentario}'`));
    }
    async function semearVendas() {
      await semearVendasPorSql(ctx.db, grupo, empresas, { ...escala, ate });
    }
    const [{ vendas, itens, resumo }] = (
      await ctx.db.execute<{ vendas: number; itens: number; resumo: number }>(
        sql`select (select count(*)::int from venda) as vendas, (select count(*)::int from venda_item) as itens, (select count(*)::int from venda_resumo_hora) as resumo`,
      )
    ).rows as [{ vendas: number; itens: number; resumo: number }];
    const lista = sql`array[${sql.join(empresas.map((e) => sql`${e}::text`), sql`, `)}]::text[]`;

    const filtro = { de: '2026-10-01', ate: '2026-10-31', agrupar: 'dia' };
    const api30 = await cronometrar(7, async () => {
      const res = await api('POST', '/relatorioVenda', filtro);
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    });
    const manual = await cronometrar(7, () =>
      ctx.db.execute(sql`select to_char(fechado_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia,
          count(*) filter (where not cancelada), sum(bruto) filter (where not cancelada), sum(desconto + desconto_itens) filter (where not cancelada),
          sum(taxa_servico) filter (where not cancelada), sum(taxa_entrega) filter (where not cancelada), sum(total) filter (where not cancelada),
          count(*) filter (where cancelada), sum(total) filter (where cancelada)
        from venda where grupo_empresarial_id = ${grupo} and empresa_id = any(${lista})
          and fechado_em >= '2026-10-01'::timestamp at time zone 'America/Sao_Paulo' and fechado_em < '2026-11-01'::timestamp at time zone 'America/Sao_Paulo'
        group by 1 order by 1`),
    );
    // The same numbers from the rollup, by hand: what the API adds on top of its own query.
    const manualResumo = await cronometrar(7, () =>
      ctx.db.execute(sql`select to_char(dia, 'YYYY-MM-DD'), sum(vendas), sum(bruto), sum(descontos), sum(taxa_servico), sum(taxa_entrega), sum(total), sum(canceladas), sum(valor_cancelado)
        from venda_resumo_hora where grupo_empresarial_id = ${grupo} and empresa_id = any(${lista}) and dia between '2026-10-01' and '2026-10-31'
        group by 1 order by 1`),
    );
    const painel = await cronometrar(7, async () => {
      const res = await api('POST', '/dashboard', { data: '2026-10-30' });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    });
    // Every other sales report over the same month, and the statements that give its numbers by hand.
    const aMao = somasAMao(grupo, lista);
    const outros: { tela: string; ms: number; manual?: number; fonte: string }[] = [];
    for (const tela of RELATORIOS) {
      const pedir = async () => {
        const res = await api('POST', `/${tela}`, { de: DE, ate: ATE });
        if (res.status !== 200) throw new Error(`${tela}: ${JSON.stringify(res.body)}`);
      };
      const comandos = aMao[tela];
      // A report's statements in one message, one round trip: the least the API needs (consultasComoInquilino).
      const texto = comandos?.map(textoComLiterais).join('; ');
      // The API and its hand SQL in turns, so a change of the machine's load weighs on both alike (the ratio is the figure).
      const [ms, manual] = texto === undefined ? [await cronometrar(9, pedir), undefined] : await emTurnos(9, pedir, () => ctx.pool.query(texto));
      outros.push({ tela, ms, manual, fonte: DOS_ROLLUPS.has(tela) ? 'lê os resumos por dia mantidos com cada venda' : 'lê vendas e itens' });
    }
    return { vendas, itens, resumo, semear, reusado, api30, manual, manualResumo, painel, outros, escala };
  } finally {
    await ctx.close();
  }
}
