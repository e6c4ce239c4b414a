import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the marketplace double received. */
export interface ChamadaMarketplace {
  metodo: string;
  url: string;
  corpo: string;
  assinatura: string | undefined;
  autorizacao: string | undefined;
}

/**
 * A local double of a delivery marketplace's API (base `${url}`) that a test starts on a free port:
 * - every call is recorded; it answers the next status of `respostas` (200 when none);
 * - iFood's token endpoint, POST /authentication/v1.0/oauth/token (form: grantType=client_credentials,
 *   clientId, clientSecret) → {accessToken, type: 'bearer', expiresIn} for the `cliente` it knows (401
 *   otherwise), tokens lasting `validadeS` seconds;
 * - while `cliente` is set, every other call must carry a live token it issued (401 otherwise); `revogar()`
 *   makes the tokens issued so far dead, as a marketplace that rotated them; `recusarTokens` refuses even
 *   fresh ones.
 */
export async function iniciarMarketplaceDouble() {
  const chamadas: ChamadaMarketplace[] = [];
  const tokensPedidos: { clientId: string; em: number }[] = [];
  const respostas: number[] = [];
  const estado: { cliente: { id: string; segredo: string } | null; validadeS: number; recusarTokens: boolean } = { cliente: null, validadeS: 3600, recusarTokens: false };
  const vivos = new Map<string, number>();
  const servidor: Server = createServer((req, res) => {
    let corpo = '';
    req.on('data', (c: Buffer) => (corpo += c.toString('utf8')));
    req.on('end', () => {
      const responder = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.method === 'POST' && req.url === '/api/authentication/v1.0/oauth/token') {
        const form = new URLSearchParams(corpo);
        const c = estado.cliente;
        tokensPedidos.push({ clientId: form.get('clientId') ?? '', em: Date.now() });
        if (!c || form.get('grantType') !== 'client_credentials' || form.get('clientId') !== c.id || form.get('clientSecret') !== c.segredo) return responder(401, { error: { code: 'Unauthorized', message: 'Invalid client credentials' } });
        const token = randomBytes(16).toString('hex');
        vivos.set(token, Date.now() + estado.validadeS * 1000);
        return responder(200, { accessToken: token, type: 'bearer', expiresIn: estado.validadeS });
      }
      const autorizacao = req.headers.authorization;
      chamadas.push({ metodo: req.method!, url: req.url!, corpo, assinatura: (req.headers['x-ifood-signature'] ?? req.headers['x-retaguarda-assinatura']) as string | undefined, autorizacao });
      if (estado.cliente) {
        const token = /^Bearer (\w+)$/.exec(autorizacao ?? '')?.[1];
        if (!token || estado.recusarTokens || !((vivos.get(token) ?? 0) > Date.now())) return responder(401, { error: { code: 'Unauthorized', message: 'token expired' } });
      }
      responder(respostas.shift() ?? 200, {});
    });
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/api`,
    chamadas,
    tokensPedidos,
    respostas,
    estado,
    revogar: () => vivos.clear(),
    fechar: () => new Promise<void>((ok) => servidor.close(() => ok())),
  };
}
