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

/** The public pages' calls (table and delivery, both under /api/q): no session, the page known by the token in its address. */
export async function chamar<T>(method: 'GET' | 'POST', caminho: string, body?: unknown): Promise<T> {
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
};

/** The customer's sign-in, the same on every public page: `pagina` is the page's path under /api/q ('<token>' or 'd/<token>'), encoded. */
export const clienteApi = {
  cliente: (pagina: string) => chamar<ClienteDaPagina>('GET', `${pagina}/cliente`),
  pedirCodigo: (pagina: string, destino: string) => chamar<{ destino: string; expiraEm: string }>('POST', `${pagina}/cliente/codigo`, { destino }),
  entrar: (pagina: string, destino: string, codigo: string, nome: string) => chamar<{ cliente: { nome: string; destino: string } }>('POST', `${pagina}/cliente/entrar`, { destino, codigo, nome: nome.trim() || null }),
  sair: (pagina: string) => chamar<object>('POST', `${pagina}/cliente/sair`, {}),
};
