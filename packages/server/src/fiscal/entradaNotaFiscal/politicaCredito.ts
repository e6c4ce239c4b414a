import { creditoPadraoDaEmpresa, regimePermiteCredito } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';

/** The company's credit policy for supplier notes: allowed (CRT 3) and its default (empresa configuracoes.fiscal). */
export async function politicaDeCredito(tx: Transaction, grupo: string, empresa: string): Promise<{ permitido: boolean; padrao: boolean }> {
  const [e] = (
    await tx.execute<{ crt: string | null; creditar: boolean | null }>(sql`
      select dados->>'crt' as crt, (dados #>> '{configuracoes,fiscal,creditarImpostosEntrada}')::boolean as creditar
        from registro where grupo_empresarial_id = ${grupo} and recurso = 'empresa' and id = ${empresa}`)
  ).rows;
  return { permitido: regimePermiteCredito(e?.crt), padrao: creditoPadraoDaEmpresa(e?.crt, e?.creditar) };
}
