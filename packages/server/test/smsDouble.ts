import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One SMS the double took, as the gateway reads it. */
export interface SmsRecebido {
  token: string | undefined;
  corpo: { from?: string; to?: string; contents?: { type: string; text: string }[] };
}

/**
 * A local double of the SMS gateway (Zenvia's v2 shape) that a test starts on a free port:
 * POST /channels/sms/messages with X-API-TOKEN answers {id, from, to, direction, channel, contents}, or,
 * while `falhas` has answers queued, the next one (a 500, a 400 with the gateway's error object…); a
 * wrong token is 401 as the gateway answers it. `fora` makes every call hang up (the gateway down).
 */
export async function iniciarSmsDouble(tokenEsperado: string) {
  const recebidos: SmsRecebido[] = [];
  const falhas: { status: number; corpo: unknown }[] = [];
  let seq = 0;
  const estado = { fora: false };
  const servidor: Server = createServer((req, res) => {
    let bruto = '';
    req.on('data', (c: Buffer) => (bruto += c.toString('utf8')));
    req.on('end', () => {
      if (estado.fora) return void req.socket.destroy();
      const responder = (status: number, corpo: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(corpo));
      if (req.method !== 'POST' || req.url !== '/v2/channels/sms/messages') return responder(404, { code: 'NOT_FOUND', message: 'Not found' });
      const token = req.headers['x-api-token'] as string | undefined;
      if (token !== tokenEsperado) return responder(401, { code: 'AUTHENTICATION_ERROR', message: 'No authorization token was found' });
      const falha = falhas.shift();
      if (falha) return responder(falha.status, falha.corpo);
      const corpo = JSON.parse(bruto) as SmsRecebido['corpo'];
      recebidos.push({ token, corpo });
      responder(200, { id: `sms-${++seq}`, from: corpo.from, to: corpo.to, direction: 'OUT', channel: 'sms', contents: corpo.contents, timestamp: new Date().toISOString() });
    });
  });
  await new Promise<void>((pronto) => servidor.listen(0, '127.0.0.1', pronto));
  const url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/v2`;
  return {
    url,
    recebidos,
    falhas,
    estado,
    fechar: () => new Promise<void>((pronto) => servidor.close(() => pronto())),
  };
}
