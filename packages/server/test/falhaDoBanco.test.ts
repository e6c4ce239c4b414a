import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../src/db/open.ts';
import { esperarAte } from './espera.ts';
import { onPostgres } from './harness.ts';
import { filhosDe, vivo } from './processos.ts';

import {
  BANCO_EMBUTIDO,
  enviarPedido,
  iniciarServidor,
  pedidoCompleto,
  prepararBanco,
  vendasEResumo,
  vendasGravadas,
  type BancoDeTeste,
  type Envio,
  type ProcessoServidor,
} from './servidorReal.ts';

// Fault: the database connection dies in the middle of ingestion, while terminals keep sending. On
// PostgreSQL an administrator ends every backend of the server (pg_terminate_backend); embedded, the
// PGlite child process is killed. Each order answered 201 is stored exactly once, each answered 5xx is
// absent, and the server goes back to storing sales by itself: same process, no restart.

const TERMINAIS = 3;
/** Sales answered 201 before the fault, and after it, before the terminals stop. */
const VENDAS_ANTES = 12;
const VENDAS_DEPOIS = 12;

let banco: BancoDeTeste;
let servidor: ProcessoServidor | undefined;
let leitura: OpenDatabase | undefined;

beforeAll(async () => {
  banco = await prepararBanco(TERMINAIS);
  servidor = await iniciarServidor(banco.env);
}, 240_000);
afterAll(async () => {
  await servidor?.parar();
  await leitura?.close();
  await banco?.descartar();
}, 60_000);

/** Ends the server's database sessions as an administrator would; answers how many it ended. */
async function terminarConexoes(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
}

describe(`the database connection killed during ingestion (${onPostgres ? 'PostgreSQL: pg_terminate_backend' : 'PGlite: its process killed'})`, () => {
  it(
    'answered sales are stored once, refused ones are absent, and the server recovers by itself',
    async () => {
      const s = servidor!;
      const envios: (Envio & { enviadoEm: number })[] = [];
      let parar = false;
      const terminais = banco.tokens.map(async (token, t) => {
        for (let n = 1; !parar; n++) {
          const enviadoEm = Date.now();
          envios.push({ ...(await enviarPedido(s.url, token, t, pedidoCompleto(banco.ids, `FALHA-${t}-${n}`))), enviadoEm });
        }
      });
      const aceitas = (desde = 0) => envios.filter((e) => e.status === 201 && e.enviadoEm >= desde).length;
      try {
        await esperarAte(() => aceitas() >= VENDAS_ANTES, 120_000, `${VENDAS_ANTES} vendas aceitas`);

        let derrubadaEm: number;
        if (onPostgres) {
          // Three times, a moment apart, so some land inside a transaction or its COMMIT.
          let terminadas = 0;
          for (let vez = 0; vez < 3; vez++) {
            terminadas += await terminarConexoes(banco.env.DATABASE_URL!);
            await new Promise((pronto) => setTimeout(pronto, 300));
          }
          expect(terminadas).toBeGreaterThan(0);
          derrubadaEm = Date.now();
        } else {
          const [banco1, ...outros] = filhosDe(s.pid, BANCO_EMBUTIDO);
          expect(banco1).toBeDefined();
          expect(outros).toEqual([]);
          process.kill(banco1!, 'SIGKILL');
          derrubadaEm = Date.now();
          // The server starts it again by itself: a new child process on the same files.
          await esperarAte(() => filhosDe(s.pid, BANCO_EMBUTIDO).some((pid) => pid !== banco1), 120_000, 'o banco embutido reiniciar');
        }
        await esperarAte(() => aceitas(derrubadaEm) >= VENDAS_DEPOIS, 180_000, `${VENDAS_DEPOIS} vendas aceitas depois da falha`);
      } finally {
        parar = true;
        await Promise.all(terminais);
      }

      // The same server process all along, and it never dropped a terminal's request.
      expect(vivo(s.pid)).toBe(true);
      expect(envios.filter((e) => e.status === 0)).toEqual([]);
      // Every answer is a 201 or a refusal for the time the database was away.
      const recusadas = envios.filter((e) => e.status !== 201);
      for (const e of recusadas) expect(e.status, e.erro).toBeGreaterThanOrEqual(500);
      if (!onPostgres) expect(s.saida()).toMatch(/O banco de dados embutido voltou/);

      await s.parar();
      servidor = undefined;
      leitura = await banco.abrir();
      const gravadas = await vendasGravadas(leitura, 'FALHA-');
      for (const e of envios) {
        if (e.status === 201) expect(gravadas.get(e.pedidoId), `${e.pedidoId} respondida 201`).toEqual({ vezes: 1, itens: 2, pagamentos: 2, total: 4190 });
        else expect(gravadas.has(e.pedidoId), `${e.pedidoId} respondida ${e.status}`).toBe(false);
      }
      expect(gravadas.size).toBe(aceitas());
      const { vendas, resumo } = await vendasEResumo(leitura);
      expect(resumo).toEqual(vendas);
    },
    480_000,
  );
});
