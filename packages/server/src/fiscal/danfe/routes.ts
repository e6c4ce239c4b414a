import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { arquivo, entradaNotaFiscal } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { SemDanfe } from './dadosDanfe.ts';
import { gerarDanfe } from './gerarDanfe.ts';

const param = (req: FastifyRequest, nome: string) => (req.params as Record<string, string>)[nome]!;

/** The DANFE of a received note, drawn from the XML kept with its entry (issue 15). */
export async function danfeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/entradaNotaFiscal/:id/danfe',
    {
      preHandler: [requireSession(ctx), exigirPermissao('entradaNotaFiscal', 'ver')],
      schema: { tags: ['Fiscal'], security: [{ sessao: [] }], summary: 'O DANFE (PDF, retrato) da nota de uma entrada, desenhado do XML guardado' },
    },
    async (req, reply) => {
      const s = sessaoDe(req);
      const achado = await withTenant(ctx.db, s, async (tx) => {
        const [e] = await tx
          .select({ chave: entradaNotaFiscal.chave, arquivo: arquivo.chave })
          .from(entradaNotaFiscal)
          .innerJoin(arquivo, and(eq(arquivo.grupoEmpresarialId, entradaNotaFiscal.grupoEmpresarialId), eq(arquivo.id, entradaNotaFiscal.arquivoId)))
          .where(and(eq(entradaNotaFiscal.grupoEmpresarialId, s.grupoEmpresarial), eq(entradaNotaFiscal.empresaId, s.empresa), eq(entradaNotaFiscal.id, param(req, 'id'))));
        return e;
      });
      if (!achado) throw new HttpError(404, 'Entrada de nota fiscal não encontrada nesta empresa.');
      const bytes = await ctx.armazenamento.ler(achado.arquivo);
      if (!bytes) throw new HttpError(503, 'O XML da nota não está no armazenamento.');
      let pdf: Uint8Array;
      try {
        pdf = await gerarDanfe(bytes.toString('utf8'));
      } catch (erro) {
        if (erro instanceof SemDanfe) throw new HttpError(409, erro.message);
        throw erro;
      }
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="DANFE-${achado.chave}.pdf"`).send(Buffer.from(pdf));
    },
  );
}
