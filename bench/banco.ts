import pg from 'pg';

/** A new empty database beside DATABASE_URL's (the demonstration group is seeded only on an empty one). */
export async function bancoNovo(url: string, prefixo: string): Promise<string> {
  const nome = `${prefixo}_${Date.now()}`;
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    await cliente.query(`create database ${nome}`);
  } finally {
    await cliente.end();
  }
  const novo = new URL(url);
  novo.pathname = `/${nome}`;
  return novo.toString();
}
