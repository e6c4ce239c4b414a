import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { arquivo, dfeDocumento, entradaNotaFiscal } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../../plugins/envelope.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { cancelarNotaSchema, cartaCorrecaoSchema, rotulosCampoEventoEmitente } from '@retaguarda/domain';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { SefazIndisponivel } from '../dfe/gateway.ts';
import { eventosDaNota } from './eventosDaNota.ts';
import { enviarEventoEmitente, eventosEmitidos } from './eventosEmitente.ts';

const param = (req: FastifyRequest, nome: string) => (req.params as Record<string, string>)[nome]!;
const ler = <T extends z.ZodType>(schema: T, corpo: unknown): z.output<T> => lerOuRecusar(schema, corpo ?? {}, (c) => rotulosCampoEventoEmitente[c.split('.')[0]!] ?? c);

/** SEFAZ down: 503 with its reason; the event was not registered and can be sent again. */
async function naSefaz<T>(trabalho: () => Promise<T>): Promise<T> {
  try {
    return await trabalho();
  } catch (erro) {
    if (erro instanceof SefazIndisponivel) throw new HttpError(503, `SEFAZ indisponível: ${erro.message} Tente de novo mais tarde.`);
    throw erro;
  }
}

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
  const semValidacao = { validatorCompiler: () => (data: unknown) => ({ value: data }) };
  app.post(
    '/api/emissaoNotaFiscal/:id/cancelar',
    {
      preHandler: [requireSession(ctx), exigirPermissao('emissaoNotaFiscal', 'editar')],
      ...semValidacao,
      schema: { ...comum, body: cancelarNotaSchema, summary: 'Cancela uma nota emitida (evento 110111, até 24 horas da autorização, justificativa de 15 a 255 caracteres), assinado com o A1 e enviado à SEFAZ autorizadora' },
    },
    async (req) => {
      const { justificativa } = ler(cancelarNotaSchema, req.body);
      return ok(await naSefaz(() => enviarEventoEmitente(ctx, sessaoDe(req), param(req, 'id'), { tipo: 'cancelamento', justificativa })));
    },
  );
  app.post(
    '/api/emissaoNotaFiscal/:id/cartaCorrecao',
    {
      preHandler: [requireSession(ctx), exigirPermissao('emissaoNotaFiscal', 'editar')],
      ...semValidacao,
      schema: { ...comum, body: cartaCorrecaoSchema, summary: 'Carta de correção de uma nota emitida (evento 110110, sequência 1 a 20, texto de 15 a 1.000 caracteres, com as condições de uso), assinada e enviada à SEFAZ autorizadora' },
    },
    async (req) => {
      const { correcao } = ler(cartaCorrecaoSchema, req.body);
      return ok(await naSefaz(() => enviarEventoEmitente(ctx, sessaoDe(req), param(req, 'id'), { tipo: 'correcao', correcao })));
    },
  );
  app.get(
    '/api/emissaoNotaFiscal/:id/eventos',
    { preHandler: [requireSession(ctx), exigirPermissao('emissaoNotaFiscal', 'ver')], schema: { ...comum, summary: 'Eventos enviados de uma nota emitida (cancelamento, cartas de correção) com o retorno da SEFAZ' } },
    async (req) => {
      const s = sessaoDe(req);
      return ok(await withTenant(ctx.db, s, (tx) => eventosEmitidos(tx, s, param(req, 'id'))));
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
