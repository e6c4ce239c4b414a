import { CANAL_PROPRIO, type ProvedorDelivery } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { deliveryRetorno } from '../../db/schema/index.ts';
import { assinar, CABECALHO_ASSINATURA, decifrarSegredo, type IntegracaoDelivery } from './integracao.ts';
import { requisicaoDaLoja, type AvisoLoja } from './situacaoLoja.ts';
import { clienteOauth, FalhaToken, tokenDoMarketplace } from './tokenMarketplace.ts';
import { semResposta, semRespostaDeRede } from '../semResposta.ts';

/** What we tell the marketplace about one of its orders. */
export const eventosRetorno = ['aceito', 'recusado', 'pronto', 'despachado'] as const;
export type EventoRetorno = (typeof eventosRetorno)[number];

/** Waits after each failed try (1 min, 5, 30, 2 h); past the last one the status is given up, the error kept. */
export const ESPERAS_RETORNO_MS = [60_000, 300_000, 1_800_000, 7_200_000];
const TEMPO_LIMITE_MS = 10_000;

/**
 * Queues our status of an order for its marketplace, in the decision's own transaction (so a decision
 * rolled back tells nothing, and a committed one is told even after a restart). Once per order and event;
 * nothing when the integration has no API address.
 */
export async function enfileirarRetorno(tx: Transaction, i: IntegracaoDelivery, pedido: { id: string }, evento: EventoRetorno): Promise<void> {
  // The own page has no app to tell: its status page reads these, marked sent at once (delivery/proprio.ts).
  const proprio = i.provedor === CANAL_PROPRIO;
  if (!i.urlApi && !proprio) return;
  await tx
    .insert(deliveryRetorno)
    .values({ grupoEmpresarialId: i.grupoEmpresarial, empresaId: i.empresa, integracaoId: i.id, pedidoId: pedido.id, evento, ...(proprio ? { enviadoEm: new Date() } : {}) })
    .onConflictDoNothing();
}

/**
 * The call each marketplace expects. iFood's order API: POST /order/v1.0/orders/{id}/confirm,
 * /requestCancellation (with the reason and code 501, "problemas de sistema" being the store's catch-all),
 * /readyToPickup and /dispatch. The generic one: POST /pedidos/{id}/status with {status, motivo}.
 */
export function requisicaoDoRetorno(provedor: ProvedorDelivery, base: string, pedidoExterno: string, evento: EventoRetorno, motivo: string | null): { url: string; corpo: string } {
  const raiz = base.replace(/\/+$/, '');
  const id = encodeURIComponent(pedidoExterno);
  if (provedor === 'iFood') {
    const acao = { aceito: 'confirm', recusado: 'requestCancellation', pronto: 'readyToPickup', despachado: 'dispatch' }[evento];
    const corpo = evento === 'recusado' ? { reason: motivo ?? 'Pedido recusado pela loja', cancellationCode: '501' } : {};
    return { url: `${raiz}/order/v1.0/orders/${id}/${acao}`, corpo: JSON.stringify(corpo) };
  }
  return { url: `${raiz}/pedidos/${id}/status`, corpo: JSON.stringify({ status: evento, ...(motivo ? { motivo } : {}) }) };
}

type Pendente = {
  grupo: string;
  id: string;
  evento: EventoRetorno | 'loja';
  tentativas: number;
  provedor: ProvedorDelivery;
  integracao: string;
  url_api: string;
  segredo: string | null;
  merchant_id: string;
  loja: AvisoLoja | null;
  created_at: string | Date;
  pedido_externo: string;
  motivo: string | null;
};

let emCurso: Promise<number> | null = null;
let deNovo = false;

/**
 * Sends the statuses due, across groups (the owner's connection, like the other outboxes): each is claimed
 * first (its next try pushed 2 minutes ahead) so two servers never send it twice at once. A 2xx marks it
 * sent; a 4xx other than 408/429 means the marketplace refused it (so did a token endpoint refusing our
 * client), so it is given up at once; anything else (down, 5xx, timeout) waits the next step of
 * ESPERAS_RETORNO_MS. Returns how many were tried.
 */
export function despacharRetornos(ctx: Pick<AppContext, 'db' | 'chaveSegredos'>): Promise<number> {
  // One run at a time in this process; a call during a run makes it go round once more (its rows were
  // committed after the run claimed its own).
  if (emCurso) {
    deNovo = true;
    return emCurso;
  }
  emCurso = (async () => {
    let n = 0;
    do {
      deNovo = false;
      n += await rodar(ctx);
    } while (deNovo);
    return n;
  })().finally(() => (emCurso = null));
  return emCurso;
}

