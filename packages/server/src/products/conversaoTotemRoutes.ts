import { comGruposEsgotados, findRecurso, MODO_TOTEM, montarTotem, produtosDasOpcoes, type EntradaTotem } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { criarVarios } from '../resources/pipeline.ts';
import { escopo, findMany } from '../resources/repository.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { indisponiveis } from '../stock/disponibilidade.ts';
import { precos, produtos } from './vitrineFontes.ts';

const itemTotem = z.object({
  produto: z.string(),
  nome: z.string(),
  descricao: z.string(),
  imagem: z.string().nullable(),
  preco: z.number().int(),
  destaque: z.boolean(),
  disponivel: z.boolean().describe('Falso quando o estoque acabou (o totem mostra o produto apagado e não o vende).'),
  motivoIndisponivel: z.string().nullable().describe("Por que não está disponível ('Esgotado'), ou null."),
});
const vitrineTotem = z.object({
  categorias: z.array(z.object({ nome: z.string(), itens: z.array(itemTotem) })),
  pendencias: z.array(z.object({ produto: z.string(), descricao: z.string(), motivo: z.string() })),
});

/** Category of a converted product when it has no agrupador. */
export const CATEGORIA_PADRAO = 'Outros';

/**
 * GET /api/conversaoTotem/vitrine: the kiosk as the customer sees it in the session's company (a product
 * whose stock ran out, or whose required modifier group has too few options left, stays, with disponivel
 * false and the reason).
 * POST /api/conversaoTotem/converter: every product this company sells on the kiosk (sale mode Totem)
 * and not yet presented gets its kiosk entry (category from its agrupador), all in one transaction.
 */
export async function conversaoTotemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const def = findRecurso('conversaoTotem')!;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [def.rotuloPlural];
  const security = [{ sessao: [] }];

  r.get(
    '/api/conversaoTotem/vitrine',
    {
      preHandler: [requireSession(ctx), exigirPermissao('conversaoTotem', 'ver')],
      schema: { tags, security, summary: 'O totem como o cliente vê, com os preços da empresa', response: { 200: envelopeOk(vitrineTotem) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      return ok(
        await withTenant(ctx.db, s, async (tx) => {
          const rows = await tx.select().from(registro).where(and(escopo(def, s), eq(registro.lixo, false)));
          const entradas = rows.map((row) => def.schema.parse(row.dados) as unknown as EntradaTotem);
          const ids = entradas.map((e) => e.produtoGeral);
          const mapa = await produtos(tx, s, ids);
          // The kiosk shows no options, but an item whose required options all ran out cannot be sold: judged in the same read.
          const esgotados = comGruposEsgotados(mapa, await indisponiveis(tx, s, [...ids, ...produtosDasOpcoes(mapa.values())]));
          return montarTotem(entradas, mapa, await precos(tx, s, ids), esgotados);
        }),
      );
    },
  );

  r.post(
    '/api/conversaoTotem/converter',
    {
      preHandler: [requireSession(ctx), exigirPermissao('conversaoTotem', 'criar')],
      schema: { tags, security, summary: 'Apresentar no totem os produtos vendidos no totem que ainda não estão nele', response: { 200: envelopeOk(z.object({ criados: z.number().int() })) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      const corpos = await withTenant(ctx.db, s, async (tx) => {
        const linhaDef = findRecurso('produtoGeralEmpresa')!;
        const noTotem = await tx
          .select()
          .from(registro)
          .where(and(escopo(linhaDef, s), eq(registro.lixo, false), sql`(${registro.dados}->>'ativo')::boolean is not false`, sql`${registro.dados}->'modosVenda' ? ${MODO_TOTEM}`));
        // Trashed entries count too: a product taken off the kiosk is not brought back by a conversion.
        const jaTem = new Set((await tx.select({ dados: registro.dados }).from(registro).where(escopo(def, s))).map((row) => String(row.dados.produtoGeral)));
        const ids = noTotem.map((row) => String(row.dados.produtoGeral)).filter((id) => !jaTem.has(id));
        const mestres = await produtos(tx, s, ids);
        const agrupadorDef = findRecurso('agrupador')!;
        const idsAgrupadores = [...new Set([...mestres.values()].map((p) => (p as { agrupador?: string | null }).agrupador).filter((a): a is string => Boolean(a)))];
        const agrupadores = new Map((await findMany(tx, agrupadorDef, s, idsAgrupadores)).map((row) => [row.id, String(row.dados.descricao ?? '')]));
        return ids
          .filter((id) => mestres.get(id) && mestres.get(id)!.ativo !== false && !mestres.get(id)!.lixo)
          .map((id) => {
            const agrupador = (mestres.get(id) as { agrupador?: string | null }).agrupador;
            return { produtoGeral: id, categoria: (agrupador && agrupadores.get(agrupador)) || CATEGORIA_PADRAO };
          });
      });
      const criados = corpos.length ? await criarVarios(ctx.db, def, s, corpos) : [];
      return ok({ criados: criados.length });
    },
  );
}
