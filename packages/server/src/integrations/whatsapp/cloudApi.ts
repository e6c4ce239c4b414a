import type { ModeloAprovado, ModeloWhatsApp } from '../../db/schema/index.ts';
import type { ConexaoWhatsApp } from './conexao.ts';
import { JANELA_FECHADA } from './janela.ts';
import { semResposta } from '../semResposta.ts';

/** A file to send: uploaded to the API's media endpoint first, then sent by its id. */
export interface ArquivoSaida {
  tipo: 'imagem' | 'documento';
  mime: string;
  nome: string;
  conteudo: Buffer;
}

/** What a message needs to leave: to whom, and a text, an approved template with its body's parameters, or a file (the text its caption). */
export interface SaidaWhatsApp {
  para: string;
  texto: string;
  modelo: ModeloWhatsApp | null;
  arquivo?: ArquivoSaida | null;
}

/** A received file's bytes, or why they could not be had (the message still shows, saying so). */
export type ResultadoDownload = { ok: true; mime: string; conteudo: Buffer } | { ok: false; erro: string };
export type ResultadoModelos = { ok: true; modelos: ModeloAprovado[] } | { ok: false; erro: string };

/** The provider's answer: accepted (its message id), or refused saying whether trying again may help. */
export type ResultadoEnvio = { ok: true; wamid: string } | { ok: false; definitivo: boolean; erro: string };

/** The robot's provider: the WhatsApp Cloud API's shape (POST /{phone-number-id}/messages). */
export interface ProvedorWhatsApp {
  enviar(conexao: ConexaoWhatsApp, saida: SaidaWhatsApp): Promise<ResultadoEnvio>;
  /** GET /{waba-id}/message_templates, every page. */
  listarModelos(conexao: ConexaoWhatsApp & { wabaId: string }): Promise<ResultadoModelos>;
  /** GET /{media-id} (its temporary url), then that url with the token; refused above `limite` bytes. */
  baixarMidia(conexao: ConexaoWhatsApp, mediaId: string, limite: number): Promise<ResultadoDownload>;
}

const LIMITE_MS = 15_000;

/** The body of POST /{phone-number-id}/messages as the Graph API takes it. */
export function corpoDaMensagem(saida: SaidaWhatsApp, mediaId?: string): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: saida.para };
  if (saida.arquivo && mediaId) {
    const legenda = saida.texto ? { caption: saida.texto } : {};
    return saida.arquivo.tipo === 'imagem' ? { ...base, type: 'image', image: { id: mediaId, ...legenda } } : { ...base, type: 'document', document: { id: mediaId, filename: saida.arquivo.nome, ...legenda } };
  }
  if (!saida.modelo) return { ...base, type: 'text', text: { preview_url: false, body: saida.texto } };
  const { nome, idioma, parametros, botaoCodigo } = saida.modelo;
  const componentes = [
    ...(parametros.length ? [{ type: 'body', parameters: parametros.map((text) => ({ type: 'text', text })) }] : []),
    ...(botaoCodigo ? [{ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: botaoCodigo }] }] : []),
  ];
  return { ...base, type: 'template', template: { name: nome, language: { code: idioma }, ...(componentes.length ? { components: componentes } : {}) } };
}

/** Meta's error 131047: more than 24 hours since the customer last wrote; only a template may go. */
export const REENGAJAMENTO = 131047;

type Resposta = { ok: true; status: number; corpo: Record<string, any> } | { ok: false; status: number; corpo: Record<string, any>; erro: string; definitivo: boolean };

