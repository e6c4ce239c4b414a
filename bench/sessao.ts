// GET /api/sessao (cookie → session row → tenant data) against a bare Fastify route, in one run.
import { fork } from 'node:child_process';
import { startServer } from '../e2e/support/server.ts';
import { load } from './load.ts';
import { entrarComoAdmin } from './entrar.ts';

export async function benchSessao(port: number) {
  const server = await startServer();
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
    bare.kill();
    await server.stop();
  }
}
