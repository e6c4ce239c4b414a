import type { Socket } from 'node:net';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

/**
 * pglite-socket 0.2.17 hands PGlite one protocol message at a time and writes each one's answer on
 * its own: a prepared statement (Bind, Execute, Sync) costs three passes through its queue, three
 * writes and three reads on the server's side. PGlite's execProtocolRawSync runs every message in the
 * buffer it is given, in order, as PostgreSQL reads its socket, so whole messages that arrived together
 * go in together and their answers leave in one write. A startup message and Terminate ('X') still go
 * alone: PGlite recognises them by the first byte of what it is given. The rest (SSL and cancel
 * requests, the queue that keeps a transaction to its connection) is the package's own.
 */

interface Interno {
  socket: Socket | null;
  active: boolean;
  messageBuffer: Buffer;
  id: number;
  queryQueue: { enqueue(id: number, mensagem: Uint8Array, onData: (dados: Uint8Array) => void): Promise<number> };
  handleSslRequest(): boolean;
  handleCancelRequest(): boolean;
  dispatchEvent(evento: Event): boolean;
}

const VERSAO_DO_PROTOCOLO = 196608;
const TERMINATE = 0x58;

/** Bytes at the start of `b` that are whole messages to run together (0: none whole yet). */
function mensagensInteiras(b: Buffer): number {
  if (b.length >= 8 && b.readInt32BE(4) === VERSAO_DO_PROTOCOLO) {
    const n = b.readInt32BE(0);
    return b.length >= n ? n : 0;
  }
  if (b[0] === TERMINATE) return b.length >= 5 ? Math.min(b.length, 1 + b.readInt32BE(1)) : 0;
  let fim = 0;
  while (fim + 5 <= b.length && b[fim] !== TERMINATE) {
    const n = 1 + b.readInt32BE(fim + 1);
    if (fim + n > b.length) break;
    fim += n;
  }
  return fim;
}

async function handleData(this: Interno, chunk: Buffer): Promise<number> {
  if (!this.socket || !this.active) return 0;
  this.messageBuffer = Buffer.concat([this.messageBuffer, chunk]);
  let enviados = 0;
  while (this.messageBuffer.length > 0) {
    if (this.handleSslRequest() || this.handleCancelRequest()) continue;
    const fim = mensagensInteiras(this.messageBuffer);
    if (!fim) break;
    const lote = this.messageBuffer.subarray(0, fim);
    this.messageBuffer = this.messageBuffer.subarray(fim);
    if (!this.active || !this.socket) break;
    // PGlite's answer arrives in pieces that may point into its memory: copied, then written at once.
    const partes: Buffer[] = [];
    await this.queryQueue.enqueue(this.id, new Uint8Array(lote), (dados) => {
      if (dados.length) partes.push(Buffer.from(dados));
    });
    const resposta = Buffer.concat(partes);
    enviados += resposta.length;
    // A failed write closes the socket: its 'error' event detaches the connection, as in the package.
    if (resposta.length && this.socket?.writable && this.active) this.socket.write(resposta);
  }
  this.dispatchEvent(new CustomEvent('data', { detail: { incoming: chunk.length, outgoing: enviados } }));
  return enviados;
}

/** Installs the batched reading on every connection of the package's socket server. */
export function lerMensagensEmLote(): void {
  const prototipo = PGLiteSocketHandler.prototype as unknown as { handleData?: unknown };
  // A newer pglite-socket may read its socket otherwise: then stop at start, not serve half-patched.
  if (typeof prototipo.handleData !== 'function') throw new Error('pglite-socket mudou: handleData não existe mais (db/embedded/mensagensEmLote.ts)');
  prototipo.handleData = handleData;
}
