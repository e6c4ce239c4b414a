import { inflateRawSync } from 'node:zlib';

/**
 * The files of a zip (stored or deflated), read from its central directory: what a supplier portal or
 * an accountant sends when there are many XMLs. Bounded: at most `maxArquivos` entries and `maxBytes`
 * unpacked in all, so a zip bomb is refused rather than inflated. Encrypted or zip64 archives are refused.
 */
export interface ArquivoDoZip {
  nome: string;
  bytes: Buffer;
}

export class ErroZip extends Error {}

export const ehZip = (bytes: Buffer): boolean => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

export function lerZip(zip: Buffer, limites: { maxArquivos: number; maxBytes: number }): ArquivoDoZip[] {
  // The end-of-central-directory record is in the last 64 KiB + 22 bytes (after an optional comment).
  let fim = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      fim = i;
      break;
    }
  }
  if (fim < 0) throw new ErroZip('O arquivo .zip está danificado (sem o diretório central).');
  const total = zip.readUInt16LE(fim + 10);
  if (total > limites.maxArquivos) throw new ErroZip(`O .zip tem ${total} arquivos; envie no máximo ${limites.maxArquivos} de uma vez.`);
  let p = zip.readUInt32LE(fim + 16);
  let soma = 0;
  const arquivos: ArquivoDoZip[] = [];
  for (let n = 0; n < total; n++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50) throw new ErroZip('O arquivo .zip está danificado (diretório central).');
    const flags = zip.readUInt16LE(p + 8);
    const metodo = zip.readUInt16LE(p + 10);
    const compactado = zip.readUInt32LE(p + 20);
    const tamanho = zip.readUInt32LE(p + 24);
    const tamNome = zip.readUInt16LE(p + 28);
    const tamExtra = zip.readUInt16LE(p + 30);
    const tamComentario = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const nome = zip.subarray(p + 46, p + 46 + tamNome).toString(flags & 0x800 ? 'utf8' : 'latin1');
    p += 46 + tamNome + tamExtra + tamComentario;
    if (nome.endsWith('/')) continue;
    if (flags & 1) throw new ErroZip(`${nome}: arquivo protegido por senha no .zip.`);
    if (compactado === 0xffffffff || tamanho === 0xffffffff) throw new ErroZip(`${nome}: .zip64 não é aceito.`);
    soma += tamanho;
    if (soma > limites.maxBytes) throw new ErroZip(`O .zip descompactado passa de ${Math.round(limites.maxBytes / 1048576)} MB.`);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw new ErroZip(`${nome}: entrada danificada no .zip.`);
    const inicio = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const dados = zip.subarray(inicio, inicio + compactado);
    let bytes: Buffer;
    if (metodo === 0) bytes = Buffer.from(dados);
    else if (metodo === 8) {
      try {
        bytes = inflateRawSync(dados, { maxOutputLength: Math.max(tamanho, 1) });
      } catch {
        throw new ErroZip(`${nome}: entrada danificada no .zip.`);
      }
    } else throw new ErroZip(`${nome}: compressão ${metodo} não suportada no .zip.`);
    arquivos.push({ nome, bytes });
  }
  return arquivos;
}
