import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { acquireDataDirLock, pastaDoBanco } from '../src/db/embedded/lock.ts';
import { openDatabase } from '../src/db/open.ts';
import { createTestContext, onPostgres } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient } from './resourceApi.ts';
import { pedidoSimples, prepararVendas } from './vendasFixture.ts';

// `npm run backup` and `npm run restore -- ARQUIVO` on the embedded database, as an operator types
// them: a restored database equals, table by table and row by row, the one that was copied.

const raiz = resolve(import.meta.dirname, '../../..');
const pasta = mkdtempSync(join(tmpdir(), 'retaguarda-backup-'));
const dataDir = join(pasta, 'data');
const arquivo = join(pasta, 'copias', 'retaguarda.tar.gz');

/** Runs `npm run <script> -- args` from the repository, with DATA_DIR, as the operator would. */
function npm(script: string, ...args: string[]) {
  const r = spawnSync('npm', ['run', '--silent', script, '--', ...args], { cwd: raiz, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
  return { status: r.status, saida: `${r.stdout}${r.stderr}` };
}

/** Every row of every table (the migrations' own included), each table's rows in a stable order. */
async function todasAsTabelas(): Promise<Record<string, string[]>> {
  const banco = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
  try {
    const { rows: tabelas } = await banco.db.execute<{ nome: string }>(sql`select format('%I.%I', table_schema, table_name) as nome from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`);
    const conteudo: Record<string, string[]> = {};
    for (const { nome } of tabelas) {
      const { rows } = await banco.db.execute<{ linha: string }>(sql.raw(`select t::text as linha from ${nome} t`));
      conteudo[nome] = rows.map((r) => r.linha).sort();
    }
    return conteudo;
  } finally {
    await banco.close();
  }
}

beforeAll(async () => {
  if (onPostgres) return;
  // A database with what a store has: the demo groups, products, a terminal and its sales.
  const ctx = await createTestContext({}, { pastaPglite: pastaDoBanco(dataDir) });
  const cenario = await prepararVendas(ctx, apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br')));
  for (let n = 1; n <= 5; n++) expect((await cenario.enviar(pedidoSimples(cenario, `BACKUP-${n}`))).status).toBe(201);
  await ctx.app.close();
  await ctx.pool.end();
  await ctx.banco.stop();
}, 240_000);
afterAll(() => rmSync(pasta, { recursive: true, force: true }));

describe.skipIf(onPostgres)('npm run backup / npm run restore (embedded database)', () => {
  it(
    'a restored database equals the copied one in every table',
    async () => {
      const copiada = await todasAsTabelas();
      expect(copiada['public.venda']).toHaveLength(5);
      expect(Object.keys(copiada).length).toBeGreaterThan(10);

      const backup = npm('backup', arquivo);
      expect(backup.status, backup.saida).toBe(0);
      expect(backup.saida).toContain(`gravado em ${arquivo}`);
      expect(existsSync(arquivo)).toBe(true);

      // Life goes on after the copy: sales cancelled, a product trashed, sessions gone.
      const banco = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
      await banco.db.execute(sql`update venda set cancelada = true, cancelada_em = now(), cancelada_por = 'teste', motivo_cancelamento = 'depois do backup'`);
      await banco.db.execute(sql`update registro set lixo = true where recurso = 'produtoGeral'`);
      await banco.db.execute(sql`delete from sessao`);
      await banco.close();
      expect(await todasAsTabelas()).not.toEqual(copiada);

      const restauracao = npm('restore', arquivo);
      expect(restauracao.status, restauracao.saida).toBe(0);
      expect(restauracao.saida).toMatch(/restaurado de .*retaguarda\.tar\.gz/);
      expect(await todasAsTabelas()).toEqual(copiada);
      // The database it replaced is kept aside, named in the output, not deleted.
      const anterior = readdirSync(dataDir).find((nome) => nome.startsWith('pglite.antes-da-restauracao-'));
      expect(anterior).toBeDefined();
      expect(restauracao.saida).toContain(anterior);
    },
    300_000,
  );

  it('refuses while a server holds DATA_DIR, saying to stop it, and changes nothing', async () => {
    const liberar = acquireDataDirLock(dataDir);
    try {
      for (const resultado of [npm('backup', join(pasta, 'outra.tar.gz')), npm('restore', arquivo)]) {
        expect(resultado.status).toBe(1);
        expect(resultado.saida).toContain(`já está em uso pelo processo ${process.pid}`);
        expect(resultado.saida).toContain('Pare o servidor');
      }
      expect(existsSync(join(pasta, 'outra.tar.gz'))).toBe(false);
    } finally {
      liberar();
    }
  }, 120_000);

  it('refuses a file that is not a backup and keeps the database as it was', async () => {
    const antes = await todasAsTabelas();
    const falso = join(pasta, 'falso.tar.gz');
    writeFileSync(falso, 'isto não é um backup');
    const resultado = npm('restore', falso);
    expect(resultado.status).not.toBe(0);
    expect(resultado.saida).toContain('não é um backup do banco embutido');
    expect(await todasAsTabelas()).toEqual(antes);
    expect(readdirSync(dataDir).filter((nome) => nome.startsWith('pglite.restaurando-'))).toEqual([]);
  }, 180_000);
});
