import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirInUseError } from './db/embedded/lock.ts';
import { agendarEstatisticas } from './db/estatisticas.ts';
import { runMigrations } from './db/migrate.ts';
import { openDatabase, type OpenDatabase } from './db/open.ts';
import { demoLogins, isDatabaseEmpty, seedDemo } from './seed/demo.ts';
import { demoAPreencher, preencherDemo } from './seed/demoAoIniciar.ts';
import { armazenamentoDe } from './storage/armazenamentoDe.ts';
import { chavePreguicosa } from './security/cifra.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  let database: OpenDatabase;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    // The embedded database's restarts go to the server log once there is one.
    database = await openDatabase(config, { aviso: (mensagem) => (app ? app.log.warn(mensagem) : console.error(mensagem)) });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let closing: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    closing ??= (async () => {
      app?.log.info(`${signal} recebido; encerrando.`);
      await app?.close().catch(() => {});
      await database.close().catch(() => {});
      process.exit(0);
    })();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await runMigrations(database.db);
    // Demo data only where it cannot surprise anyone: a fresh embedded database, or when asked.
    const seeded = (database.embedded || config.seedDemo) && (await isDatabaseEmpty(database.db));
    if (seeded) await seedDemo(database.db);

    app = await buildApp({ db: database.db, pool: database.pool, config });
    if (database.embedded) agendarEstatisticas(app, database.db);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    app.log.info(`Retaguarda em http://localhost:${port}`);
    app.log.info(`Banco de dados: ${database.embedded ? `embutido (PGlite) em ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);
    if (seeded || database.embedded) {
      for (const demo of demoLogins) app.log.info(`Acesso de demonstração (${demo.grupo}): ${demo.login} / ${demo.senha}`);
    }
    // The living demonstration is filled after listening, so the first start is not slower; a restart tops it up.
    if (config.demoVendas && (seeded || (await demoAPreencher(database.db)))) {
      const servidor = app;
      void preencherDemo(database.db, { dias: config.demoDias, agora: config.demoAgora, log: (mensagem) => servidor.log.info(mensagem), armazenamento: armazenamentoDe(config), chaveSegredos: chavePreguicosa(config) }).catch((erro: unknown) => {
        // Stopped by a shutdown (the pool closed under it): the next start adds what is missing.
        if (closing) servidor.log.info('[demo] interrompido pelo encerramento; o próximo início completa o que faltar.');
        else servidor.log.error({ err: erro }, '[demo] falhou ao gerar os dados de demonstração');
      });
    }
  } catch (error) {
    console.error('Falha ao iniciar o Retaguarda:', error);
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
}

await main();
