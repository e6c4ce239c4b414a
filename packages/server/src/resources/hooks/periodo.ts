import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { aprovacaoVigenteSql } from '../../finance/caixa/vigente.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { ResourceHooks } from './types.ts';

/** An approved cash period posted its cash to the ledger (conciliacaoCaixa): its record no longer changes until a manager reopens it. */
async function recusarSeAprovado(tx: Transaction, grupo: string, periodo: string): Promise<void> {
  const r = await tx.execute(sql`select 1 where ${aprovacaoVigenteSql(sql`${grupo}`, sql`${periodo}`)}`);
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
