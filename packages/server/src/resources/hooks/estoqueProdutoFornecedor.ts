import type { ResourceHooks } from './types.ts';

/** The last price paid and its date are written by the receipts only (stock/ultimoPrecoFornecedor.ts), never by a client. */
export const estoqueProdutoFornecedor: ResourceHooks = {
  beforeValidate(body, { anterior }) {
    return { ...body, ultimoPreco: anterior?.ultimoPreco ?? null, ultimaCompraEm: anterior?.ultimaCompraEm ?? null };
  },
};
