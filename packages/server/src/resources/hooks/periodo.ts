import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { ResourceHooks } from './types.ts';

/** An approved cash period posted its cash to the ledger (conciliacaoCaixa): its record no longer changes. */
async function recusarSeAprovado(tx: Transaction, grupo: string, periodo: string): Promise<void> {
  const r = await tx.execute(sql`select 1 from caixa_conciliacao where grupo_empresarial_id = ${grupo} and periodo_id = ${periodo}`);
  if (r.rows.length) throw new HttpError(409, 'Este período de caixa já foi aprovado na conciliação de caixa e não pode mais ser alterado.');
}

export const periodo: ResourceHooks = {
  async beforeSave(_dados, { tx, sessao, anterior }) {
    if (anterior) await recusarSeAprovado(tx, sessao.grupoEmpresarial, anterior._id);
  },
  async beforeTrash(registro, { tx, sessao }) {
    await recusarSeAprovado(tx, sessao.grupoEmpresarial, registro._id);
  },
};
