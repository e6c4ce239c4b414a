import type { FastifyInstance } from 'fastify';

/**
 * Runs `tarefa` `primeiraMs` after the server is ready (a restart loop does not run it on every start),
 * then every `intervaloMs` while the server runs. A failure is logged with `falha` and tried again next
 * time; closing the server waits for a run in progress. Timers never keep the process alive.
 */
export function agendarTarefa(app: FastifyInstance, opcoes: { primeiraMs: number; intervaloMs: number; falha: string }, tarefa: () => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined;
  let emCurso: Promise<void> = Promise.resolve();
  const rodar = () => {
    emCurso = tarefa().catch((error: unknown) => app.log.error({ err: error }, opcoes.falha));
    timer = setTimeout(rodar, opcoes.intervaloMs).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(rodar, opcoes.primeiraMs).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await emCurso;
  });
}
