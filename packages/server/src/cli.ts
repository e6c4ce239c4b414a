/**
 * Maintenance commands on the configured database (same env as the server):
 *   node --import tsx src/cli.ts migrate   apply pending migrations
 *   node --import tsx src/cli.ts seed      migrate, then add the demonstration groups if none exist
 */
import { loadConfig } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { demoLogins, isDatabaseEmpty, seedDemo } from './seed/demo.ts';

const commands: Record<string, string> = {
  migrate: 'aplica as migrações pendentes',
  seed: 'aplica as migrações e cria os dados de demonstração se o banco estiver vazio',
};

async function run(command: string | undefined): Promise<number> {
  if (!command || !(command in commands)) {
    console.error('Uso: node --import tsx src/cli.ts <comando>\n');
    for (const [name, description] of Object.entries(commands)) console.error(`  ${name.padEnd(8)} ${description}`);
    return 2;
  }
  const database = await openDatabase(loadConfig());
  try {
    await runMigrations(database.db);
    console.log('Migrações aplicadas.');
    if (command === 'seed') {
      if (await isDatabaseEmpty(database.db)) {
        await seedDemo(database.db);
        for (const demo of demoLogins) console.log(`Criado ${demo.grupo}: ${demo.login} / ${demo.senha}`);
      } else {
        console.log('O banco já tem dados; nada foi criado.');
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv[2]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
