import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CanalIntegracaoDelivery, ProvedorDelivery, SituacaoLojaDelivery } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { deliverySegredo, registro } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { cifrar, decifrar } from '../../security/cifra.ts';

const RECURSO = 'appIntegracaoDelivery';

/** An integration as the order intake needs it (its record's dados, typed). */
export interface IntegracaoDelivery {
  id: string;
  grupoEmpresarial: string;
  empresa: string;
  descricao: string;
  /** A marketplace, or the store's own page (CANAL_PROPRIO, delivery/proprio.ts). */
  provedor: CanalIntegracaoDelivery;
  merchantId: string;
  terminal: string;
  formaPagamento: string;
  descontoMotivo: string | null;
  aceiteAutomatico: boolean;
  situacaoLoja: SituacaoLojaDelivery;
  /** The app's wallet (financeiroConta) the payouts are posted to, and the chart accounts of the posting. */
  carteira: string | null;
  /** The marketplace's API, where our statuses of its orders go back (retorno.ts); null: nothing goes back. */
  urlApi: string | null;
  planoContaVendas: string | null;
  planoContaComissao: string | null;
  planoContaCampanhas: string | null;
}

export type Linha = { id: string; grupoEmpresarialId: string; empresaId: string | null; dados: Record<string, unknown> };

export function integracaoDe(l: Linha): IntegracaoDelivery {
  const d = l.dados;
  return {
    id: l.id,
    grupoEmpresarial: l.grupoEmpresarialId,
    empresa: l.empresaId!,
    descricao: String(d.descricao ?? ''),
    provedor: d.provedor as CanalIntegracaoDelivery,
    merchantId: String(d.merchantId ?? ''),
    terminal: String(d.terminal ?? ''),
    formaPagamento: String(d.formaPagamento ?? ''),
    descontoMotivo: (d.descontoMotivo as string | null) ?? null,
    aceiteAutomatico: d.aceiteAutomatico === true,
    situacaoLoja: (d.situacaoLoja as SituacaoLojaDelivery) ?? 'Fechada',
    carteira: (d.financeiroConta as string | null) ?? null,
    urlApi: (d.urlApi as string | null) ?? null,
    planoContaVendas: (d.planoContaVendas as string | null) ?? null,
    planoContaComissao: (d.planoContaComissao as string | null) ?? null,
    planoContaCampanhas: (d.planoContaCampanhas as string | null) ?? null,
  };
}

export const colunas = { id: registro.id, grupoEmpresarialId: registro.grupoEmpresarialId, empresaId: registro.empresaId, dados: registro.dados };
const ativa = and(eq(registro.recurso, RECURSO), eq(registro.lixo, false), sql`coalesce((${registro.dados}->>'ativo')::boolean, true)`);

/**
 * The active integrations of a provider with this merchant id, with their encrypted secrets: looked up
 * before the group is known (the owner's connection, as a device's sign-in). Several groups may have
 * typed the same id; the signature says which one the event is for.
 */
export async function candidatasDoMerchant(db: Database, provedor: ProvedorDelivery, merchantId: string) {
  const linhas = await db
    .select({ ...colunas, segredoCifrado: deliverySegredo.segredoCifrado })
    .from(registro)
    .innerJoin(deliverySegredo, and(eq(deliverySegredo.grupoEmpresarialId, registro.grupoEmpresarialId), eq(deliverySegredo.integracaoId, registro.id)))
    .where(and(ativa, sql`${registro.dados}->>'merchantId' = ${merchantId}`, sql`${registro.dados}->>'provedor' = ${provedor}`))
    .limit(10);
  return linhas.map((l) => ({ integracao: integracaoDe(l), segredoCifrado: l.segredoCifrado }));
}

/** An integration of the session's company (404 for another company's or group's id). */
export async function integracaoDaEmpresa(tx: Transaction, s: { grupoEmpresarial: string; empresa: string }, id: string): Promise<IntegracaoDelivery> {
  const [l] = await tx
    .select(colunas)
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.empresaId, s.empresa), eq(registro.recurso, RECURSO), eq(registro.lixo, false), eq(registro.id, id)));
  if (!l) throw new HttpError(404, 'Integração com delivery não encontrada.');
  return integracaoDe(l);
}

/** The AAD of a secret: the row it belongs to, so a ciphertext copied to another integration does not open. */
const contexto = (i: { grupoEmpresarial: string; id: string }) => `delivery/${i.grupoEmpresarial}/${i.id}/segredo`;

export function cifrarSegredo(chave: Buffer, i: { grupoEmpresarial: string; id: string }, segredo: string): string {
  return cifrar(chave, Buffer.from(segredo, 'utf8'), contexto(i));
}

export function decifrarSegredo(chave: Buffer, i: { grupoEmpresarial: string; id: string }, cifrado: string): string {
  return decifrar(chave, cifrado, contexto(i)).toString('utf8');
}

/** The header each provider signs in: HMAC-SHA256 of the raw body with the secret, hex (optionally 'sha256=' before it). */
export const CABECALHO_ASSINATURA: Record<ProvedorDelivery, string> = { iFood: 'x-ifood-signature', 'Genérico': 'x-retaguarda-assinatura' };

export function assinar(segredo: string, corpo: Buffer | string): string {
  return createHmac('sha256', segredo).update(corpo).digest('hex');
}

/** Whether `assinatura` is the body's HMAC with `segredo`, compared in constant time. */
export function confereAssinatura(segredo: string, corpo: Buffer, assinatura: string | undefined): boolean {
  const hex = (assinatura ?? '').trim().replace(/^sha256=/i, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex)) return false;
  return timingSafeEqual(Buffer.from(assinar(segredo, corpo), 'hex'), Buffer.from(hex, 'hex'));
}