async function rodar(ctx: Pick<AppContext, 'db' | 'chaveSegredos'>): Promise<number> {
  const devidos = (
    await ctx.db.execute<Pendente>(sql`
      update delivery_retorno r set proxima_em = now() + interval '2 minutes', updated_at = now()
      from registro i
      where (r.grupo_empresarial_id, r.id) in (
          select d.grupo_empresarial_id, d.id from delivery_retorno d where d.enviado_em is null and d.desistiu_em is null and d.proxima_em <= now()
            -- The store's statuses of an integration go in order: one waits while an older one is pending.
            and (d.evento <> 'loja' or not exists (select 1 from delivery_retorno o where o.grupo_empresarial_id = d.grupo_empresarial_id and o.integracao_id = d.integracao_id
                   and o.evento = 'loja' and o.enviado_em is null and o.desistiu_em is null and (o.created_at, o.id) < (d.created_at, d.id)))
          order by d.proxima_em limit 50 for update skip locked)
        and i.grupo_empresarial_id = r.grupo_empresarial_id and i.id = r.integracao_id
      returning r.grupo_empresarial_id grupo, r.id, r.evento, r.tentativas, i.dados->>'provedor' provedor, r.integracao_id integracao, i.dados->>'urlApi' url_api,
        i.dados->>'merchantId' merchant_id, r.loja, r.created_at,
        (select s.segredo_cifrado from delivery_segredo s where s.grupo_empresarial_id = r.grupo_empresarial_id and s.integracao_id = r.integracao_id) segredo,
        (select p.pedido_externo from delivery_pedido p where p.grupo_empresarial_id = r.grupo_empresarial_id and p.id = r.pedido_id) pedido_externo,
        (select p.motivo from delivery_pedido p where p.grupo_empresarial_id = r.grupo_empresarial_id and p.id = r.pedido_id) motivo`)
  ).rows;
  for (const d of devidos) {
    let erro: string | null = null;
    let definitivo = false;
    try {
      if (!d.url_api) throw new Error('A integração não tem mais o endereço da API.');
      const { metodo, url, corpo } =
        d.evento === 'loja'
          ? requisicaoDaLoja(d.provedor, d.url_api, d.merchant_id, d.loja!, { id: d.id, criadoEm: new Date(d.created_at) })
          : { metodo: 'POST' as const, ...requisicaoDoRetorno(d.provedor, d.url_api, d.pedido_externo, d.evento, d.evento === 'recusado' ? d.motivo : null) };
      const integracao = { grupoEmpresarial: d.grupo, id: d.integracao, urlApi: d.url_api };
      const enviar = (token: string | null) => {
        const headers: Record<string, string> = corpo === null ? {} : { 'content-type': 'application/json' };
        if (token) headers.authorization = `Bearer ${token}`;
        else if (d.segredo) headers[CABECALHO_ASSINATURA[d.provedor]] = assinar(decifrarSegredo(ctx.chaveSegredos(), integracao, d.segredo), corpo ?? '');
        return fetch(url, { method: metodo, headers, ...(corpo === null ? {} : { body: corpo }), signal: AbortSignal.timeout(TEMPO_LIMITE_MS) });
      };
      // iFood with its OAuth client: a bearer token (a 401 gets a new one, once); otherwise the HMAC signature.
      const oauth = d.provedor === 'iFood' ? await clienteOauth(ctx.db, integracao) : undefined;
      let res = await enviar(oauth ? await tokenDoMarketplace(ctx.chaveSegredos(), integracao, oauth) : null);
      if (oauth && res.status === 401) {
        await res.arrayBuffer().catch(() => undefined);
        res = await enviar(await tokenDoMarketplace(ctx.chaveSegredos(), integracao, oauth, { novo: true }));
      }
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) {
        erro = `HTTP ${res.status}`;
        definitivo = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
      }
    } catch (e) {
      erro = semRespostaDeRede(e) ? semResposta('do marketplace', e) : (e as Error).message.slice(0, 300);
      if (e instanceof FalhaToken) definitivo = e.definitivo;
    }
    const tentativas = d.tentativas + 1;
    const onde = and(eq(deliveryRetorno.grupoEmpresarialId, d.grupo), eq(deliveryRetorno.id, d.id));
    // A store's status sent may let its successor go (they wait in order): one more round.
    if (!erro && d.evento === 'loja') deNovo = true;
    if (!erro) await ctx.db.update(deliveryRetorno).set({ tentativas, enviadoEm: new Date(), ultimoErro: null }).where(onde);
    else if (definitivo || tentativas > ESPERAS_RETORNO_MS.length) await ctx.db.update(deliveryRetorno).set({ tentativas, desistiuEm: new Date(), ultimoErro: erro }).where(onde);
    else await ctx.db.update(deliveryRetorno).set({ tentativas, proximaEm: new Date(Date.now() + ESPERAS_RETORNO_MS[tentativas - 1]!), ultimoErro: erro }).where(onde);
  }
  return devidos.length;
}
