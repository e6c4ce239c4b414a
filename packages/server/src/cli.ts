/**
 * Maintenance commands on the configured database (same env as the server):
 *   node --import tsx src/cli.ts migrate   apply pending migrations
 *   node --import tsx src/cli.ts seed      migrate, then add the demonstration groups if none exist
 *   … seed --lojas 10 --dias 365            and fill Grupo Demonstração with sales (npm run seed -- …)
 *   … backup [ARQUIVO]                      copy the embedded database to a .tar.gz (npm run backup)
 *   … restore ARQUIVO                       replace the embedded database by a copy (npm run restore -- …)
 *   … estoque [--corrigir]                  recompute stock balances and average costs from the ledger (npm run estoque:recalcular)
 *   … financeiro [--corrigir]               recompute the money balances from the money ledger (npm run financeiro:recalcular)
 *   … vendas [--corrigir]                   recompute the sales rollups the reports read from the sales (npm run vendas:recalcular)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { fazerBackup, restaurarBackup } from './db/embedded/copiaDeSeguranca.ts';
import { DataDirInUseError } from './db/embedded/lock.ts';
import { openDatabase } from './db/open.ts';
import { grupoEmpresarial, usuario } from './db/schema/index.ts';
import type { Database } from './db/client.ts';
import { demoLogins, isDatabaseEmpty, seedDemo } from './seed/demo.ts';
import { gerarVendasDemo } from './seed/vendasDemo.ts';
import { analisarTabelas } from './db/estatisticas.ts';
import { recalcularEstoque } from './stock/recalcular.ts';
import { recalcularFinanceiro } from './finance/recalcular.ts';
import { recalcularResumosDeVendas } from './sales/resumosVenda.ts';

const commands: Record<string, string> = {
  migrate: 'aplica as migrações pendentes',
  seed: 'aplica as migrações e cria os dados de demonstração se o banco estiver vazio',
  backup: 'copia o banco embutido (DATA_DIR) para um arquivo .tar.gz; com o servidor parado',
  restore: 'substitui o banco embutido pelo de um arquivo de backup; com o servidor parado',
  estoque: 'recalcula os saldos e os custos médios do estoque a partir dos movimentos e mostra as diferenças; --corrigir grava os recalculados',
  financeiro: 'recalcula os saldos das contas financeiras a partir dos movimentos e mostra as diferenças; --corrigir grava os recalculados',
  vendas: 'recalcula os resumos de vendas que os relatórios leem a partir das vendas e mostra as diferenças; --corrigir grava os recalculados',
};

/** A file named on the command line: npm runs scripts in the repository's folder; INIT_CWD is where it was typed. */
const doOperador = (arquivo: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), arquivo);

const conselhoPostgres = `DATABASE_URL aponta para um PostgreSQL: copie-o com as ferramentas dele, com o servidor no ar:
  pg_dump --format=custom --file=retaguarda.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" retaguarda.dump   (com o servidor parado)`;

/** npm run backup [-- ARQUIVO] / npm run restore -- ARQUIVO, on the embedded database of DATA_DIR. */
async function copiaDeSeguranca(comando: 'backup' | 'restore', arquivo: string | undefined): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(conselhoPostgres);
    return 2;
  }
  try {
    if (comando === 'backup') {
      const carimbo = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
      const destino = doOperador(arquivo ?? `retaguarda-backup-${carimbo}.tar.gz`);
      const { bytes } = await fazerBackup(config.dataDir, destino);
      console.log(`Backup do banco de ${config.dataDir} gravado em ${destino} (${Math.ceil(bytes / 1024).toLocaleString('pt-BR')} KB).`);
      console.log('Guarde junto a pasta dos arquivos enviados (STORAGE_DIR) e a chave dos certificados (DATA_DIR/retaguarda-chave.key, se não usar RETAGUARDA_SECRET).');
      return 0;
    }
    if (!arquivo) {
      console.error('Uso: npm run restore -- ARQUIVO (um backup feito com npm run backup)');
      return 2;
    }
    const { anterior } = await restaurarBackup(config.dataDir, doOperador(arquivo));
    console.log(`Banco de ${config.dataDir} restaurado de ${doOperador(arquivo)}.`);
    if (anterior) console.log(`O banco que estava lá foi guardado em ${anterior}; apague-o quando não precisar mais dele.`);
    return 0;
  } catch (erro) {
    if (!(erro instanceof DataDirInUseError)) throw erro;
    console.error(`${erro.message} Pare o servidor e rode de novo: o banco embutido só é copiado ou restaurado com o servidor parado.`);
    return 1;
  }
}

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

