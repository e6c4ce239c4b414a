// GET /api/sessao (cookie → session, from the server's memory once read) against a bare Fastify route, in
// one run; on the embedded database, or on PostgreSQL with `databaseUrl` (an empty database: seeded).
import { fork } from 'node:child_process';
import { startServer } from '../e2e/support/server.ts';
import { load } from './load.ts';
import { entrarComoAdmin } from './entrar.ts';

export async function benchSessao(port: number, databaseUrl?: string) {
  const server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl, SEED_DEMO: '1' } : {});
  const bare = fork(new URL('./bareServer.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: String(port) },
  });
  try {
    await new Promise((ready) => bare.once('message', ready));
    const cookie = await entrarComoAdmin(server.url);

    const sessaoUrl = `${server.url}/api/sessao`;
    const bareUrl = `http://127.0.0.1:${port}/bare`;
    await load(sessaoUrl, { seconds: 1, headers: { cookie } }); // warm-up
    await load(bareUrl, { seconds: 1 });
    // Interleaved rounds so a noisy neighbour hurts both sides alike.
    const rounds = { sessao: 0, bare: 0, errors: 0 };
    for (let round = 0; round < 3; round++) {
      const s = await load(sessaoUrl, { seconds: 2, headers: { cookie } });
      const b = await load(bareUrl, { seconds: 2 });
      rounds.sessao += s.perSecond / 3;
      rounds.bare += b.perSecond / 3;
      rounds.errors += s.errors + b.errors;
    }
    return rounds;
  } finally {
    // Gone before the next run forks another on the same port.
    const saiu = new Promise((pronto) => bare.once('exit', pronto));
    bare.kill();
    await Promise.all([saiu, server.stop()]);
  }
}
