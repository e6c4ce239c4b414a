import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import type { AutorEstoque } from './razao.ts';

/**
 * The next number of a company's stock documents of one series (a table, and a kind within it), taken
 * under a transaction lock on that series so two documents saved at once never share a number.
 */
export async function proximoNumero(tx: Transaction, a: AutorEstoque, tabela: 'estoque_documento' | 'estoque_inventario' | 'estoque_producao' | 'estoque_pedido_compra' | 'estoque_transferencia_lojas' | 'estoque_pedido_transferencia', tipo?: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${tabela}:${a.grupoEmpresarial}:${a.empresa}:${tipo ?? ''}`}))`);
  const daSerie: SQL = tipo ? sql`and tipo = ${tipo}` : sql``;
  const r = await tx.execute<{ numero: number }>(sql`
    select coalesce(max(numero), 0)::int + 1 as numero from ${sql.identifier(tabela)}
    where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} ${daSerie}`);
  return r.rows[0]!.numero;
}
