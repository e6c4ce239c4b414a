import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bloqueioDoBanco, DataDirInUseError, LOCK_FILE, pastaDoBanco } from '../src/db/embedded/lock.ts';
import { startEmbeddedDatabase } from '../src/db/embedded/start.ts';
import { esperarAte } from './espera.ts';
import { onPostgres } from './harness.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retaguarda-embedded-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

// The embedded database is the same whichever database the suite runs on: tested once, in the PGlite run.
describe.skipIf(onPostgres)('embedded database (PGlite in a child process)', () => {
  it('serves PostgreSQL on a local port, locks DATA_DIR, keeps data across restarts', async () => {
    const first = await startEmbeddedDatabase(dataDir);
    try {
      expect(first.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
      await query(first.url, 'create table marca (valor text); insert into marca values ($$persistiu$$)');
      expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
      // A second server on the same folder would corrupt it: refused while the first runs.
      await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(DataDirInUseError);
    } finally {
      await first.stop();
    }
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    const second = await startEmbeddedDatabase(dataDir);
    try {
      expect(await query(second.url, 'select valor from marca')).toEqual([{ valor: 'persistiu' }]);
    } finally {
      await second.stop();
    }
    // Two starts of PGlite in a child process: seconds each, more on a busy machine.
  }, 180_000);
});

describe.skipIf(onPostgres)('embedded database process supervision', () => {
  it('starts the database again when its process dies, on the same files, keeping DATA_DIR locked', async () => {
    const avisos: string[] = [];
    const banco = await startEmbeddedDatabase(dataDir, { aviso: (mensagem) => avisos.push(mensagem) });
    try {
      await query(banco.url, 'create table if not exists sobreviveu (valor text); insert into sobreviveu values ($$antes da queda$$)');
      const primeiro = banco.pid!;
      process.kill(primeiro, 'SIGKILL');
      await esperarAte(() => banco.pid !== undefined && banco.pid !== primeiro, 120_000, 'o banco reiniciar');
      expect(await query(banco.url, 'select valor from sobreviveu')).toEqual([{ valor: 'antes da queda' }]);
      // The server kept DATA_DIR the whole time: no other server could open it meanwhile.
      expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
      expect(avisos.join('\n')).toMatch(new RegExp(`processo ${primeiro}\\) terminou \\(SIGKILL\\)[\\s\\S]*voltou \\(processo ${banco.pid}\\)`));
    } finally {
      await banco.stop();
    }
  }, 180_000);

  it('waits for the database process of a killed server to let go of the files before opening them', async () => {
    // An orphan still closing PGlite: a live process holding the files' own lock (DATA_DIR/pglite.lock).
    const orfao = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(bloqueioDoBanco(pastaDoBanco(dataDir)), String(orfao.pid));
      let pronto = false;
      const avisos: string[] = [];
      const abrindo = startEmbeddedDatabase(dataDir, { aviso: (mensagem) => avisos.push(mensagem) }).then((banco) => {
        pronto = true;
        return banco;
      });
      // The new database process says it waits for that one, and it does: not ready until it is gone.
      await esperarAte(() => avisos.some((a) => a.includes(`espera o processo ${orfao.pid} largar os arquivos`)), 120_000, 'o aviso de espera');
      expect(pronto).toBe(false);
      orfao.kill('SIGKILL');
      const banco = await abrindo;
      try {
        expect(await query(banco.url, 'select count(*)::int as n from sobreviveu')).toEqual([{ n: 1 }]);
      } finally {
        await banco.stop();
      }
    } finally {
      orfao.kill('SIGKILL');
    }
  }, 180_000);
});
