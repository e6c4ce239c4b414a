/**
 * Maintenance commands on the configured database (same env as the server):
 *   node --import tsx src/cli.ts migrate   apply pending migrations
 *   node --import tsx src/cli.ts seed      migrate, then add the demonstration groups if none exist
 *   … seed --lojas 10 --dias 365            and fill Grupo Demonstração with sales (npm run seed -- …)
 */
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { grupoEmpresarial, usuario } from './db/schema/index.ts';
import type { Database } from './db/client.ts';
import { demoLogins, isDatabaseEmpty, seedDemo } from './seed/demo.ts';
import { gerarVendasDemo } from './seed/vendasDemo.ts';

const commands: Record<string, string> = {
  migrate: 'aplica as migrações pendentes',
  seed: 'aplica as migrações e cria os dados de demonstração se o banco estiver vazio',
};

/** Sales for the demonstration group, as its administrator (the same ingestion as the terminals). */
async function seedVendas(db: Database, lojas: number, dias: number): Promise<void> {
  const [grupo] = await db.select({ id: grupoEmpresarial.id }).from(grupoEmpresarial).where(eq(grupoEmpresarial.nome, 'Grupo Demonstração'));
  if (!grupo) throw new Error('Grupo Demonstração não encontrado: as vendas de demonstração vão para ele.');
  const [admin] = await db.select({ id: usuario.id }).from(usuario).where(and(eq(usuario.grupoEmpresarialId, grupo.id), eq(usuario.email, 'admin@demo.com.br')));
  const s = { id: 'gerador', usuario: admin?.id ?? 'gerador', grupoEmpresarial: grupo.id, empresa: '', permissoes: { administrador: true, telas: {}, pdv: [] } };
  const inicio = Date.now();
  let ultimo = 0;
  const r = await gerarVendasDemo(db, s, {
    lojas,
    dias,
    progresso: (feitos, total, vendas) => {
      if (Date.now() - ultimo < 2000 && feitos < total) return;
      ultimo = Date.now();
      console.log(`Vendas: ${Math.round((feitos * 100) / total)}% (${vendas.toLocaleString('pt-BR')} vendas)`);
    },
  });
  console.log(`${r.vendas.toLocaleString('pt-BR')} vendas novas (${r.canceladas} canceladas) em ${r.lojas} lojas, ${dias} dias, em ${((Date.now() - inicio) / 1000).toFixed(0)} s.`);
}

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
      const { values } = parseArgs({ args: process.argv.slice(3), options: { lojas: { type: 'string' }, dias: { type: 'string' } } });
      if (values.lojas || values.dias) {
        const lojas = Number(values.lojas ?? 2);
        const dias = Number(values.dias ?? 30);
        if (!Number.isInteger(lojas) || lojas < 1 || lojas > 200) throw new Error('--lojas: um número inteiro de 1 a 200.');
        if (!Number.isInteger(dias) || dias < 1 || dias > 3660) throw new Error('--dias: um número inteiro de 1 a 3660.');
        await seedVendas(database.db, lojas, dias);
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
