import type pg from 'pg';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { OutboxSender } from './mail/outbox.ts';

/** What route plugins need, handed to them explicitly rather than through globals. */
export interface AppContext {
  db: Database;
  pool: pg.Pool;
  config: Config;
  outbox: OutboxSender;
}
