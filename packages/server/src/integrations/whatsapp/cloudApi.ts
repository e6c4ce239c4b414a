import type { ModeloWhatsApp } from '../../db/schema/index.ts';
import type { ConexaoWhatsApp } from './conexao.ts';

/** What a message needs to leave: to whom, and a text or an approved template with its body's parameters. */
export interface SaidaWhatsApp {
  para: string;
  texto: string;
  modelo: ModeloWhatsApp | null;
}

/** The provider's answer: accepted (its message id), or refused saying whether trying again may help. */
export type ResultadoEnvio = { ok: true; wamid: string } | { ok: false; definitivo: boolean; erro: string };

/** The robot's provider: the WhatsApp Cloud API's shape (POST /{phone-number-id}/messages). */
export interface ProvedorWhatsApp {
  enviar(conexao: ConexaoWhatsApp, saida: SaidaWhatsApp): Promise<ResultadoEnvio>;
}

const LIMITE_MS = 15_000;

function codigoDoErro(causa: unknown): string | null {
  if (!causa || typeof causa !== 'object') return null;
  const c = causa as { code?: unknown; errors?: unknown[] };
  if (typeof c.code === 'string') return c.code;
  if (Array.isArray(c.errors)) return codigoDoErro(c.errors[0]);
  return typeof (causa as Error).message === 'string' && (causa as Error).message ? (causa as Error).message : null;
}

/** The body of POST /{phone-number-id}/messages as the Graph API takes it. */
export function corpoDaMensagem(saida: SaidaWhatsApp): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: saida.para };
  if (!saida.modelo) return { ...base, type: 'text', text: { preview_url: false, body: saida.texto } };
  const { nome, idioma, parametros } = saida.modelo;
  return {
    ...base,
    type: 'template',
    template: { name: nome, language: { code: idioma }, ...(parametros.length ? { components: [{ type: 'body', parameters: parametros.map((text) => ({ type: 'text', text })) }] } : {}) },
  };
}

/**
 * The Cloud API over HTTPS (fetch). 429, 5xx, a timeout or no answer may pass on another try; any other
 * 4xx (a bad token, a number not on WhatsApp, a template not approved) will not, and says the API's reason.
 */
export const cloudApi: ProvedorWhatsApp = {
  async enviar(conexao, saida) {
    let resposta: Response;
    try {
      resposta = await fetch(`${conexao.apiUrl}/${encodeURIComponent(conexao.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${conexao.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(corpoDaMensagem(saida)),
        signal: AbortSignal.timeout(LIMITE_MS),
      });
    } catch (error) {
      // fetch's TypeError('fetch failed') carries the socket's error (ECONNREFUSED, ETIMEDOUT…) as its cause, sometimes inside an AggregateError.
      const causa = error instanceof Error ? codigoDoErro(error.cause) ?? error.message : String(error);
      return { ok: false, definitivo: false, erro: `Sem resposta da API do WhatsApp (${causa}).` };
    }
    const texto = await resposta.text().catch(() => '');
    let corpo: { messages?: { id?: unknown }[]; error?: { message?: unknown; code?: unknown } } = {};
    try {
      corpo = JSON.parse(texto) as typeof corpo;
    } catch {
      /* not JSON: the status says it */
    }
    const wamid = corpo.messages?.[0]?.id;
    if (resposta.ok && typeof wamid === 'string' && wamid) return { ok: true, wamid };
    const motivo = typeof corpo.error?.message === 'string' ? corpo.error.message.slice(0, 300) : resposta.ok ? 'resposta sem o id da mensagem' : `HTTP ${resposta.status}`;
    const codigo = corpo.error?.code !== undefined ? ` (código ${String(corpo.error.code)})` : '';
    const definitivo = resposta.status >= 400 && resposta.status < 500 && resposta.status !== 429 && resposta.status !== 408;
    return { ok: false, definitivo, erro: `API do WhatsApp recusou: ${motivo}${codigo}.` };
  },
};
