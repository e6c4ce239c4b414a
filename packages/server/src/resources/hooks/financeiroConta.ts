import { sincronizarSaldoInicial } from '../../finance/saldoInicial.ts';
import type { ResourceHooks } from './types.ts';

/** The opening balance typed on the account is posted to the money ledger in the same transaction. */
export const financeiroConta: ResourceHooks = {
  async afterSave(registro, { tx, sessao }) {
    const a = { grupoEmpresarial: sessao.grupoEmpresarial, empresa: registro.empresa ?? sessao.empresa, usuario: sessao.usuario };
    await sincronizarSaldoInicial(tx, a, registro as unknown as { _id: string; saldoInicial: number; dataSaldoInicial: string });
  },
};
