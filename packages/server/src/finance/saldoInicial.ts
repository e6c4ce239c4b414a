import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import type { AutorFinanceiro } from './razao.ts';
import { lancar } from './razao.ts';
import { estornar } from './movimentacao.ts';

/**
 * An account's opening balance lives in the ledger as its saldoInicial row, so the balance is the sum of
 * the movements. Saving the account with another value or date reverses the current row and posts
 * the new one (append-only: the old row stays, netted by its reversal).
 */
export async function sincronizarSaldoInicial(tx: Transaction, a: AutorFinanceiro, conta: { _id: string; saldoInicial: number; dataSaldoInicial: string }): Promise<void> {
  const [atual] = (
    await tx.execute<{ id: string; valor: string; data: string }>(sql`
      select m.id, m.valor::text as valor, m.data::text as data from financeiro_movimento m
      where m.grupo_empresarial_id = ${a.grupoEmpresarial} and m.conta_id = ${conta._id} and m.tipo = 'saldoInicial'
        and not exists (select 1 from financeiro_movimento e where e.grupo_empresarial_id = m.grupo_empresarial_id and e.estorno_de = m.id)
      order by m.seq desc limit 1`)
  ).rows;
  const valorAtual = atual ? Number(atual.valor) : 0;
  if (valorAtual === conta.saldoInicial && (!atual || atual.data === conta.dataSaldoInicial)) return;
  if (atual) await estornar(tx, a, atual.id, 'saldo inicial alterado', { permitirSaldoInicial: true });
  if (conta.saldoInicial !== 0) {
    await lancar(tx, a, [{ contaId: conta._id, data: conta.dataSaldoInicial, valor: conta.saldoInicial, tipo: 'saldoInicial', descricao: 'Saldo inicial', documentoTipo: 'financeiroConta', documentoId: conta._id }]);
  }
}
