import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { whatsappMensagem, type MidiaWhatsApp } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { guardarArquivo } from '../../storage/guardarArquivo.ts';
import type { ProvedorWhatsApp } from './cloudApi.ts';
import { conexaoDoGrupo, paraEnvio } from './conexao.ts';

const MB = 1024 * 1024;
/** A received file above this is not downloaded (Meta allows documents to 100 MB): the message says to see it on the phone. */
export const LIMITE_MIDIA_RECEBIDA = 16 * MB;
/** What the reply box sends: Meta's 5 MB for an image; a PDF up to 10 MB (ours: a menu or a receipt, not an archive). */
export const TIPOS_ENVIO: Readonly<Record<string, { tipo: 'imagem' | 'documento'; limite: number; assinatura: (b: Buffer) => boolean }>> = {
  'image/jpeg': { tipo: 'imagem', limite: 5 * MB, assinatura: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/png': { tipo: 'imagem', limite: 5 * MB, assinatura: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  'application/pdf': { tipo: 'documento', limite: 10 * MB, assinatura: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
};
export const LIMITE_ENVIO = 10 * MB;

/** The file of the reply box, checked: type by its first bytes too, size by type; 400 naming the field otherwise. */
export function arquivoParaEnvio(corpo: unknown, tipoDeclarado: string | undefined, nomeBruto: string | undefined): { mime: string; tipo: 'imagem' | 'documento'; nome: string; bytes: Buffer } {
  const mime = (tipoDeclarado ?? '').split(';')[0]!.trim().toLowerCase();
  const regra = TIPOS_ENVIO[mime];
  if (!regra) throw new HttpError(400, 'Arquivo: envie uma imagem JPG ou PNG, ou um PDF.', {}, { arquivo: 'Envie uma imagem JPG ou PNG, ou um PDF.' });
  if (!Buffer.isBuffer(corpo) || corpo.length === 0) throw new HttpError(400, 'Arquivo: o arquivo está vazio.', {}, { arquivo: 'O arquivo está vazio.' });
  if (corpo.length > regra.limite) {
    const msg = regra.tipo === 'imagem' ? 'A imagem passa de 5 MB, o limite do WhatsApp.' : 'O PDF passa de 10 MB.';
    throw new HttpError(413, `Arquivo: ${msg}`, {}, { arquivo: msg });
  }
  if (!regra.assinatura(corpo)) throw new HttpError(400, `Arquivo: o conteúdo não é ${regra.tipo === 'imagem' ? 'uma imagem JPG ou PNG' : 'um PDF'}.`, {}, { arquivo: 'O conteúdo não confere com o tipo.' });
  // The query string arrives decoded: the name as the user's file had it, made safe for a header.
  const nome = (nomeBruto ?? '').replace(/[\\/\u0000-\u001f]/g, '_').trim().slice(0, 200) || (regra.tipo === 'imagem' ? 'imagem' : 'documento.pdf');
  return { mime, tipo: regra.tipo, nome, bytes: corpo };
}

/**
 * After the webhook's commit: each received file is fetched through the media endpoint and kept as an
 * `arquivo` of the group, its message pointing to it; a failure (too big, the API refusing) is written
 * on the message instead, which still shows what it was. Off the webhook's answer: Meta wants it fast.
 */
export async function baixarMidiasRecebidas(ctx: Pick<AppContext, 'db' | 'armazenamento' | 'chaveSegredos'>, provedor: ProvedorWhatsApp, log: FastifyBaseLogger, grupo: string, midias: readonly { id: string; mediaId: string }[]): Promise<void> {
  if (!midias.length) return;
  const linha = await withTenant(ctx.db, { grupoEmpresarial: grupo }, (tx) => conexaoDoGrupo(tx, grupo));
  if (!linha) return;
  const conexao = paraEnvio(ctx.chaveSegredos(), linha);
  for (const m of midias) {
    const [msg] = await withTenant(ctx.db, { grupoEmpresarial: grupo }, (tx) => tx.select({ midia: whatsappMensagem.midia }).from(whatsappMensagem).where(and(eq(whatsappMensagem.grupoEmpresarialId, grupo), eq(whatsappMensagem.id, m.id))));
    const midia = msg?.midia;
    if (!midia || midia.arquivo) continue;
    const gravar = (tx: Parameters<Parameters<typeof withTenant>[2]>[0], nova: MidiaWhatsApp) =>
      tx.update(whatsappMensagem).set({ midia: nova, version: sql`${whatsappMensagem.version} + 1` }).where(and(eq(whatsappMensagem.grupoEmpresarialId, grupo), eq(whatsappMensagem.id, m.id)));
    const baixado = await provedor.baixarMidia(conexao, m.mediaId, LIMITE_MIDIA_RECEBIDA).catch((error: unknown) => ({ ok: false as const, erro: error instanceof Error ? error.message : String(error) }));
    if (!baixado.ok) {
      log.warn({ mensagem: m.id, erro: baixado.erro }, 'Arquivo recebido no WhatsApp não baixado');
      await withTenant(ctx.db, { grupoEmpresarial: grupo }, (tx) => gravar(tx, { ...midia, erro: baixado.erro }));
      continue;
    }
    const mime = baixado.mime.split(';')[0]!.trim() || midia.mime;
    const nome = midia.nome ?? `${midia.tipo}.${mime.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'bin'}`;
    await guardarArquivo(ctx, { grupoEmpresarial: grupo }, { nome, tipo: mime, bytes: baixado.conteudo }, (tx, g) => gravar(tx, { ...midia, mime, nome, tamanho: baixado.conteudo.length, arquivo: g.id, erro: null }));
  }
}
