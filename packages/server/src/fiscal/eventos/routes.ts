import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { arquivo, dfeDocumento, entradaNotaFiscal } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../../plugins/envelope.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { eventosDaNota } from './eventosDaNota.ts';

const param = (req: FastifyRequest, nome: string) => (req.params as Record<string, string>)[nome]!;
const comum = { tags: ['Fiscal'], security: [{ sessao: [] }], response: { 200: envelopeOk(z.any()) } };

/** The events of a downloaded note (baixarNotas) and of an entry (entradaNotaFiscal): type, date, protocol, cStat. */
export async function eventosRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/baixarNotas/:id/eventos',
    { preHandler: [requireSession(ctx), exigirPermissao('baixarNotas', 'ver')], schema: { ...comum, summary: 'Eventos da nota baixada: manifestações enviadas e eventos recebidos da SEFAZ (tipo, data, protocolo, cStat)' } },
    async (req) => {
      const s = sessaoDe(req);
      const [d] = await withTenant(ctx.db, s, (tx) =>
        tx.select({ chave: dfeDocumento.chave }).from(dfeDocumento).where(and(eq(dfeDocumento.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeDocumento.empresaId, s.empresa), eq(dfeDocumento.id, param(req, 'id')))),
      );
      if (!d) throw new HttpError(404, 'Documento não encontrado nas notas baixadas desta empresa.');
      return ok(await eventosDaNota(ctx, s, s.empresa, d.chave));
    },
  );
  app.get(
    '/api/entradaNotaFiscal/:id/eventos',
    { preHandler: [requireSession(ctx), exigirPermissao('entradaNotaFiscal', 'ver')], schema: { ...comum, summary: 'Eventos da nota da entrada: os do próprio XML (cancelamento anexado), os baixados da SEFAZ e as manifestações enviadas' } },
    async (req) => {
      const s = sessaoDe(req);
      const [e] = await withTenant(ctx.db, s, (tx) =>
        tx
          .select({ chave: entradaNotaFiscal.chave, arquivo: arquivo.chave })
          .from(entradaNotaFiscal)
          .innerJoin(arquivo, and(eq(arquivo.grupoEmpresarialId, entradaNotaFiscal.grupoEmpresarialId), eq(arquivo.id, entradaNotaFiscal.arquivoId)))
          .where(and(eq(entradaNotaFiscal.grupoEmpresarialId, s.grupoEmpresarial), eq(entradaNotaFiscal.empresaId, s.empresa), eq(entradaNotaFiscal.id, param(req, 'id')))),
      );
      if (!e) throw new HttpError(404, 'Entrada de nota fiscal não encontrada nesta empresa.');
      const xml = await ctx.armazenamento.ler(e.arquivo);
      return ok(await eventosDaNota(ctx, s, s.empresa, e.chave, xml?.toString('utf8')));
    },
  );
}
