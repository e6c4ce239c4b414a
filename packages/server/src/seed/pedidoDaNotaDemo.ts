import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { vincularPedidos } from '../fiscal/entradaNotaFiscal/pedidoDaNota.ts';
import type { SessaoRequest } from '../session/requireSession.ts';

/**
 * The demonstration's pending supplier notes linked to the orders opened after them (run after the
 * purchase orders): the dairy's note delivers 15 of the 25 KG of cheese of its approved order, which the
 * entry screen shows and its posting would receive.
 */
export async function vincularPedidosDemo(db: Database, s: SessaoRequest): Promise<void> {
  const [loja] = (await withTenant(db, s, (tx) => tx.execute<{ id: string }>(sql`select id from empresa where lixo = false order by created_at, id limit 1`))).rows;
  if (!loja) return;
  await withTenant(db, { ...s, empresa: loja.id }, async (tx) => {
    const a = { grupoEmpresarial: s.grupoEmpresarial, empresa: loja.id };
    const pendentes = await tx.execute<{ id: string }>(sql`select id from entrada_nota_fiscal where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${loja.id} and situacao = 'pendente'`);
    for (const e of pendentes.rows) await vincularPedidos(tx, a, e.id);
  });
}
