import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { emailSaida } from '../src/db/schema/index.ts';
import { memoryMailer } from '../src/mail/mailer.ts';
import { seedDemo, type DemoSeed } from '../src/seed/demo.ts';
import { apagarBanco, bancoFeitoUmaVez, comentarBanco, comentarioDoBanco, criarBanco, urlDoBanco } from './bancosPostgres.ts';

export interface TestContext extends DatabaseHandle {
  app: FastifyInstance;
  config: Config;
  seed: DemoSeed;
  mailer: ReturnType<typeof memoryMailer>;
  /** The database itself: `stop` drops it (PostgreSQL) or closes it (PGlite, its files stay in `pasta`). */
  banco: { url: string; stop(): Promise<void> };
  /** Every outbox row, oldest first, once the sends in flight are done. */
  outbox(): Promise<(typeof emailSaida.$inferSelect)[]>;
  close(): Promise<void>;
}

/** Which database the suite runs on: TEST_DATABASE_URL (real PostgreSQL) or in-process PGlite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * An empty database, or (modelo) one already migrated and seeded, with the seed's ids; embedded, in memory
 * or with its files in `pasta` (as DATA_DIR/pglite, for a real server to open afterwards).
 */
export async function startDatabase(opcoes: { modelo?: boolean; pasta?: string } = {}): Promise<{ url: string; max: number; pglite?: PGlite; seed?: DemoSeed; stop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    // One database per test file, so files run in parallel without seeing each other.
    const name = `retaguarda_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const modelo = opcoes.modelo ? await modeloPostgres(adminUrl) : undefined;
    await criarBanco(adminUrl, name, modelo?.nome);
    return { url: urlDoBanco(adminUrl, name), max: 5, seed: modelo?.seed, stop: () => apagarBanco(adminUrl, name) };
  }
  // Same shape as production's embedded mode (socket + node-postgres, one connection), minus the child.
  const modelo = modeloPglite();
  const doModelo = Boolean(opcoes.modelo) && existsSync(modelo.dados) && existsSync(modelo.seed);
  if (opcoes.pasta) mkdirSync(opcoes.pasta, { recursive: true });
  const db = await PGlite.create({ dataDir: opcoes.pasta, ...(doModelo ? { loadDataDir: new Blob([readFileSync(modelo.dados)]) } : {}) });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    max: 1,
    pglite: db,
    seed: doModelo ? (JSON.parse(readFileSync(modelo.seed, 'utf8')) as DemoSeed) : undefined,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/** A short name for the code the model databases are made by: a change to a migration, the seed or the catalogue makes a new one. */
let hashCalculado: string | undefined;
function hashDoCodigo(): string {
  if (hashCalculado) return hashCalculado;
  const raiz = fileURLToPath(new URL('../../', import.meta.url));
  const hash = createHash('sha1');
  const visitar = (dir: string) => {
    for (const nome of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const caminho = join(dir, nome.name);
      if (nome.isDirectory()) visitar(caminho);
      else if (/\.(ts|sql|json)$/.test(nome.name) && !/\.test\.ts$/.test(nome.name)) hash.update(caminho).update(readFileSync(caminho));
    }
  };
  for (const dir of ['server/src', 'server/drizzle', 'domain/src']) visitar(join(raiz, dir));
  hashCalculado = hash.digest('hex').slice(0, 16);
  return hashCalculado;
}

/**
 * A migrated and seeded embedded database, kept as a file the first test file writes and the others
 * load (migrations and the demo seed, with its password hashes, took about 4 s per file). An uncompressed
 * tar: PGlite loads it in ~0.6 s where the gzip one took ~1.4 s, for each of the 140 files.
 */
function modeloPglite() {
  const pasta = join(tmpdir(), `retaguarda-pglite-tar-${hashDoCodigo()}`);
  return { pasta, dados: join(pasta, 'dados.tar'), seed: join(pasta, 'seed.json') };
}

/**
 * Writes the model's data and seed into a new folder, then renames that folder into place: files run in
 * parallel, and the first ones may all make a model at once. The first rename wins; a later one fails
 * (the folder exists) and its copy is dropped, so a reader never pairs one seed's ids with another's data.
 */
async function guardarModelo(db: PGlite, seed: DemoSeed) {
  const modelo = modeloPglite();
  // The template databases are a third of the files each test file loads (15 of 47 MB); nothing here creates a database.
  for (const nome of ['template0', 'template1']) {
    await db.exec(`update pg_database set datistemplate = false where datname = '${nome}'`);
    await db.exec(`drop database ${nome}`);
  }
  const temporario = mkdtempSync(`${modelo.pasta}.tmp-`);
  writeFileSync(join(temporario, 'dados.tar'), Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  writeFileSync(join(temporario, 'seed.json'), JSON.stringify(seed));
  try {
    renameSync(temporario, modelo.pasta);
  } catch {
    rmSync(temporario, { recursive: true, force: true });
  }
}

/**
 * The PostgreSQL side of the model: a database migrated and seeded once per cluster and code, that each file's
 * database is created from (CREATE DATABASE … TEMPLATE, a file copy), with the seed's ids in its comment. Made by
 * the first file to ask (bancoFeitoUmaVez: the others wait, and a half-made one never has the model's name).
 */
async function modeloPostgres(adminUrl: string): Promise<{ nome: string; seed: DemoSeed }> {
  const nome = `retaguarda_modelo_${hashDoCodigo()}`;
  await bancoFeitoUmaVez(adminUrl, nome, async (provisorio) => {
    await criarBanco(adminUrl, provisorio);
    const handle = createDatabase(urlDoBanco(adminUrl, provisorio), { max: 2 });
    let seed: DemoSeed;
    try {
      await runMigrations(handle.db);
      seed = await seedDemo(handle.db);
    } finally {
      await handle.pool.end();
    }
    await comentarBanco(adminUrl, provisorio, JSON.stringify(seed));
  });
  const seed = await comentarioDoBanco(adminUrl, nome);
  if (!seed) throw new Error(`O banco modelo ${nome} não guarda as ids da semente (feito por uma versão anterior dos testes): apague-o e rode de novo.`);
  return { nome, seed: JSON.parse(seed) as DemoSeed };
}

/**
 * The server reads JSON bodies with the engine's JSON.parse, and the test files of a worker share its globals
 * (isolate: false). A module loaded into the worker may replace it: pdf.js's legacy build did (core-js), and its
 * JSON.parse with a reviver took '{"a": 1,' for {a: 1}, so a broken body got past lerJsonBruto (test/textoPdf.ts
 * now keeps pdf.js in a thread of its own). Checked as each file starts, to fail by name rather than as an odd answer.
 */
function conferirJsonParse(): void {
  try {
    JSON.parse('{"a": 1,', (_chave, valor: unknown) => valor);
  } catch {
    return;
  }
  throw new Error('O JSON.parse deste processo de testes foi trocado por um que aceita JSON quebrado (um polyfill carregado por um arquivo anterior do mesmo worker?).');
}

/**
 * `existente`: a PostgreSQL database migrated and seeded before (a bench's kept data), used as it is and
 * left in place on close.
 */
export async function createTestContext(env: NodeJS.ProcessEnv = {}, opcoes: { pastaPglite?: string; existente?: { url: string; seed: DemoSeed } } = {}): Promise<TestContext> {
  conferirJsonParse();
  const database: Awaited<ReturnType<typeof startDatabase>> = opcoes.existente ? { url: opcoes.existente.url, max: 5, stop: async () => {} } : await startDatabase({ modelo: true, pasta: opcoes.pastaPglite });
  const handle = createDatabase(database.url, { max: database.max });
  let seed: DemoSeed;
  if (opcoes.existente) seed = opcoes.existente.seed;
  else if (database.seed) seed = database.seed;
  else {
    await runMigrations(handle.db);
    seed = await seedDemo(handle.db);
    if (database.pglite) await guardarModelo(database.pglite, seed);
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', APP_URL: 'http://retaguarda.test', DATA_DIR: '/nonexistent-data', WEB_DIST_DIR: '/nonexistent-dist', ...env });
  const mailer = memoryMailer();
  // On PostgreSQL the session cache listens for other processes' changes, as a server with DATABASE_URL does.
  const app = await buildApp({ ...handle, config, mailer, logger: false, avisosDeSessao: database.pglite ? null : database.url });
  await app.ready();
  return {
    ...handle,
    app,
    config,
    seed,
    mailer,
    banco: database,
    async outbox() {
      await app.outbox.drain();
      return handle.db.select().from(emailSaida).orderBy(asc(emailSaida.createdAt), asc(emailSaida.id));
    },
    async close() {
      await app.close();
      await handle.pool.end();
      await database.stop();
    },
  };
}

/** Sets expires_at of every reset key in the past (as the owner), to test expiry without waiting. */
export async function expireAllKeys(ctx: TestContext): Promise<void> {
  await ctx.db.execute(sql`update chave_senha set expires_at = now() - interval '1 minute'`);
}
