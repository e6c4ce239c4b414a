import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the double received, as the Graph API would read it. */
export interface PedidoRecebido {
  caminho: string;
  autorizacao: string | undefined;
  corpo: Record<string, any>;
}

type Resposta = { status: number; corpo: unknown };

/**
 * A local double of the WhatsApp Cloud API (Graph API shapes) that a test starts on a free port:
 * POST /{version}/{phone-number-id}/messages answers {messaging_product, contacts, messages: [{id}]}
 * with a new wamid, or, while `falhas` has answers queued, the next one (a 500, a 400 with Graph's error
 * object…). A bad or missing bearer token is 401 as Graph answers it.
 */
export async function iniciarCloudApiDouble(tokenEsperado: string) {
  const recebidos: PedidoRecebido[] = [];
  const falhas: Resposta[] = [];
  let seq = 0;
  const ler = (req: IncomingMessage) =>
    new Promise<string>((pronto) => {
      let texto = '';
      req.on('data', (c: Buffer) => (texto += c.toString('utf8')));
      req.on('end', () => pronto(texto));
    });
  const servidor: Server = createServer(async (req, res) => {
    const texto = await ler(req);
    const responder = (r: Resposta) => {
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(r.corpo));
    };
    const m = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) return responder({ status: 404, corpo: { error: { message: 'Unknown path', code: 100 } } });
    let corpo: Record<string, any> = {};
    try {
      corpo = JSON.parse(texto) as Record<string, any>;
    } catch {
      return responder({ status: 400, corpo: { error: { message: 'Invalid JSON', code: 100 } } });
    }
    recebidos.push({ caminho: req.url!, autorizacao: req.headers.authorization, corpo });
    if (req.headers.authorization !== `Bearer ${tokenEsperado}`) return responder({ status: 401, corpo: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } } });
    const falha = falhas.shift();
    if (falha) return responder(falha);
    if (corpo.messaging_product !== 'whatsapp' || !corpo.to) return responder({ status: 400, corpo: { error: { message: '(#100) Invalid parameter', code: 100 } } });
    const wamid = `wamid.DUBLE${String(++seq).padStart(6, '0')}`;
    return responder({ status: 200, corpo: { messaging_product: 'whatsapp', contacts: [{ input: corpo.to, wa_id: corpo.to }], messages: [{ id: wamid }] } });
  });
  await new Promise<void>((pronto) => servidor.listen(0, '127.0.0.1', pronto));
  const porta = (servidor.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${porta}/v21.0`,
    recebidos,
    /** The next answers, before the normal ones resume. */
    falharCom(...respostas: Resposta[]) {
      falhas.push(...respostas);
    },
    fechar: () => new Promise<void>((pronto) => servidor.close(() => pronto())),
  };
}
