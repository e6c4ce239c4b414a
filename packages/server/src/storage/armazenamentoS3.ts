import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { HttpError } from '../plugins/envelope.ts';
import { validarChave, type Armazenamento } from './armazenamento.ts';

/** The store did not answer (or refused): 503 with what happened, keeping the SDK's error as the cause for the log. */
function indisponivel(erro: unknown): HttpError {
  const falha = new HttpError(503, 'Armazenamento de arquivos (S3) indisponível: nada foi gravado. Tente de novo em instantes.', { 'retry-after': '5' });
  falha.cause = erro;
  return falha;
}

/** Where S3_URL points: the endpoint, the bucket, a key prefix inside it and how to sign. */
export interface DestinoS3 {
  endpoint: string;
  bucket: string;
  prefixo: string;
  region: string;
  forcePathStyle: boolean;
  credenciais: { accessKeyId: string; secretAccessKey: string } | null;
}

/**
 * S3_URL: `s3://ACCESS:SECRET@host[:port]/bucket[/prefix]?region=us-east-1&forcePathStyle=true`.
 * s3:// speaks https; http:// and https:// name the scheme themselves (a local MinIO or s3rver is http).
 * Without ACCESS:SECRET the SDK's usual sources are used (AWS_ACCESS_KEY_ID…, an instance role).
 * Path style by default: MinIO, s3rver and most S3-compatible stores want it.
 */
export function lerS3Url(url: string): DestinoS3 {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error('S3_URL inválida: use s3://ACESSO:SEGREDO@host:porta/bucket?region=us-east-1');
  }
  if (!['s3:', 'http:', 'https:'].includes(u.protocol)) throw new Error(`S3_URL: esquema ${u.protocol} não suportado (use s3://, https:// ou http://).`);
  if (!u.hostname) throw new Error('S3_URL: falta o host do serviço S3.');
  const [bucket, ...resto] = u.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!bucket) throw new Error('S3_URL: falta o bucket (o primeiro trecho do caminho).');
  const esquema = u.protocol === 's3:' ? 'https:' : u.protocol;
  return {
    endpoint: `${esquema}//${u.host}`,
    bucket,
    prefixo: resto.length ? `${resto.join('/')}/` : '',
    region: u.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: u.searchParams.get('forcePathStyle') !== 'false',
    credenciais: u.username ? { accessKeyId: decodeURIComponent(u.username), secretAccessKey: decodeURIComponent(u.password) } : null,
  };
}

/** The S3_URL without its credentials: what may be shown (config.json, logs). */
export function s3UrlSemCredenciais(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return '';
  }
}

/** Files as objects of a bucket of any S3-compatible store. A failure of the store is thrown to the caller. */
export function armazenamentoS3(destino: DestinoS3): Armazenamento {
  const cliente = new S3Client({
    endpoint: destino.endpoint,
    region: destino.region,
    forcePathStyle: destino.forcePathStyle,
    ...(destino.credenciais ? { credentials: destino.credenciais } : {}),
    // A store that does not answer fails the upload in seconds instead of holding the request.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    maxAttempts: 3,
    // Checksums only where S3 requires them: with its default, a streamed body (gravarDoDisco) goes as aws-chunked
    // with a checksum trailer, which S3-compatible stores such as s3rver keep as part of the object (a broken zip).
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const objeto = (chave: string) => destino.prefixo + validarChave(chave);
  return {
    async gravar(chave, conteudo) {
      const key = objeto(chave);
      try {
        await cliente.send(new PutObjectCommand({ Bucket: destino.bucket, Key: key, Body: conteudo, ContentLength: conteudo.length }));
      } catch (erro) {
        throw indisponivel(erro);
      }
    },
    async gravarDoDisco(chave, caminho) {
      const key = objeto(chave);
      const { size } = await stat(caminho);
      try {
        await cliente.send(new PutObjectCommand({ Bucket: destino.bucket, Key: key, Body: createReadStream(caminho), ContentLength: size }));
      } catch (erro) {
        throw indisponivel(erro);
      }
    },
    async abrir(chave) {
      try {
        const resposta = await cliente.send(new GetObjectCommand({ Bucket: destino.bucket, Key: objeto(chave) }));
        // In Node the SDK's body is an http.IncomingMessage: a Readable.
        return (resposta.Body as Readable | undefined) ?? null;
      } catch (erro) {
        if ((erro as { name?: string }).name === 'NoSuchKey' || (erro as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw indisponivel(erro);
      }
    },
    async ler(chave) {
      try {
        const resposta = await cliente.send(new GetObjectCommand({ Bucket: destino.bucket, Key: objeto(chave) }));
        return resposta.Body ? Buffer.from(await resposta.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (erro) {
        if ((erro as { name?: string }).name === 'NoSuchKey' || (erro as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw indisponivel(erro);
      }
    },
    async remover(chave) {
      // S3 answers a missing key's delete with success, like rm --force.
      await cliente.send(new DeleteObjectCommand({ Bucket: destino.bucket, Key: objeto(chave) }));
    },
    async listar(prefixo) {
      const chaves: string[] = [];
      let continuacao: string | undefined;
      do {
        const pagina = await cliente.send(new ListObjectsV2Command({ Bucket: destino.bucket, Prefix: destino.prefixo + prefixo, ContinuationToken: continuacao }));
        for (const o of pagina.Contents ?? []) if (o.Key) chaves.push(o.Key.slice(destino.prefixo.length));
        continuacao = pagina.IsTruncated ? pagina.NextContinuationToken : undefined;
      } while (continuacao);
      return chaves.sort();
    },
  };
}
