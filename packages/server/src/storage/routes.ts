import { campoNoCaminho, findRecurso, mensagemAcessoNegado, mensagens, pode, telaDoRecurso, type Permissoes } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { arquivo } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { guardarArquivo } from './guardarArquivo.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';

/** Largest image accepted (logos, product pictures). */
export const TAMANHO_MAXIMO_IMAGEM = 1024 * 1024;

const tiposImagem = ['image/png', 'image/jpeg', 'image/webp'] as const;
type TipoImagem = (typeof tiposImagem)[number];

/** The first bytes of each accepted type: the declared type must match the content (no SVG, no HTML). */
export function conteudoConfere(tipo: TipoImagem, bytes: Buffer): boolean {
  switch (tipo) {
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  }
}

const uploadBody = z.object({
  nome: z.string({ error: 'Informe o nome do arquivo.' }).trim().min(1, 'Informe o nome do arquivo.').max(200),
  tipo: z.enum(tiposImagem, { error: 'Envie uma imagem PNG, JPEG ou WebP.' }),
  /** The file's bytes in base64. */
  conteudo: z.string({ error: 'Envie o conteúdo do arquivo.' }).min(1, 'Envie o conteúdo do arquivo.'),
  /** The catalogue resource whose form will hold the file ('produtoGeral'): its screen decides who may send it. */
  recurso: z.string({ error: 'Informe o cadastro que vai usar a imagem.' }).min(1, 'Informe o cadastro que vai usar a imagem.').max(100),
  /** The `imagem` field of that resource ('logo', 'imagens.arquivo'). */
  campo: z.string({ error: 'Informe o campo que vai guardar a imagem.' }).min(1, 'Informe o campo que vai guardar a imagem.').max(200),
});

/**
 * An upload is allowed by the screen that will hold the file (docs/decisions/0008): the resource must
 * have that `imagem` field, and the profile criar or editar on its screen. Checked before the bytes.
 */
function verificarDestino(permissoes: Permissoes, recurso: string, campo: string): void {
  const def = findRecurso(recurso);
  if (!def) throw new HttpError(400, `Cadastro: ${recurso} não existe.`, {}, { recurso: 'Cadastro inexistente.' });
  if (campoNoCaminho(def, campo)?.tipo !== 'imagem') {
    throw new HttpError(400, `Campo: ${def.rotuloPlural} não tem o campo de imagem ${campo}.`, {}, { campo: 'Não é um campo de imagem deste cadastro.' });
  }
  const tela = telaDoRecurso(def);
  if (!pode(permissoes, tela, 'criar') && !pode(permissoes, tela, 'editar')) throw new HttpError(403, mensagemAcessoNegado(tela, 'editar'));
}
const arquivoData = z.object({ _id: z.string(), nome: z.string(), tipo: z.string(), tamanho: z.number().int() });

/** Upload of images and their download, each only within the session's group. */
export async function arquivoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireSession(ctx);
  const tags = ['arquivos'];
  const security = [{ sessao: [] }];

  r.post(
    '/api/arquivo',
    {
      preHandler,
      // base64 grows the bytes by a third; a little room for the JSON around it.
      bodyLimit: Math.ceil((TAMANHO_MAXIMO_IMAGEM * 4) / 3) + 4096,
      schema: { tags, security, summary: 'Enviar uma imagem para um campo de imagem de um cadastro (JSON com o conteúdo em base64)', body: uploadBody, response: { 201: envelopeOk(arquivoData) } },
    },
    async (request, reply) => {
      const s = sessaoDe(request);
      const { nome, tipo, conteudo, recurso, campo } = request.body;
      verificarDestino(s.permissoes, recurso, campo);
      const bytes = Buffer.from(conteudo, 'base64');
      if (bytes.length > TAMANHO_MAXIMO_IMAGEM) throw new HttpError(413, 'Arquivo: a imagem tem mais de 1 MB.', {}, { conteudo: 'A imagem tem mais de 1 MB.' });
      if (!conteudoConfere(tipo, bytes)) throw new HttpError(400, 'Arquivo: o conteúdo não é uma imagem PNG, JPEG ou WebP.', {}, { conteudo: 'O conteúdo não é uma imagem PNG, JPEG ou WebP.' });
      const id = await guardarArquivo(ctx, s, { nome, tipo, bytes }, async (_tx, guardado) => guardado.id);
      return reply.code(201).send(ok({ _id: id, nome, tipo, tamanho: bytes.length }));
    },
  );

  r.get(
    '/api/arquivo/:_id',
    { preHandler, schema: { tags, security, summary: 'Baixar um arquivo do grupo', params: z.object({ _id: z.string() }) } },
    async (request, reply) => {
      const s = sessaoDe(request);
      // RLS and the explicit group: another group's file is simply not found.
      const [row] = await withTenant(ctx.db, s, (tx) =>
        tx.select().from(arquivo).where(and(eq(arquivo.grupoEmpresarialId, s.grupoEmpresarial), eq(arquivo.id, request.params._id))),
      );
      const bytes = row ? await ctx.armazenamento.ler(row.chave) : null;
      if (!row || !bytes) throw new HttpError(404, mensagens.naoEncontrado);
      return reply
        .header('content-type', row.tipo)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', `inline; filename="${encodeURIComponent(row.nome)}"`)
        .send(bytes);
    },
  );
}
