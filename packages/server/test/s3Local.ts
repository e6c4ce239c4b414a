import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-compatible server on this machine (s3rver, from the npm registry), for the real S3 client to
 * talk to. s3rver signs with the fixed pair S3RVER/S3RVER. `parar` closes it (a store that is down);
 * `encerrar` also removes its folder.
 */
export async function iniciarS3Local(bucket = 'retaguarda'): Promise<{ url: (prefixo?: string) => string; parar(): Promise<void>; encerrar(): Promise<void> }> {
  const pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-s3-'));
  const servidor = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: pasta, configureBuckets: [{ name: bucket }] });
  const { port } = await servidor.run();
  let aberto = true;
  const parar = async () => {
    if (aberto) await servidor.close();
    aberto = false;
  };
  return {
    // http://: s3rver listens without TLS (s3:// would mean https).
    url: (prefixo = '') => `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}${prefixo ? `/${prefixo}` : ''}?region=us-east-1&forcePathStyle=true`,
    parar,
    async encerrar() {
      await parar();
      await rm(pasta, { recursive: true, force: true });
    },
  };
}
