import { connect } from 'node:net';
import { mensagens } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';

// A body over the 1 MiB limit, sent over a real socket as a terminal or a browser would: the answer
// must be 413 with the Portuguese envelope every time, never a connection reset (EPIPE/ECONNRESET)
// while the client is still uploading (issue: a 2 MB body sometimes closed the socket instead).

let ctx: TestContext;
let porta = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const endereco = ctx.app.server.address();
  porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
});
afterAll(async () => ctx?.close());

const DOIS_MB = 2 * 1024 * 1024;

/**
 * Sends the whole body, in 64 KiB pieces a few milliseconds apart, before reading anything (as many
 * HTTP clients do), then reads the answer until the server closes. Answers what arrived and the socket
 * errors seen.
 */
function enviarCorpoInteiro(opcoes: { chunked: boolean }): Promise<{ resposta: string; erros: string[] }> {
  return new Promise((pronto) => {
    const socket = connect({ port: porta, host: '127.0.0.1', allowHalfOpen: true });
    let resposta = '';
    const erros: string[] = [];
    socket.on('data', (pedaco) => (resposta += pedaco.toString()));
    socket.on('error', (erro: NodeJS.ErrnoException) => erros.push(erro.code ?? erro.message));
    // The server closed its side after answering: close ours (written or not), then it is over.
    socket.on('end', () => socket.end());
    socket.on('close', () => pronto({ resposta, erros }));
    const corpo = Buffer.from(JSON.stringify({ pedidoId: 'GRANDE', observacao: 'x'.repeat(DOIS_MB) }));
    const tamanho = opcoes.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${corpo.length}`;
    socket.write(`POST /api/vendas HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer rtq_x\r\n${tamanho}\r\n\r\n`);
    let enviado = 0;
    const escrever = () => {
      if (socket.destroyed) return;
      if (enviado >= corpo.length) {
        if (opcoes.chunked) socket.write('0\r\n\r\n');
        return;
      }
      const pedaco = corpo.subarray(enviado, enviado + 64 * 1024);
      socket.write(opcoes.chunked ? Buffer.concat([Buffer.from(`${pedaco.length.toString(16)}\r\n`), pedaco, Buffer.from('\r\n')]) : pedaco);
      enviado += pedaco.length;
      setTimeout(escrever, 3);
    };
    escrever();
  });
}

function conferir({ resposta, erros }: { resposta: string; erros: string[] }) {
  expect(erros).toEqual([]);
  expect(resposta).toMatch(/^HTTP\/1\.1 413 /);
  const corpo = resposta.slice(resposta.indexOf('\r\n\r\n') + 4);
  expect(JSON.parse(corpo)).toEqual({ valido: false, data: { message: mensagens.corpoGrandeDemais } });
}

describe('a body over the limit on a real socket', () => {
  it('answers 413 with the envelope every time, with Content-Length', async () => {
    for (let vez = 0; vez < 8; vez++) conferir(await enviarCorpoInteiro({ chunked: false }));
  }, 120_000);

  it('answers 413 with the envelope every time, chunked', async () => {
    for (let vez = 0; vez < 8; vez++) conferir(await enviarCorpoInteiro({ chunked: true }));
  }, 120_000);

  it('answers 413 to fetch (the browser and the terminals) every time, and the next request works', async () => {
    const corpo = JSON.stringify({ pedidoId: 'GRANDE', observacao: 'x'.repeat(DOIS_MB) });
    for (let vez = 0; vez < 8; vez++) {
      const res = await fetch(`http://127.0.0.1:${porta}/api/vendas`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer rtq_x' }, body: corpo });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ valido: false, data: { message: mensagens.corpoGrandeDemais } });
    }
    expect((await fetch(`http://127.0.0.1:${porta}/api/health`)).status).toBe(200);
  }, 120_000);
});
