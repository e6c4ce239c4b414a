import pg from 'pg';

/**
 * Databases of a PostgreSQL cluster beside an administrator's URL, for the tests and benches that make their
 * own (the API tests' files, the browser tests' files, the benches' kept data).
 */
export function urlDoBanco(adminUrl: string, nome: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${nome}`;
  return url.toString();
}

async function comoAdministrador<T>(adminUrl: string, trabalho: (cliente: pg.Client) => Promise<T>): Promise<T> {
  const cliente = new pg.Client({ connectionString: adminUrl });
  await cliente.connect();
  try {
    return await trabalho(cliente);
  } finally {
    await cliente.end();
  }
}

/** An empty database, or with `modelo` a copy of that one (CREATE DATABASE … TEMPLATE: a file copy, nobody may be connected to it). */
export const criarBanco = (adminUrl: string, nome: string, modelo?: string) => comoAdministrador(adminUrl, (c) => c.query(`create database ${nome}${modelo ? ` template ${modelo}` : ''}`)).then(() => {});
export const apagarBanco = (adminUrl: string, nome: string) => comoAdministrador(adminUrl, (c) => c.query(`drop database if exists ${nome} with (force)`)).then(() => {});

/** A database's comment (what a model keeps about itself, e.g. its seed's ids), or null. */
export const comentarioDoBanco = (adminUrl: string, nome: string) =>
  comoAdministrador(adminUrl, async (c) => (await c.query<{ comentario: string | null }>(`select shobj_description(oid, 'pg_database') as comentario from pg_database where datname = $1`, [nome])).rows[0]?.comentario ?? null);
export const comentarBanco = (adminUrl: string, nome: string, comentario: string) => comoAdministrador(adminUrl, (c) => c.query(`comment on database ${nome} is ${c.escapeLiteral(comentario)}`)).then(() => {});

/**
 * The database `nome`, made by `fazer(nomeProvisorio)` only if it does not exist yet: one process of the cluster's makes
 * it (an advisory lock held meanwhile), the others wait for it; it takes its name only once made, so a half-made one is
 * never used.
 */
export async function bancoFeitoUmaVez(adminUrl: string, nome: string, fazer: (nomeProvisorio: string) => Promise<void>): Promise<void> {
  await comoAdministrador(adminUrl, async (c) => {
    await c.query('select pg_advisory_lock(hashtext($1))', [nome]);
    if ((await c.query('select 1 from pg_database where datname = $1', [nome])).rowCount) return;
    const provisorio = `${nome}_fazendo`;
    await c.query(`drop database if exists ${provisorio} with (force)`);
    try {
      await fazer(provisorio);
    } catch (erro) {
      await c.query(`drop database if exists ${provisorio} with (force)`);
      throw erro;
    }
    await c.query(`alter database ${provisorio} rename to ${nome}`);
  });
}
