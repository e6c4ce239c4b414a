import { createServer } from 'node:net';

/**
 * A label printer listening on a free raw-printing port (9100–9109, the ports the server may print
 * to): each `proxima()` is what the next connection sends.
 */
export async function impressoraDeRede() {
  for (let porta = 9100; porta <= 9109; porta++) {
    const servidor = createServer();
    const ouviu = await new Promise<boolean>((done) => {
      servidor.once('error', () => done(false));
      servidor.listen(porta, '127.0.0.1', () => done(true));
    });
    if (!ouviu) continue;
    const proxima = () =>
      new Promise<string>((done) =>
        servidor.once('connection', (socket) => {
          const partes: Buffer[] = [];
          socket.on('data', (d: Buffer) => partes.push(d));
          socket.on('end', () => done(Buffer.concat(partes).toString('utf8')));
        }),
      );
    return { porta, proxima, fechar: () => servidor.close() };
  }
  throw new Error('nenhuma porta livre entre 9100 e 9109');
}
