import { situacaoCardapio, type PublicacaoCardapio } from '@retaguarda/domain';
import type { ResourceHooks } from './types.ts';

/**
 * The publication is written only by POST /api/cardapio/{_id}/publicar, so a client can neither
 * forge nor clear it through the record; the situation (draft, published, changed) follows from it.
 */
export const cardapio: ResourceHooks = {
  beforeValidate(body, { anterior }) {
    return { ...body, publicado: anterior?.publicado ?? null };
  },
  beforeSave(dados) {
    dados.situacao = situacaoCardapio(dados as Parameters<typeof situacaoCardapio>[0], (dados.publicado as PublicacaoCardapio | null) ?? null);
  },
};
