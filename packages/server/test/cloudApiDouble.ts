import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the double received, as the Graph API would read it (a multipart upload's fields as `corpo`, its file as `arquivo`). */
export interface PedidoRecebido {
  metodo: string;
  caminho: string;
  autorizacao: string | undefined;
  corpo: Record<string, any>;
  arquivo?: { nome: string; tipo: string; bytes: Buffer };
}

type Resposta = { status: number; corpo: unknown };

/** A template as the Graph API lists it (GET /{waba-id}/message_templates). */
export interface ModeloDouble {
  name: string;
  language: string;
  status: string;
  category: string;
  components: { type: string; text?: string; format?: string }[];
}

/**
 * A local double of the WhatsApp Cloud API (Graph API shapes) that a test starts on a free port:
 * - POST /{version}/{phone-number-id}/messages answers {messaging_product, contacts, messages: [{id}]}
 *   with a new wamid, or, while `falhas` has answers queued, the next one (a 500, a 400 with Graph's
 *   error object, 131047 outside the 24 hours…);
 * - GET /{version}/{waba-id}/message_templates: `modelos`, two a page with paging.next (as Graph pages);
 * - POST /{version}/{phone-number-id}/media (multipart: messaging_product, type, file) → {id};
 * - GET /{version}/{media-id} → {url, mime_type, sha256, file_size, id}; GET that url → the bytes.
 * A bad or missing bearer token is 401 as Graph answers it, on every call.
 */
export async function iniciarCloudApiDouble(tokenEsperado: string) {
  const recebidos: PedidoRecebido[] = [];
  const falhas: Resposta[] = [];
  const modelos: ModeloDouble[] = [];
  const midias = new Map<string, { tipo: string; bytes: Buffer }>();
  let seq = 0;
  const ler = (req: IncomingMessage) =>
    new Promise<Buffer>((pronto) => {
      const partes: Buffer[] = [];
      req.on('data', (c: Buffer) => partes.push(c));
      req.on('end', () => pronto(Buffer.concat(partes)));
    });
  let base = '';
  const servidor: Server = createServer(async (req, res) => {
    const bruto = await ler(req);
    const responder = (r: Resposta) => {
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(r.corpo));
    };
    const url = new URL(req.url ?? '/', base);
    const autorizado = req.headers.authorization === `Bearer ${tokenEsperado}`;
    const negar = () => responder({ status: 401, corpo: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } } });

    // The media's own address (Meta's lookaside host): the bytes, with the token.
    const download = /^\/arquivos\/(\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && download) {
      recebidos.push({ metodo: 'GET', caminho: url.pathname, autorizacao: req.headers.authorization, corpo: {} });
      if (!autorizado) return negar();
      const m = midias.get(download[1]!);
      if (!m) return responder({ status: 404, corpo: { error: { message: 'Not found', code: 100 } } });
      res.writeHead(200, { 'content-type': m.tipo });
      return res.end(m.bytes);
    }
    const modelosUrl = /^\/v\d+\.\d+\/(\d+)\/message_templates$/.exec(url.pathname);
    if (req.method === 'GET' && modelosUrl) {
      recebidos.push({ metodo: 'GET', caminho: url.pathname + url.search, autorizacao: req.headers.authorization, corpo: {} });
      if (!autorizado) return negar();
      const falha = falhas.shift();
      if (falha) return responder(falha);
      const depois = Number(url.searchParams.get('after') ?? 0);
      const pagina = modelos.slice(depois, depois + 2);
      const next = depois + 2 < modelos.length ? `${base}${url.pathname}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), after: String(depois + 2) })}` : undefined;
      return responder({ status: 200, corpo: { data: pagina, paging: { cursors: { before: String(depois), after: String(depois + 2) }, ...(next ? { next } : {}) } } });
    }
    const midiaInfo = /^\/v\d+\.\d+\/(\d{6,})$/.exec(url.pathname);
    if (req.method === 'GET' && midiaInfo) {
      recebidos.push({ metodo: 'GET', caminho: url.pathname, autorizacao: req.headers.authorization, corpo: {} });
      if (!autorizado) return negar();
      const m = midias.get(midiaInfo[1]!);
      if (!m) return responder({ status: 400, corpo: { error: { message: 'Unsupported get request.', code: 100 } } });
      return responder({ status: 200, corpo: { messaging_product: 'whatsapp', url: `${base}/arquivos/${midiaInfo[1]}`, mime_type: m.tipo, sha256: 'x', file_size: String(m.bytes.length), id: midiaInfo[1] } });
    }
    const upload = /^\/v\d+\.\d+\/(\d+)\/media$/.exec(url.pathname);
    if (req.method === 'POST' && upload) {
      const form = await new Request(base, { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: new Uint8Array(bruto) }).formData().catch(() => null);
      const file = form?.get('file');
      const arquivo = file instanceof File ? { nome: file.name, tipo: file.type, bytes: Buffer.from(await file.arrayBuffer()) } : undefined;
      recebidos.push({ metodo: 'POST', caminho: url.pathname, autorizacao: req.headers.authorization, corpo: { messaging_product: form?.get('messaging_product'), type: form?.get('type') }, ...(arquivo ? { arquivo } : {}) });
      if (!autorizado) return negar();
      if (!arquivo || form?.get('messaging_product') !== 'whatsapp') return responder({ status: 400, corpo: { error: { message: '(#100) Param file must be a file', code: 100 } } });
      const id = String(900_000_000 + ++seq);
      midias.set(id, { tipo: arquivo.tipo, bytes: arquivo.bytes });
      return responder({ status: 200, corpo: { id } });
    }
    const m = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(url.pathname);
    if (req.method !== 'POST' || !m) return responder({ status: 404, corpo: { error: { message: 'Unknown path', code: 100 } } });
    let corpo: Record<string, any> = {};
    try {
      corpo = JSON.parse(bruto.toString('utf8')) as Record<string, any>;
    } catch {
      return responder({ status: 400, corpo: { error: { message: 'Invalid JSON', code: 100 } } });
    }
    recebidos.push({ metodo: 'POST', caminho: req.url!, autorizacao: req.headers.authorization, corpo });
    if (!autorizado) return negar();
    const falha = falhas.shift();
    if (falha) return responder(falha);
    if (corpo.messaging_product !== 'whatsapp' || !corpo.to) return responder({ status: 400, corpo: { error: { message: '(#100) Invalid parameter', code: 100 } } });
    const mediaId = corpo.image?.id ?? corpo.document?.id;
    if ((corpo.type === 'image' || corpo.type === 'document') && !midias.has(mediaId)) return responder({ status: 400, corpo: { error: { message: '(#131053) Media upload error', code: 131053 } } });
    const wamid = `wamid.DUBLE${String(++seq).padStart(6, '0')}`;
    return responder({ status: 200, corpo: { messaging_product: 'whatsapp', contacts: [{ input: corpo.to, wa_id: corpo.to }], messages: [{ id: wamid }] } });
  });
  await new Promise<void>((pronto) => servidor.listen(0, '127.0.0.1', pronto));
  const porta = (servidor.address() as AddressInfo).port;
  base = `http://127.0.0.1:${porta}`;
  return {
    url: `${base}/v21.0`,
    recebidos,
    /** The WABA's templates the listing answers. */
    modelos,
    /** A file the customer sent: the media id a webhook names, for the robot to download. */
    guardarMidia(id: string, tipo: string, bytes: Buffer) {
      midias.set(id, { tipo, bytes });
    },
    midias,
    /** The next answers, before the normal ones resume. */
    falharCom(...respostas: Resposta[]) {
      falhas.push(...respostas);
    },
    fechar: () => new Promise<void>((pronto) => servidor.close(() => pronto())),
  };
}
