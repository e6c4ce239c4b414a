import { getConfig } from '../app/config.ts';
import type { PedidoKds, QuadroKds } from './quadroKds.ts';

/** The board's calls: with the device token (Bearer) or, for a user opening a station by ?estacao=, the session cookie. */
export interface AcessoKds {
  token: string | null;
  estacao: string | null;
}

const CHAVE_CREDENCIAL = 'retaguarda.kds.credencial';
const CHAVE_TOKEN = 'retaguarda.kds.token';

/** The device keeps its credential (to sign in again when the 24-hour token ends) and the current token. */
export const guardado = {
  credencial: () => localStorage.getItem(CHAVE_CREDENCIAL),
  token: () => localStorage.getItem(CHAVE_TOKEN),
  guardar(credencial: string, token: string) {
    localStorage.setItem(CHAVE_CREDENCIAL, credencial);
    localStorage.setItem(CHAVE_TOKEN, token);
  },
  esquecer() {
    localStorage.removeItem(CHAVE_CREDENCIAL);
    localStorage.removeItem(CHAVE_TOKEN);
  },
};

export class FalhaKds extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function chamar<T>(acesso: AcessoKds, method: string, caminho: string, body?: unknown): Promise<T> {
  const base = getConfig().baseRest.replace(/\/+$/, '');
  const q = acesso.estacao && !acesso.token ? `${caminho.includes('?') ? '&' : '?'}estacao=${encodeURIComponent(acesso.estacao)}` : '';
  let res: Response;
  try {
    res = await fetch(`${base}${caminho}${q}`, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(acesso.token ? { Authorization: `Bearer ${acesso.token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new FalhaKds(0, 'Sem conexão com o servidor.');
  }
  const json = (await res.json().catch(() => null)) as { valido?: boolean; data?: { message?: string } } | null;
  if (!res.ok) throw new FalhaKds(res.status, json?.data?.message ?? `HTTP ${res.status}`);
  return json!.data as T;
}

export const kdsApi = {
  entrar: (credencial: string) => chamar<{ token: string }>({ token: null, estacao: null }, 'POST', '/dispositivo/entrar', { credencial, versao: 'web' }),
  quadro: (a: AcessoKds) => chamar<{ quadro: QuadroKds; pedidos: PedidoKds[]; ultimoEvento: number; agora: string }>(a, 'GET', '/kds/quadro'),
  pronto: (a: AcessoKds, pedido: string) => chamar(a, 'POST', `/kds/pedidos/${encodeURIComponent(pedido)}/pronto`),
  preparo: (a: AcessoKds, pedido: string) => chamar(a, 'POST', `/kds/pedidos/${encodeURIComponent(pedido)}/preparo`),
  recuperar: (a: AcessoKds) => chamar(a, 'POST', '/kds/recuperar'),
};
