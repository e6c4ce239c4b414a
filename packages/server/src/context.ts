import type pg from 'pg';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { OutboxSender } from './mail/outbox.ts';
import type { CacheSessoes } from './session/cacheSessoes.ts';
import type { Armazenamento } from './storage/armazenamento.ts';

/** What route plugins need, handed to them explicitly rather than through globals. */
export interface AppContext {
  db: Database;
  pool: pg.Pool;
  config: Config;
  outbox: OutboxSender;
  /** Uploaded files (src/storage). */
  armazenamento: Armazenamento;
  /** The key that encrypts secrets at rest, read or created on first use (src/security/cifra.ts). */
  chaveSegredos: () => Buffer;
  /** Signed-in sessions resolved by this process (src/session/cacheSessoes.ts). */
  sessoes: CacheSessoes;
}