/**
 * Prints each difference between what is kept and what its ledger adds up to, and a closing line; with
 * --corrigir the recomputed values were written. Exit code 1 when differences were left.
 */
function relatarDiferencas(linhas: string[], corrigir: boolean, conferido: string): number {
  for (const l of linhas) console.log(l);
  if (!linhas.length) console.log(conferido);
  else console.log(`${linhas.length} diferença(s) ${corrigir ? 'corrigida(s)' : 'encontrada(s); rode com --corrigir para gravar os valores recalculados'}.`);
  return linhas.length && !corrigir ? 1 : 0;
}

/** Kept stock balances and average costs against the stock ledger. */
async function recalcular(db: Database, corrigir: boolean): Promise<number> {
  const diferencas = await recalcularEstoque(db, { corrigir });
  return relatarDiferencas(
    diferencas.map((d) => `${d.campo} grupo ${d.grupoEmpresarial} empresa ${d.empresa}${d.produto ? ` produto ${d.produto}` : ''}${d.local ? ` local ${d.local}` : ''}: mantido ${d.mantido}, recalculado ${d.recalculado}`),
    corrigir,
    'Estoque conferido: os saldos e custos médios mantidos são iguais aos recalculados dos movimentos.',
  );
}

/** Kept account balances against the money ledger. */
async function recalcularSaldos(db: Database, corrigir: boolean): Promise<number> {
  const diferencas = await recalcularFinanceiro(db, { corrigir });
  return relatarDiferencas(
    diferencas.map((d) =>
      d.regime
        ? `dre ${d.regime} grupo ${d.grupoEmpresarial} empresa ${d.empresa} plano ${d.conta} mês ${d.data}: mantido ${d.mantido}, recalculado ${d.recalculado}`
        : `${d.fluxo ? `fluxo ${d.fluxo}` : 'saldo'} grupo ${d.grupoEmpresarial} conta ${d.conta}${d.data ? ` dia ${d.data}` : ''}: mantido ${d.mantido}, recalculado ${d.recalculado}`,
    ),
    corrigir,
    'Financeiro conferido: os saldos mantidos e a DRE por mês são iguais aos recalculados dos movimentos e títulos.',
  );
}

/** The sales rollups (hourly, documents, codes, QR code) against the stored sales. */
async function recalcularVendas(db: Database, corrigir: boolean): Promise<number> {
  const diferencas = await recalcularResumosDeVendas(db, { corrigir });
  return relatarDiferencas(
    diferencas.map((d) => `${d.tabela}: ${d.linhas} linha(s) diferente(s) das vendas`),
    corrigir,
    'Vendas conferidas: os resumos mantidos são iguais aos recalculados das vendas.',
  );
}

async function run(command: string | undefined): Promise<number> {
  if (!command || !(command in commands)) {
    console.error('Uso: node --import tsx src/cli.ts <comando>\n');
    for (const [name, description] of Object.entries(commands)) console.error(`  ${name.padEnd(8)} ${description}`);
    return 2;
  }
  if (command === 'backup' || command === 'restore') return copiaDeSeguranca(command, process.argv[3]);
  const database = await openDatabase(loadConfig());
  try {
    await runMigrations(database.db);
    console.log('Migrações aplicadas.');
    if (command === 'estoque') return await recalcular(database.db, process.argv.includes('--corrigir'));
    if (command === 'financeiro') return await recalcularSaldos(database.db, process.argv.includes('--corrigir'));
    if (command === 'vendas') return await recalcularVendas(database.db, process.argv.includes('--corrigir'));
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
      // A bulk fill: the planner's statistics now, not when autovacuum (PostgreSQL) or the server (embedded) comes by.
      console.log(`Estatísticas atualizadas (${await analisarTabelas(database.db)} tabelas).`);
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