/** One call to the Graph API: its JSON, or the refusal in Portuguese (whether another try may help, the API's reason and code). */
async function chamar(conexao: ConexaoWhatsApp, url: string, init: { method?: string; body?: FormData; json?: unknown } = {}): Promise<Resposta> {
  let resposta: Response;
  try {
    resposta = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${conexao.token}`, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      signal: AbortSignal.timeout(LIMITE_MS),
    });
  } catch (error) {
    return { ok: false, status: 0, corpo: {}, definitivo: false, erro: semResposta('da API do WhatsApp', error) };
  }
  const texto = await resposta.text().catch(() => '');
  let corpo: Record<string, any> = {};
  try {
    corpo = JSON.parse(texto) as Record<string, any>;
  } catch {
    /* not JSON: the status says it */
  }
  if (resposta.ok) return { ok: true, status: resposta.status, corpo };
  const e = corpo.error as { message?: unknown; code?: unknown } | undefined;
  if (e?.code === REENGAJAMENTO) return { ok: false, status: resposta.status, corpo, definitivo: true, erro: JANELA_FECHADA };
  const motivo = typeof e?.message === 'string' ? e.message.slice(0, 300) : `HTTP ${resposta.status}`;
  const codigo = e?.code !== undefined ? ` (código ${String(e.code)})` : '';
  const definitivo = resposta.status >= 400 && resposta.status < 500 && resposta.status !== 429 && resposta.status !== 408;
  return { ok: false, status: resposta.status, corpo, definitivo, erro: `API do WhatsApp recusou: ${motivo}${codigo}.` };
}

/** The distinct {{n}} of a template's body: how many parameters a send must give. */
export const parametrosDoCorpo = (corpo: string) => new Set([...corpo.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1])).size;

const PAGINAS_MODELOS = 20;

/**
 * The Cloud API over HTTPS (fetch). 429, 5xx, a timeout or no answer may pass on another try; any other
 * 4xx (a bad token, a number not on WhatsApp, a template not approved) will not, and says the API's reason.
 */
export const cloudApi: ProvedorWhatsApp = {
  async enviar(conexao, saida) {
    let mediaId: string | undefined;
    if (saida.arquivo) {
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', saida.arquivo.mime);
      form.set('file', new Blob([new Uint8Array(saida.arquivo.conteudo)], { type: saida.arquivo.mime }), saida.arquivo.nome);
      const up = await chamar(conexao, `${conexao.apiUrl}/${encodeURIComponent(conexao.phoneNumberId)}/media`, { method: 'POST', body: form });
      if (!up.ok) return { ok: false, definitivo: up.definitivo, erro: up.erro };
      if (typeof up.corpo.id !== 'string' || !up.corpo.id) return { ok: false, definitivo: false, erro: 'API do WhatsApp recusou: resposta do envio do arquivo sem o id.' };
      mediaId = up.corpo.id;
    }
    const r = await chamar(conexao, `${conexao.apiUrl}/${encodeURIComponent(conexao.phoneNumberId)}/messages`, { method: 'POST', json: corpoDaMensagem(saida, mediaId) });
    if (!r.ok) return { ok: false, definitivo: r.definitivo, erro: r.erro };
    const wamid = r.corpo.messages?.[0]?.id;
    if (typeof wamid === 'string' && wamid) return { ok: true, wamid };
    return { ok: false, definitivo: false, erro: 'API do WhatsApp recusou: resposta sem o id da mensagem.' };
  },

  async listarModelos(conexao) {
    const modelos: ModeloAprovado[] = [];
    let url: string | null = `${conexao.apiUrl}/${encodeURIComponent(conexao.wabaId)}/message_templates?fields=name,language,status,category,components&limit=100`;
    for (let pagina = 0; url && pagina < PAGINAS_MODELOS; pagina++) {
      const r = await chamar(conexao, url);
      if (!r.ok) return { ok: false, erro: r.erro };
      for (const m of Array.isArray(r.corpo.data) ? (r.corpo.data as Record<string, any>[]) : []) {
        if (typeof m?.name !== 'string' || typeof m.language !== 'string') continue;
        const corpo = (Array.isArray(m.components) ? m.components : []).find((c: any) => String(c?.type).toUpperCase() === 'BODY')?.text;
        const texto = typeof corpo === 'string' ? corpo : '';
        modelos.push({ nome: m.name, idioma: m.language, categoria: String(m.category ?? ''), situacao: String(m.status ?? ''), corpo: texto, parametros: parametrosDoCorpo(texto) });
      }
      // The next page's address is the API's own (same host); anything else is not followed.
      const proxima: unknown = r.corpo.paging?.next;
      url = typeof proxima === 'string' && proxima.startsWith(conexao.apiUrl.replace(/\/v[\d.]+$/, '')) ? proxima : null;
    }
    return { ok: true, modelos };
  },

  async baixarMidia(conexao, mediaId, limite) {
    const info = await chamar(conexao, `${conexao.apiUrl}/${encodeURIComponent(mediaId)}`);
    if (!info.ok) return { ok: false, erro: info.erro };
    const tamanho = Number(info.corpo.file_size);
    if (Number.isFinite(tamanho) && tamanho > limite) return { ok: false, erro: `Arquivo de ${mb(tamanho)}: acima do limite de ${mb(limite)}; veja-o no celular.` };
    if (typeof info.corpo.url !== 'string' || !/^https?:\/\//.test(info.corpo.url)) return { ok: false, erro: 'API do WhatsApp recusou: resposta sem o endereço do arquivo.' };
    let resposta: Response;
    try {
      resposta = await fetch(info.corpo.url, { headers: { authorization: `Bearer ${conexao.token}` }, signal: AbortSignal.timeout(LIMITE_MS) });
    } catch (error) {
      return { ok: false, erro: semResposta('ao baixar o arquivo', error) };
    }
    if (!resposta.ok) return { ok: false, erro: `O WhatsApp não entregou o arquivo (HTTP ${resposta.status}).` };
    const conteudo = Buffer.from(await resposta.arrayBuffer());
    if (conteudo.length > limite) return { ok: false, erro: `Arquivo de ${mb(conteudo.length)}: acima do limite de ${mb(limite)}; veja-o no celular.` };
    return { ok: true, mime: typeof info.corpo.mime_type === 'string' ? info.corpo.mime_type : resposta.headers.get('content-type') ?? 'application/octet-stream', conteudo };
  },
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
