import type { ResourceHooks } from './types.ts';

/** A favourite belongs to whoever marks it: the user comes from the session, never from the body. */
export const relatorioFavorito: ResourceHooks = {
  beforeValidate(body, { sessao, anterior }) {
    return { ...body, usuario: anterior ? anterior.usuario : sessao.usuario };
  },
};
