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

async function comoAdministrador(adminUrl: string, comando: string): Promise<void> {
  const cliente = new pg.Client({ connectionString: adminUrl });
  await cliente.connect();
  try {
    await cliente.query(comando);
  } finally {
    await cliente.end();
  }
}

/** An empty database, or with `modelo` a copy of that one (CREATE DATABASE … TEMPLATE: a file copy, nobody may be connected to it). */
export const criarBanco = (adminUrl: string, nome: string, modelo?: string) => comoAdministrador(adminUrl, `create database ${nome}${modelo ? ` template ${modelo}` : ''}`);
export const apagarBanco = (adminUrl: string, nome: string) => comoAdministrador(adminUrl, `drop database if exists ${nome} with (force)`);
