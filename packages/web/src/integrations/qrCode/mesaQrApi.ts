import type { PedidoQr, SecaoVitrine } from '@retaguarda/domain';
import { getConfig } from '../../app/config.ts';

/** What GET /api/q/{token} answers. */
export interface CardapioDaMesa {
  loja: string;
  mesa: { numero: number; nome: string; area: string };
  aceitaPedidos: boolean;
  taxaServico: string;
  cardapio: string;
  secoes: SecaoVitrine[];
}

/** The customer signed in on this page (a cookie of the public pages only), and the provider's channel (null: no sign-in). */
export interface ClienteDaPagina {
  cliente: { nome: string; destino: string } | null;
  canal: 'E-mail' | 'WhatsApp' | 'SMS' | null;
}

export class FalhaQr extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The public page's calls: no session, the table known by the token in its address. */
async function chamar<T>(method: 'GET' | 'POST', caminho: string, body?: unknown): Promise<T> {
  const base = getConfig().baseRest.replace(/\/+$/, '');
  let res: Response;
  try {
    res = await fetch(`${base}/q/${caminho}`, { method, headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  } catch {
    throw new FalhaQr(0, 'sem conexão com o servidor.');
  }
  const json = (await res.json().catch(() => null)) as { data?: { message?: string } } | null;
  if (!res.ok) throw new FalhaQr(res.status, json?.data?.message ?? `HTTP ${res.status}`);
  return json!.data as T;
}

export const mesaQrApi = {
  cardapio: (token: string) => chamar<CardapioDaMesa>('GET', encodeURIComponent(token)),
  pedir: (token: string, pedido: PedidoQr) => chamar<{ pedido: { _id: string; total: number }; duplicado: boolean }>('POST', `${encodeURIComponent(token)}/pedidos`, pedido),
  chamarGarcom: (token: string) => chamar<{ _id: string }>('POST', `${encodeURIComponent(token)}/garcom`),
  cliente: (token: string) => chamar<ClienteDaPagina>('GET', `${encodeURIComponent(token)}/cliente`),
  pedirCodigo: (token: string, destino: string) => chamar<{ destino: string; expiraEm: string }>('POST', `${encodeURIComponent(token)}/cliente/codigo`, { destino }),
  entrar: (token: string, destino: string, codigo: string, nome: string) => chamar<{ cliente: { nome: string; destino: string } }>('POST', `${encodeURIComponent(token)}/cliente/entrar`, { destino, codigo, nome: nome.trim() || null }),
  sair: (token: string) => chamar<object>('POST', `${encodeURIComponent(token)}/cliente/sair`, {}),
};
