import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `INSERT INTO tabela (…) SELECT … FROM jsonb_to_recordset($1)`: any number of rows as ONE parameter,
 * so a batch never meets PostgreSQL's 65,535-parameter limit and the statement is built once, not per
 * value (query building was a sixth of the time of receiving a sale). Rows use the table's TypeScript
 * keys, as drizzle's `$inferInsert`; a key left undefined in every row takes the column's default.
 * `onde` filters the rows (x.coluna), e.g. to the sales a previous CTE inserted.
 */
export function inserirDeJson<T extends PgTable>(tabela: T, linhas: readonly T['$inferInsert'][], onde?: SQL): SQL {
  // Nothing to write (a sale paid later has no payments): a statement that writes nothing.
  if (!linhas.length) return sql`select null where false`;
  const colunas = Object.entries(getTableColumns(tabela)).filter(([chave]) => linhas.some((l) => (l as Record<string, unknown>)[chave] !== undefined));
  const json = linhas.map((linha) => {
    const saida: Record<string, unknown> = {};
    for (const [chave, coluna] of colunas) {
      const valor = (linha as Record<string, unknown>)[chave];
      saida[coluna.name] = valor instanceof Date ? valor.toISOString() : valor;
    }
    return saida;
  });
  const nomes = sql.raw(colunas.map(([, c]) => `"${c.name}"`).join(', '));
  const tipos = sql.raw(colunas.map(([, c]) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  return sql`insert into ${sql.identifier(getTableName(tabela))} (${nomes}) select ${nomes} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(${tipos})${onde ? sql` where ${onde}` : sql``}`;
}
