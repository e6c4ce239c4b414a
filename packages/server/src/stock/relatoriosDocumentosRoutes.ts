import { filtroRelatorioInventarioSchema, filtroSaidaManualSchema, rotulosFiltroRelatorioEstoque, type OpcoesFiltroEstoque } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { lerOuRecusar, recusarNomeando } from '../resources/validacao.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../session/requireSession.ts';
import { relatorioInventario } from './relatorioInventario.ts';
import { relatorioSaidaManual } from './relatorioSaidaManual.ts';
import { ordemPt } from '../db/ordemPt.ts';

const comum = { tags: ['Estoque'], security: [{ sessao: [] }] };

/** The filter by its schema, or 400 naming the first wrong field ('Motivos: Motivo desconhecido.'). */
function lerFiltro<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  return lerOuRecusar(schema, body, (c) => rotulosFiltroRelatorioEstoque[c] ?? c, { padrao: 'de', topo: true });
}

/**
 * 400 naming the filter whose id is not one of the session's: a location of the active company, a
 * product of the group, a user of the group, a count of the active company. Another group's id reads
 * as not found, so nothing of it leaks.
 */
async function conferirIds(tx: Transaction, s: SessaoRequest, ids: { local?: string | undefined; produto?: string | undefined; usuario?: string | undefined; inventario?: string | undefined }) {
  const r = await tx.execute<{ local: boolean; produto: boolean; usuario: boolean; inventario: boolean }>(sql`
    select
      ${ids.local ?? null}::text is null or exists (select 1 from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'estoqueCadastro' and empresa_id = ${s.empresa} and id = ${ids.local ?? null}) as local,
      ${ids.produto ?? null}::text is null or exists (select 1 from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'produtoGeral' and id = ${ids.produto ?? null}) as produto,
      ${ids.usuario ?? null}::text is null or exists (select 1 from usuario where grupo_empresarial_id = ${s.grupoEmpresarial} and id = ${ids.usuario ?? null}) as usuario,
      ${ids.inventario ?? null}::text is null or exists (select 1 from estoque_inventario where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${s.empresa} and id = ${ids.inventario ?? null}) as inventario`);
  const achados = r.rows[0]!;
  const mensagens = { local: 'Não encontrado nesta empresa.', produto: 'Não encontrado neste grupo.', usuario: 'Não encontrado neste grupo.', inventario: 'Não encontrado nesta empresa.' };
  const campos = Object.fromEntries((Object.keys(mensagens) as (keyof typeof mensagens)[]).filter((c) => !achados[c]).map((c) => [c, mensagens[c]]));
  if (Object.keys(campos).length) recusarNomeando(campos, (c) => rotulosFiltroRelatorioEstoque[c] ?? c);
}

/**
 * The stock reports over documents (relatorioEstoqueSaidaManual, relatorioEstoqueInventario) and the
 * user choices of the stock reports' filter bars. Group and company from the session; each with its
 * screen's 'ver' permission.
 */
export async function relatoriosDocumentosRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/relatorioEstoqueSaidaManual',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioEstoqueSaidaManual', 'ver')],
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        ...comum,
        summary: 'Saídas manuais do período por motivo, produto, local e usuário: quantidade e valor ao custo, totais por motivo e por produto (estornadas listadas, fora dos totais)',
        body: filtroSaidaManualSchema,
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => {
      const f = lerFiltro(filtroSaidaManualSchema, request.body);
      const s = sessaoDe(request);
      return ok(
        await withTenant(ctx.db, s, async (tx) => {
          await conferirIds(tx, s, f);
          return relatorioSaidaManual(tx, s, f);
        }),
      );
    },
  );

  r.post(
    '/api/relatorioEstoqueInventario',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioEstoqueInventario', 'ver')],
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        ...comum,
        summary: 'Inventários do período com situação e diferença valorizada (sobras e faltas), totais dos aprovados; com inventario, as linhas dele por local',
        body: filtroRelatorioInventarioSchema,
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => {
      const f = lerFiltro(filtroRelatorioInventarioSchema, request.body);
      const s = sessaoDe(request);
      return ok(
        await withTenant(ctx.db, s, async (tx) => {
          await conferirIds(tx, s, f);
          return relatorioInventario(tx, s, f);
        }),
      );
    },
  );

  // The users a stock report's filter offers (the group's, by name), with that report's permission.
  for (const tela of ['relatorioMovimentacaoProdutos', 'relatorioEstoqueSaidaManual']) {
    r.post(
      `/api/${tela}/filtros`,
      {
        preHandler: [requireSession(ctx), exigirPermissao(tela, 'ver')],
        schema: { ...comum, summary: 'Opções dos filtros do relatório de estoque: os usuários do grupo', response: { 200: envelopeOk(z.any()) } },
      },
      async (request) => {
        const s = sessaoDe(request);
        const usuarios = await withTenant(ctx.db, s, (tx) =>
          tx.execute<{ _id: string; nome: string }>(sql`select id as "_id", nome from usuario where grupo_empresarial_id = ${s.grupoEmpresarial} order by ${ordemPt(sql`nome`)}, id`),
        );
        return ok<OpcoesFiltroEstoque>({ usuarios: usuarios.rows });
      },
    );
  }
}
