// A light request beside heavy ones (issue 19): GET /api/sessao timed alone, then while three clients run
// the heavy sales reports (those that add up items or documents over a period) one after another without
// pause, on the same server and data, in one run. The floor: at most 50 ms more than alone. Data: the
// demonstration groups with as many sales in Grupo Demonstração as `seed --lojas 3 --dias 60` makes, as a new
// user tried it (see `semear`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../e2e/support/server.ts';
import { runServerCli } from '../scripts/lib/servidor.mjs';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../packages/server/src/db/client.ts';
import { startEmbeddedDatabase } from '../packages/server/src/db/embedded/start.ts';
import { entrarComoAdmin } from './entrar.ts';
import { semearVendasPorSql } from './vendasPorSql.ts';

// BENCH_LEVE=LxD (stores × days) for a quicker look; the seed fills some 50 sales a second on the embedded database.
const [LOJAS = '3', DIAS = '60'] = (process.env.BENCH_LEVE ?? '3x60').split('x');
const ESCALA = ['--lojas', LOJAS, '--dias', DIAS];
const PESADOS: [string, Record<string, unknown>][] = [
  // A channel filter makes the products' reports add up the items instead of reading the day's rollup.
  ['relatorioVendaProdutos', { canal: ['Salão', 'Balcão', 'Delivery'] }],
  ['listaProdutosVendidos', { canal: ['Salão', 'Delivery'] }],
  ['relatorioVendasResumoFiscal', {}],
  ['relatorioQrCode', {}],
  ['relatorioVendaCancelamentos', {}],
  ['relatorioVendaDescontos', {}],
];

/**
 * The demonstration groups by the real `seed` command, on DATA_DIR or DATABASE_URL; then the sales: by the
 * seed through the ingestion with BENCH_LEVE_SEMEAR=ingestao (about 50 sales a second idle; at load 20 it
 * had not finished after 37 min), else by SQL in the ingestion's shape with its rollups (bench/vendasPorSql.ts),
 * as many sales (3 stores × 60 days made 32,625: here its two stores × 60 days × 272) in about a minute.
 */
async function semear(env: Record<string, string>, dataDir: string): Promise<void> {
  const pelaIngestao = process.env.BENCH_LEVE_SEMEAR === 'ingestao';
  const { code, output } = await runServerCli(['seed', ...(pelaIngestao ? ESCALA : [])], env);
  if (code !== 0) throw new Error(`seed falhou (${code}):\n${output}`);
  if (pelaIngestao) return;
  const embutido = env.DATABASE_URL ? undefined : await startEmbeddedDatabase(dataDir);
  const banco = createDatabase(env.DATABASE_URL || embutido!.url, { max: 1 });
  try {
    const [demo] = (
      await banco.db.execute<{ grupo: string; empresas: string[] }>(
        sql`select grupo_empresarial_id as grupo, array_agg(id order by id) as empresas from empresa where nome_fantasia like 'Restaurante Demonstração%' group by 1`,
      )
    ).rows;
    const porDia = Math.round((Number(LOJAS) * 181) / demo!.empresas.length);
    await semearVendasPorSql(banco.db, demo!.grupo, demo!.empresas, { dias: Number(DIAS), porDia, ate: '2026-11-27' });
  } finally {
    await banco.pool.end();
    await embutido?.stop();
  }
}

const ordenar = (t: number[]) => [...t].sort((a, b) => a - b);
const quantil = (t: number[], q: number) => ordenar(t)[Math.min(t.length - 1, Math.floor(t.length * q))]!;

export async function benchLeve(databaseUrl?: string) {
  const pasta = mkdtempSync(join(tmpdir(), 'retaguarda-bench-leve-'));
  const dataDir = join(pasta, 'data');
  try {
    await semear(databaseUrl ? { DATABASE_URL: databaseUrl, SEED_DEMO: '1' } : { DATA_DIR: dataDir, DATABASE_URL: '' }, dataDir);
    const server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir });
    try {
      const cookie = await entrarComoAdmin(server.url);
      const sessao = async () => {
        const inicio = performance.now();
        await (await fetch(`${server.url}/api/sessao`, { headers: { cookie } })).arrayBuffer();
        return performance.now() - inicio;
      };
      // A user's clicks, not a load test: one request every 20 ms.
      const serie = async (n: number) => {
        const tempos: number[] = [];
        for (let i = 0; i < n; i++) {
          tempos.push(await sessao());
          await new Promise((r) => setTimeout(r, 20));
        }
        return tempos;
      };
      await serie(20); // warm-up
      const sozinha = await serie(150);
      const relatorios: Record<string, number[]> = {};
      let parar = false;
      const cliente = async (k: number) => {
        for (let i = k; !parar; i++) {
          const [rota, filtro] = PESADOS[i % PESADOS.length]!;
          const inicio = performance.now();
          const res = await fetch(`${server.url}/api/${rota}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ de: '2026-01-01', ate: '2026-12-31', ...filtro }) });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${rota}: ${res.status}`);
          (relatorios[rota] ??= []).push(performance.now() - inicio);
        }
      };
      const clientes = [cliente(0), cliente(2), cliente(4)];
      await new Promise((r) => setTimeout(r, 500));
      const aoLado = await serie(150);
      parar = true;
      await Promise.all(clientes);
      return {
        sozinha: { mediana: quantil(sozinha, 0.5), p95: quantil(sozinha, 0.95) },
        aoLado: { mediana: quantil(aoLado, 0.5), p95: quantil(aoLado, 0.95) },
        relatorios: Object.entries(relatorios).map(([rota, t]) => ({ rota, vezes: t.length, mediana: quantil(t, 0.5) })),
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(pasta, { recursive: true, force: true });
  }
}
