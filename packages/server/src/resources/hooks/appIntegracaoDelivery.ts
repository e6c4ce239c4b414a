import type { ProvedorDelivery, SituacaoLojaDelivery } from '@retaguarda/domain';
import { enfileirarSituacaoLoja } from '../../integrations/delivery/situacaoLoja.ts';
import type { ResourceHooks } from './types.ts';

/**
 * The store's status changed on the integration's form is queued for its marketplace like the status
 * switch's (integrations/delivery/situacaoLoja.ts); the periodic task sends it.
 */
export const appIntegracaoDelivery: ResourceHooks = {
  async afterSave(r, ctx) {
    const situacao = r.situacaoLoja as SituacaoLojaDelivery;
    const motivo = situacao === 'Pausada' ? ((r.motivoPausa as string | null) ?? null) : null;
    // A new integration tells nothing yet (its secret and mapping come after); a change of status does.
    if (!ctx.anterior || (ctx.anterior.situacaoLoja === situacao && (ctx.anterior.motivoPausa ?? null) === motivo)) return;
    const i = { grupoEmpresarial: r.grupoEmpresarial, empresa: r.empresa!, id: r._id, provedor: r.provedor as ProvedorDelivery, urlApi: (r.urlApi as string | null) || null };
    await enfileirarSituacaoLoja(ctx.tx, i, { situacao, motivo, ate: null });
  },
};
