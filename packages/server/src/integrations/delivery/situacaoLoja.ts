import { CANAL_PROPRIO, type ProvedorDelivery, type SituacaoLojaDelivery } from '@retaguarda/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { deliveryRetorno, registro } from '../../db/schema/index.ts';
import type { IntegracaoDelivery } from './integracao.ts';

/** The store's status as told to the marketplace (delivery_retorno.loja, evento 'loja'). */
export interface AvisoLoja {
  situacao: SituacaoLojaDelivery;
  motivo: string | null;
  /** A pause's end (ISO), when it has one: the store reopens by itself then (reabrirPausasVencidas). */
  ate: string | null;
  /** iFood: the interruption a reopening ends (the id of the closing row that created it). */
  interrupcao?: string | null;
  /** Nothing to call (the own page, no API address, or a pause the marketplace ends by itself): kept as history. */
  semChamada?: boolean;
}

type Canal = Pick<IntegracaoDelivery, 'grupoEmpresarial' | 'empresa' | 'id' | 'provedor' | 'urlApi'>;

/** iFood gives an interruption an end; a closing without one lasts a day unless reopened before. */
const FECHADA_SEM_FIM_MS = 24 * 3_600_000;

/**
 * The call that tells the marketplace the store's status. iFood's merchant API closes and pauses with an
 * interruption (POST /merchant/v1.0/merchants/{merchantId}/interruptions {id, description, start, end})
 * and reopens by deleting it (DELETE …/interruptions/{id}); the generic one takes
 * POST /loja/status {situacao, motivo, ate}. `id` names the interruption a closing creates.
 */
export function requisicaoDaLoja(
  provedor: ProvedorDelivery,
  base: string,
  merchantId: string,
  aviso: AvisoLoja,
  o: { id: string; criadoEm: Date },
): { metodo: 'POST' | 'DELETE'; url: string; corpo: string | null } {
  const raiz = base.replace(/\/+$/, '');
  if (provedor === 'iFood') {
    const interrupcoes = `${raiz}/merchant/v1.0/merchants/${encodeURIComponent(merchantId)}/interruptions`;
    if (aviso.situacao === 'Aberta') return { metodo: 'DELETE', url: `${interrupcoes}/${encodeURIComponent(aviso.interrupcao ?? '')}`, corpo: null };
    const fim = aviso.ate ?? new Date(o.criadoEm.getTime() + FECHADA_SEM_FIM_MS).toISOString();
    const descricao = aviso.situacao === 'Pausada' ? (aviso.motivo ?? 'Pausa da loja') : 'Loja fechada';
    return { metodo: 'POST', url: interrupcoes, corpo: JSON.stringify({ id: o.id, description: descricao, start: o.criadoEm.toISOString(), end: fim }) };
  }
  const situacao = { Aberta: 'aberta', Fechada: 'fechada', Pausada: 'pausada' }[aviso.situacao];
  return { metodo: 'POST', url: `${raiz}/loja/status`, corpo: JSON.stringify({ situacao, motivo: aviso.motivo, ate: aviso.ate }) };
}

/**
 * Queues the store's new status for its marketplace, in the change's own transaction. Rows of one
 * integration are sent in order (retorno.ts), so the marketplace ends with the last one. With nothing to
 * call (the own page, no API address) the row is kept as sent at once: the history of the store's status.
 */
