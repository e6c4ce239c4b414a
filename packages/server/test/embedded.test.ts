import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE } from '../src/db/embedded/lock.ts';
import { startEmbeddedDatabase } from '../src/db/embedded/start.ts';

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

describe('embedded database (PGlite in a child process)', () => {
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
  });
});
