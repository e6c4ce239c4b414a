import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Transaction } from './client.ts';
import { comInicio, type InicioDaTransacao } from './transacaoSegura.ts';

/** The NOLOGIN role the RLS migration creates; tenant work runs as it so the policies apply. */
export const TENANT_ROLE = 'retaguarda_app';

export interface Tenant {
  grupoEmpresarial: string;
  /** The active company; null before one is chosen (sign-in). */
  empresa?: string | null;
}

/** A string as an SQL literal: node-postgres's own escaping (its types have it on the client only). */
const literal = (texto: string) => pg.Client.prototype.escapeLiteral(texto);

/**
 * Runs `work` in a transaction that can only see and write the tenant's rows: the role switch drops
 * the superuser/owner rights that bypass RLS, and the settings are what the policies compare with.
 * Both are LOCAL, so they end with the transaction and never leak to the next user of the connection.
 */
export async function withTenant<T>(db: Database, tenant: Tenant, work: (tx: Transaction) => Promise<T>): Promise<T> {
  // Sent with BEGIN, in its round trip (a sale's transaction has few statements: one fewer shows).
  // set_config('role', …, true) is SET LOCAL ROLE (the way PostgREST switches roles).
  const inicio: InicioDaTransacao = {
    texto: `select set_config('role', ${literal(TENANT_ROLE)}, true), set_config('app.grupo_empresarial_id', ${literal(tenant.grupoEmpresarial)}, true), set_config('app.empresa_id', ${literal(tenant.empresa ?? '')}, true)`,
    enviado: false,
  };
  return db.transaction(async (tx) => {
    if (!inicio.enviado) await tx.execute(sql.raw(inicio.texto));
    return work(tx);
  }, comInicio(inicio));
}

/**
 * Runs `work` inside the tenant's transaction as another company of the same group: `work` gets a
 * copy of the tenant whose `empresa` is that company, and app.empresa_id follows it for the duration
 * (the RLS key, the group, stays). Back to the tenant's company when `work` returns; a refusal thrown
 * by `work` ends the transaction anyway, so nothing is reset then.
 */
export async function naEmpresa<S extends Tenant, T>(tx: Transaction, tenant: S, empresa: string, work: (naLoja: S) => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('app.empresa_id', ${empresa}, true)`);
  const resultado = await work({ ...tenant, empresa });
  await tx.execute(sql`select set_config('app.empresa_id', ${tenant.empresa ?? ''}, true)`);
  return resultado;
}