export async function enfileirarSituacaoLoja(tx: Transaction, i: Canal, aviso: Omit<AvisoLoja, 'interrupcao' | 'semChamada'>, o: { fimDaPausa?: boolean } = {}): Promise<void> {
  let interrupcao: string | null = null;
  if (i.provedor === 'iFood' && aviso.situacao === 'Aberta') {
    // The interruption to end: the last closing or pause we queued (sent in order before this one).
    const [ultima] = await tx
      .select({ id: deliveryRetorno.id, loja: deliveryRetorno.loja })
      .from(deliveryRetorno)
      .where(and(eq(deliveryRetorno.grupoEmpresarialId, i.grupoEmpresarial), eq(deliveryRetorno.integracaoId, i.id), eq(deliveryRetorno.evento, 'loja')))
      .orderBy(desc(deliveryRetorno.createdAt), desc(deliveryRetorno.id))
      .limit(1);
    interrupcao = ultima && ultima.loja?.situacao !== 'Aberta' ? ultima.id : null;
  }
  // iFood ends a pause's interruption by itself at its end; reopening with none open calls nothing.
  const semChamada = i.provedor === CANAL_PROPRIO || !i.urlApi || (i.provedor === 'iFood' && aviso.situacao === 'Aberta' && (!interrupcao || !!o.fimDaPausa));
  await tx.insert(deliveryRetorno).values({
    grupoEmpresarialId: i.grupoEmpresarial,
    empresaId: i.empresa,
    integracaoId: i.id,
    pedidoId: null,
    evento: 'loja',
    loja: { ...aviso, interrupcao, ...(semChamada ? { semChamada: true } : {}) },
    ...(semChamada ? { enviadoEm: new Date() } : {}),
  });
}

/** The store's status on the integration's record (what the own page and the screen read). */
export function gravarSituacaoLoja(tx: Transaction, i: { grupoEmpresarial: string; id: string }, situacao: SituacaoLojaDelivery, motivoPausa: string | null) {
  return tx
    .update(registro)
    .set({ dados: sql`${registro.dados} || ${JSON.stringify({ situacaoLoja: situacao, motivoPausa })}::jsonb`, version: sql`${registro.version} + 1` })
    .where(and(eq(registro.grupoEmpresarialId, i.grupoEmpresarial), eq(registro.id, i.id)));
}

/**
 * Pauses past their end reopen (across groups, the owner's connection, like the outboxes): an integration
 * still paused whose last status told was a pause ending by now becomes Aberta, and that is queued for
 * its marketplace. Returns how many reopened.
 */
export async function reabrirPausasVencidas(db: Database, agora = new Date()): Promise<number> {
  const vencidas = (
    await db.execute<{ grupo: string; integracao: string }>(sql`
      select r.grupo_empresarial_id grupo, r.integracao_id integracao from delivery_retorno r
      where r.evento = 'loja' and r.loja->>'situacao' = 'Pausada' and (r.loja->>'ate')::timestamptz <= ${agora.toISOString()}::timestamptz
        and not exists (select 1 from delivery_retorno n where n.grupo_empresarial_id = r.grupo_empresarial_id and n.integracao_id = r.integracao_id
                        and n.evento = 'loja' and (n.created_at, n.id) > (r.created_at, r.id))
      limit 100`)
  ).rows;
  let n = 0;
  for (const v of vencidas) {
    const reaberta = await db.transaction(async (tx) => {
      // Locked and read again: a manager's change in the meantime wins.
      const [atual] = (
        await tx.execute<{ situacao: string; empresa: string; provedor: Canal['provedor']; url_api: string | null }>(sql`
          select dados->>'situacaoLoja' situacao, empresa_id empresa, dados->>'provedor' provedor, nullif(dados->>'urlApi', '') url_api
          from registro where grupo_empresarial_id = ${v.grupo} and id = ${v.integracao} and recurso = 'appIntegracaoDelivery' for update`)
      ).rows;
      if (atual?.situacao !== 'Pausada') return false;
      const i: Canal = { grupoEmpresarial: v.grupo, empresa: atual.empresa, id: v.integracao, provedor: atual.provedor, urlApi: atual.url_api };
      await gravarSituacaoLoja(tx, i, 'Aberta', null);
      await enfileirarSituacaoLoja(tx, i, { situacao: 'Aberta', motivo: null, ate: null }, { fimDaPausa: true });
      return true;
    });
    if (reaberta) n++;
  }
  return n;
}
