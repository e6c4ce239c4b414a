import type { ResourceHooks } from './types.ts';

export const voucherECupomDesconto: ResourceHooks = {
  /** Only the amount of the chosen kind is kept, so a record never carries both a % and a value. */
  beforeSave(dados) {
    if (dados.tipoDesconto === 'Percentual') dados.valor = null;
    else dados.percentual = null;
  },
};
