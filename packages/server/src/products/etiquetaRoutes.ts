import { findRecurso } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { enviarParaImpressora, lerEndereco } from '../impressao/rede.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { escopo } from '../resources/repository.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';

/** A label file is a few kilobytes per label; a big batch stays far below this. */
const MAXIMO_BYTES = 2 * 1024 * 1024;

const corpo = z.object({
  impressora: z.string({ error: 'Escolha a impressora de etiquetas.' }).min(1, 'Escolha a impressora de etiquetas.'),
  conteudo: z.string({ error: 'Nada para imprimir.' }).min(1, 'Nada para imprimir.').max(MAXIMO_BYTES, 'Lote grande demais: imprima em partes.'),
});

/**
 * POST /api/gerenciarEtiquetas/imprimir: the label file built on the screen goes to a network label
 * printer of the session's company (raw port 9100). Printers on USB, serial or Bluetooth are attached
 * to a computer the server does not reach: those get the file to send with the maker's tool.
 */
export async function etiquetaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const def = findRecurso('impressora')!;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/gerenciarEtiquetas/imprimir',
    {
      preHandler: [requireSession(ctx), exigirPermissao('gerenciarEtiquetas', 'ver')],
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: ['Etiquetas'],
        security: [{ sessao: [] }],
        summary: 'Enviar etiquetas (ZPL, EPL ou PPLA) para uma impressora de rede da empresa',
        body: corpo,
        response: { 200: envelopeOk(z.object({ bytes: z.number().int() })) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const lido = corpo.safeParse(request.body ?? {});
      if (!lido.success) {
        const issue = lido.error.issues[0]!;
        const campo = String(issue.path[0] ?? 'conteudo');
        throw new HttpError(400, issue.message, {}, { [campo]: issue.message });
      }
      const [linha] = await withTenant(ctx.db, s, (tx) =>
        tx.select({ dados: registro.dados }).from(registro).where(and(escopo(def, s), eq(registro.id, lido.data.impressora), eq(registro.lixo, false))),
      );
      if (!linha) throw new HttpError(404, 'Impressora não encontrada nesta empresa.', {}, { impressora: 'Impressora não encontrada nesta empresa.' });
      const impressora = linha.dados as { descricao: string; conexao: string; endereco: string };
      if (impressora.conexao !== 'Rede') {
        const mensagem = `${impressora.descricao} está ligada por ${impressora.conexao}: o servidor não a alcança. Baixe o arquivo e envie-o pelo utilitário do fabricante.`;
        throw new HttpError(422, mensagem, {}, { impressora: mensagem });
      }
      const endereco = lerEndereco(impressora.endereco);
      if ('erro' in endereco) throw new HttpError(422, `${impressora.descricao}: ${endereco.erro}`, {}, { impressora: endereco.erro });
      return ok({ bytes: await enviarParaImpressora(impressora.descricao, endereco, Buffer.from(lido.data.conteudo, 'utf8')) });
    },
  );
}
