import { CANAL_PROPRIO, situacoesLojaDelivery } from '@retaguarda/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { deliveryProprioRoutes } from './proprioRoutes.ts';
import { deliveryMapa, deliveryOauth, deliveryPedido, deliveryRepasse, deliveryRetorno, deliverySegredo, registro } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../../plugins/envelope.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { cifrarSegredo, integracaoDaEmpresa } from './integracao.ts';
import { aceitarPedido, avisarAndamento, recusarPedido } from './pedidos.ts';
import { despacharRetornos, type EventoRetorno } from './retorno.ts';
import { cifrarClienteOauth, clienteOauth } from './tokenMarketplace.ts';
import { enfileirarSituacaoLoja, gravarSituacaoLoja, reabrirPausasVencidas, type AvisoLoja } from './situacaoLoja.ts';
import { agendarTarefa } from '../../tarefaPeriodica.ts';
import { registrarSegredoDaTela } from '../../resources/segredoDaTela.ts';

const tags = ['Integração com delivery'];
const security = [{ sessao: [] }];
const tela = 'appIntegracaoDelivery';
const params = z.object({ _id: z.string() });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const repasseSchema = z.object({ bruto: z.number(), comissao: z.number(), taxaEntrega: z.number(), campanhas: z.number(), subsidio: z.number(), liquido: z.number() });
const pedidoSchema = z.object({
  _id: z.string(),
  integracao: z.string(),
  integracaoDescricao: z.string(),
  provedor: z.string(),
  pedidoExterno: z.string(),
  codigo: z.string(),
  cliente: z.string().nullable(),
  criadoEm: z.string(),
  situacao: z.enum(['recebido', 'aceito', 'recusado', 'cancelado']),
  itens: z.array(z.object({ id: z.string(), nome: z.string(), quantidade: z.string(), precoUnitario: z.number(), mapeado: z.boolean() })),
  venda: z.string().nullable(),
  motivo: z.string().nullable(),
  decididoEm: z.string().nullable(),
  repasse: repasseSchema.nullable(),
  /** What we told the marketplace about it (retorno.ts): each status, sent, waiting (with the last error) or given up. */
  retornos: z.array(z.object({ evento: z.enum(['aceito', 'recusado', 'pronto', 'despachado']), situacao: z.enum(['enviado', 'pendente', 'desistido']), erro: z.string().nullable() })),
});

/**
 * The screen's side of the delivery integrations (the records themselves are the resource engine's):
 * the webhook secret (set, never read back), the store's status switch, the item mapping with the items
 * of received orders still unmapped, and the orders with accept / refuse.
 */
export async function deliveryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** After the decision's commit: its status goes to the marketplace now; a failure is retried by the task below. */
  const avisarMarketplace = () => void despacharRetornos(ctx).catch((error: unknown) => app.log.error({ err: error }, 'Falha ao devolver status ao marketplace'));

  registrarSegredoDaTela(app, ctx, {
    url: '/api/appIntegracaoDelivery/:_id/segredo',
    tela,
    tag: tags[0]!,
    resumo: { ver: 'Se o segredo do webhook está definido (nunca o segredo)', definir: 'Definir o segredo com que o marketplace assina os webhooks (guardado cifrado)' },
    corpo: z.object({ segredo: z.string({ error: 'Informe o segredo.' }).trim().min(16, 'O segredo tem pelo menos 16 caracteres.').max(200, 'No máximo 200 caracteres.') }).strict(),
    rotulo: (c) => (c === 'segredo' ? 'Segredo' : c),
    padrao: 'segredo',
    async definidoEm(tx, a, id) {
      const i = await integracaoDaEmpresa(tx, a, id);
      const [row] = await tx.select({ em: deliverySegredo.definidoEm }).from(deliverySegredo).where(and(eq(deliverySegredo.grupoEmpresarialId, a.grupoEmpresarial), eq(deliverySegredo.integracaoId, i.id)));
      return row?.em ?? null;
    },
    async gravar(tx, a, id, { segredo }, agora) {
      const i = await integracaoDaEmpresa(tx, a, id);
      const segredoCifrado = cifrarSegredo(ctx.chaveSegredos(), i, segredo);
      await tx
        .insert(deliverySegredo)
        .values({ grupoEmpresarialId: a.grupoEmpresarial, integracaoId: i.id, segredoCifrado, definidoEm: agora, definidoPor: a.usuario })
        .onConflictDoUpdate({ target: [deliverySegredo.grupoEmpresarialId, deliverySegredo.integracaoId], set: { segredoCifrado, definidoEm: agora, definidoPor: a.usuario } });
    },
  });

  registrarSegredoDaTela(app, ctx, {
    url: '/api/appIntegracaoDelivery/:_id/oauth',
    tela,
    tag: tags[0]!,
    resumo: {
      ver: 'Se o cliente OAuth do marketplace (iFood) está definido (nunca o client id nem o segredo)',
      definir: 'Definir o client id e o client secret que o iFood emitiu: as chamadas ao marketplace levam um token OAuth 2 (client credentials) em vez da assinatura HMAC (guardados cifrados)',
    },
    corpo: z
      .object({
        clientId: z.string({ error: 'Informe o client id.' }).trim().min(1, 'Informe o client id.').max(200, 'Client id: no máximo 200 caracteres.'),
        clientSecret: z.string({ error: 'Informe o client secret.' }).trim().min(8, 'O client secret tem pelo menos 8 caracteres.').max(400, 'Client secret: no máximo 400 caracteres.'),
      })
      .strict(),
    rotulo: (c) => ({ clientId: 'Client id', clientSecret: 'Client secret' })[c] ?? c,
    padrao: 'clientId',
    async definidoEm(tx, a, id) {
      return (await clienteOauth(tx, await integracaoDaEmpresa(tx, a, id)))?.definidoEm ?? null;
    },
    async gravar(tx, a, id, { clientId, clientSecret }, agora) {
      const i = await integracaoDaEmpresa(tx, a, id);
      if (i.provedor !== 'iFood') throw new HttpError(400, 'Client id: só integrações iFood usam OAuth; a genérica assina as chamadas com o segredo do webhook (HMAC).', {}, { clientId: 'Só integrações iFood usam OAuth.' });
      const cifrado = cifrarClienteOauth(ctx.chaveSegredos(), i, clientId, clientSecret);
      await tx
        .insert(deliveryOauth)
        .values({ grupoEmpresarialId: a.grupoEmpresarial, integracaoId: i.id, ...cifrado, definidoEm: agora, definidoPor: a.usuario })
        .onConflictDoUpdate({ target: [deliveryOauth.grupoEmpresarialId, deliveryOauth.integracaoId], set: { ...cifrado, definidoEm: agora, definidoPor: a.usuario } });
    },
  });

  r.post(
    '/api/appIntegracaoDelivery/:_id/loja',
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'editar')],
      schema: {
        tags,
        security,
        summary: 'Abrir, fechar ou pausar (com o motivo) a loja neste marketplace',
        params,
        body: z
          .object({
            situacao: z.enum(situacoesLojaDelivery, { error: `Situação: ${situacoesLojaDelivery.join(', ')}.` }),
            motivo: z.string().trim().max(120, 'No máximo 120 caracteres.').nullish(),
            /** A pause's length: the store reopens by itself after it (and the marketplace is told). */
            minutos: z.number({ error: 'Minutos da pausa: informe um número inteiro.' }).int('Minutos da pausa: informe um número inteiro.').min(5, 'Minutos da pausa: no mínimo 5.').max(720, 'Minutos da pausa: no máximo 720 (12 horas).').nullish(),
          })
          .strict()
          .refine((b) => b.situacao !== 'Pausada' || !!b.motivo, { path: ['motivo'], message: 'Informe o motivo da pausa.' }),
        response: { 200: envelopeOk(z.object({ situacaoLoja: z.enum(situacoesLojaDelivery), motivoPausa: z.string().nullable(), ate: z.string().nullable() })) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const { situacao, motivo, minutos } = request.body;
      const motivoPausa = situacao === 'Pausada' ? motivo! : null;
      const ate = situacao === 'Pausada' && minutos ? new Date(Date.now() + minutos * 60_000).toISOString() : null;
      const feito = await withTenant(ctx.db, s, async (tx) => {
        const i = await integracaoDaEmpresa(tx, s, request.params._id);
        await gravarSituacaoLoja(tx, i, situacao, motivoPausa);
        // In the change's transaction: the marketplace is told what was committed, even after a restart.
        await enfileirarSituacaoLoja(tx, i, { situacao, motivo: motivoPausa, ate });
        return { situacaoLoja: situacao, motivoPausa, ate };
      });
      avisarMarketplace();
      return ok(feito);
    },
  );

  r.get(
    '/api/appIntegracaoDelivery/avisosLoja',
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'ver')],
      schema: {
        tags,
        security,
        summary: 'O que cada marketplace da loja ativa ouviu por último sobre a situação da loja, e quando (ou se ainda está para reenviar)',
        response: {
          200: envelopeOk(
            z.array(
              z.object({
                integracao: z.string(),
                situacao: z.enum(situacoesLojaDelivery),
                motivo: z.string().nullable(),
                ate: z.string().nullable(),
                estado: z.enum(['enviado', 'pendente', 'desistido', 'semChamada']),
                em: z.string(),
                erro: z.string().nullable(),
                tentativas: z.number(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      return withTenant(ctx.db, s, async (tx) => {
        const linhas = await tx.execute<{ integracao: string; loja: AvisoLoja; enviado_em: string | null; desistiu_em: string | null; created_at: string; ultimo_erro: string | null; tentativas: number }>(sql`
          select distinct on (integracao_id) integracao_id integracao, loja, enviado_em::text, desistiu_em::text, created_at::text, ultimo_erro, tentativas
            from delivery_retorno where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${s.empresa} and evento = 'loja'
           order by integracao_id, created_at desc, id desc`);
        return ok(
          linhas.rows.map((l) => {
            const estado = l.loja.semChamada ? ('semChamada' as const) : l.enviado_em ? ('enviado' as const) : l.desistiu_em ? ('desistido' as const) : ('pendente' as const);
            return {
              integracao: l.integracao,
              situacao: l.loja.situacao,
              motivo: l.loja.motivo,
              ate: l.loja.ate,
              estado,
              em: new Date(l.enviado_em ?? l.desistiu_em ?? l.created_at).toISOString(),
              erro: estado === 'enviado' || estado === 'semChamada' ? null : l.ultimo_erro,
              tentativas: l.tentativas,
            };
          }),
        );
      });
    },
  );

  r.get(
    '/api/appIntegracaoDelivery/:_id/mapa',
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'ver')],
      schema: {
        tags,
        security,
        summary: 'Itens do marketplace ligados a produtos, e os itens de pedidos recebidos ainda sem produto',
        params,
        response: {
          200: envelopeOk(
            z.object({
              mapeados: z.array(z.object({ itemExterno: z.string(), descricaoExterna: z.string(), produto: z.string(), produtoDescricao: z.string().nullable() })),
              naoMapeados: z.array(z.object({ itemExterno: z.string(), descricaoExterna: z.string(), pedidos: z.number() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      return withTenant(ctx.db, s, async (tx) => {
        const i = await integracaoDaEmpresa(tx, s, request.params._id);
        // The own page's items are our products already: nothing to map.
        if (i.provedor === CANAL_PROPRIO) return ok({ mapeados: [], naoMapeados: [] });
        const mapeados = await tx
          .select({ itemExterno: deliveryMapa.itemExterno, descricaoExterna: deliveryMapa.descricaoExterna, produto: deliveryMapa.produtoId, produtoDescricao: sql<string | null>`${registro.dados}->>'descricao'` })
          .from(deliveryMapa)
          .leftJoin(registro, and(eq(registro.grupoEmpresarialId, deliveryMapa.grupoEmpresarialId), eq(registro.id, deliveryMapa.produtoId)))
          .where(and(eq(deliveryMapa.grupoEmpresarialId, s.grupoEmpresarial), eq(deliveryMapa.integracaoId, i.id)))
          .orderBy(deliveryMapa.descricaoExterna);
        const naoMapeados = await tx.execute<{ itemExterno: string; descricaoExterna: string; pedidos: number }>(sql`
          select x.item->>'id' as "itemExterno", min(x.item->>'nome') as "descricaoExterna", count(distinct x.pedido)::int as pedidos
            from (select p.id as pedido, jsonb_array_elements(p.itens) as item from ${deliveryPedido} p
                   where p.grupo_empresarial_id = ${s.grupoEmpresarial} and p.integracao_id = ${i.id}) x
           where not exists (select 1 from ${deliveryMapa} m where m.grupo_empresarial_id = ${s.grupoEmpresarial} and m.integracao_id = ${i.id} and m.item_externo = x.item->>'id')
           group by x.item->>'id' order by 2`);
        return ok({ mapeados, naoMapeados: naoMapeados.rows });
      });
    },
  );

  r.put(
    '/api/appIntegracaoDelivery/:_id/mapa',
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'editar')],
      schema: {
        tags,
        security,
        summary: 'Ligar um item do marketplace a um produto (ou trocar o produto)',
        params,
        body: z
          .object({
            itemExterno: z.string({ error: 'Informe o item do marketplace.' }).trim().min(1, 'Informe o item do marketplace.').max(80),
            descricaoExterna: z.string({ error: 'Informe o nome do item.' }).trim().min(1, 'Informe o nome do item.').max(120),
            produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
          })
          .strict(),
        response: { 200: envelopeOk(z.object({ itemExterno: z.string(), produto: z.string() })) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const b = request.body;
      return withTenant(ctx.db, s, async (tx) => {
        const i = await integracaoDaEmpresa(tx, s, request.params._id);
        const [produto] = await tx
          .select({ id: registro.id })
          .from(registro)
          .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, 'produtoGeral'), eq(registro.id, b.produto), eq(registro.lixo, false)));
        if (!produto) throw new HttpError(400, 'Produto: não encontrado.', {}, { produto: 'Produto não encontrado.' });
        await tx
          .insert(deliveryMapa)
          .values({ grupoEmpresarialId: s.grupoEmpresarial, integracaoId: i.id, itemExterno: b.itemExterno, descricaoExterna: b.descricaoExterna, produtoId: b.produto })
          .onConflictDoUpdate({
            target: [deliveryMapa.grupoEmpresarialId, deliveryMapa.integracaoId, deliveryMapa.itemExterno],
            set: { produtoId: b.produto, descricaoExterna: b.descricaoExterna, version: sql`${deliveryMapa.version} + 1` },
          });
        return ok({ itemExterno: b.itemExterno, produto: b.produto });
      });
    },
  );

  r.get(
    '/api/appIntegracaoDelivery/pedidos',
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'ver')],
      schema: {
        tags,
        security,
        summary: 'Pedidos recebidos dos marketplaces pela loja ativa (os 200 mais recentes), com a situação e o repasse',
        querystring: z.object({ situacao: z.enum(['recebido', 'aceito', 'recusado', 'cancelado']).optional() }),
        response: { 200: envelopeOk(z.array(pedidoSchema)) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const situacao = request.query.situacao;
      return withTenant(ctx.db, s, async (tx) => {
        const linhas = await tx
          .select({ p: deliveryPedido, r: deliveryRepasse, integracao: registro.dados })
          .from(deliveryPedido)
          .leftJoin(deliveryRepasse, and(eq(deliveryRepasse.grupoEmpresarialId, deliveryPedido.grupoEmpresarialId), eq(deliveryRepasse.pedidoId, deliveryPedido.id)))
          .leftJoin(registro, and(eq(registro.grupoEmpresarialId, deliveryPedido.grupoEmpresarialId), eq(registro.id, deliveryPedido.integracaoId)))
          .where(and(eq(deliveryPedido.grupoEmpresarialId, s.grupoEmpresarial), eq(deliveryPedido.empresaId, s.empresa), situacao ? eq(deliveryPedido.situacao, situacao) : undefined))
          .orderBy(desc(deliveryPedido.criadoEm))
          .limit(200);
        const mapas = await tx
          .select({ integracao: deliveryMapa.integracaoId, item: deliveryMapa.itemExterno })
          .from(deliveryMapa)
          .where(eq(deliveryMapa.grupoEmpresarialId, s.grupoEmpresarial));
        const mapeado = new Set(mapas.map((m) => `${m.integracao}\u0000${m.item}`));
        const ids = linhas.map(({ p }) => p.id);
        const retornos = ids.length
          ? await tx
              .select({ pedido: deliveryRetorno.pedidoId, evento: deliveryRetorno.evento, enviadoEm: deliveryRetorno.enviadoEm, desistiuEm: deliveryRetorno.desistiuEm, erro: deliveryRetorno.ultimoErro })
              .from(deliveryRetorno)
              .where(and(eq(deliveryRetorno.grupoEmpresarialId, s.grupoEmpresarial), inArray(deliveryRetorno.pedidoId, ids)))
              .orderBy(deliveryRetorno.createdAt)
          : [];
        return ok(
          linhas.map(({ p, r, integracao }) => ({
            _id: p.id,
            integracao: p.integracaoId,
            integracaoDescricao: String(integracao?.descricao ?? ''),
            provedor: String(integracao?.provedor ?? ''),
            pedidoExterno: p.pedidoExterno,
            codigo: p.codigo,
            cliente: p.cliente,
            criadoEm: p.criadoEm.toISOString(),
            situacao: p.situacao,
            itens: p.itens.map((x) => ({ id: x.id, nome: x.nome, quantidade: x.quantidade, precoUnitario: x.precoUnitario, mapeado: Boolean(p.pedido.proprio) || mapeado.has(`${p.integracaoId}\u0000${x.id}`) })),
            venda: p.vendaId,
            motivo: p.motivo,
            decididoEm: iso(p.decididoEm),
            repasse: r ? { bruto: r.bruto, comissao: r.comissao, taxaEntrega: r.taxaEntrega, campanhas: r.campanhas, subsidio: r.subsidio, liquido: r.liquido } : null,
            retornos: retornos
              .filter((x) => x.pedido === p.id)
              .map((x) => ({ evento: x.evento as EventoRetorno, situacao: x.enviadoEm ? ('enviado' as const) : x.desistiuEm ? ('desistido' as const) : ('pendente' as const), erro: x.enviadoEm ? null : x.erro })),
          })),
        );
      });
    },
  );

  r.post(
    '/api/appIntegracaoDelivery/pedidos/:_id/aceitar',
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'editar')],
      schema: {
        tags,
        security,
        summary: 'Aceitar o pedido: vira venda (estoque, recebíveis, cozinha) pela mesma ingestão dos terminais',
        params,
        response: { 200: envelopeOk(z.object({ _id: z.string(), situacao: z.literal('aceito'), venda: z.string(), total: z.number() })) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const aceito = await withTenant(ctx.db, s, (tx) => aceitarPedido(tx, s, request.params._id, (id) => integracaoDaEmpresa(tx, s, id)));
      avisarMarketplace();
      return ok(aceito);
    },
  );

  r.post(
    '/api/appIntegracaoDelivery/pedidos/:_id/recusar',
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'editar')],
      schema: {
        tags,
        security,
        summary: 'Recusar o pedido, com o motivo',
        params,
        body: z.object({ motivo: z.string({ error: 'Informe o motivo da recusa.' }).trim().min(1, 'Informe o motivo da recusa.').max(200, 'No máximo 200 caracteres.') }).strict(),
        response: { 200: envelopeOk(z.object({ _id: z.string(), situacao: z.literal('recusado') })) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const recusado = await withTenant(ctx.db, s, (tx) => recusarPedido(tx, s, request.params._id, request.body.motivo, (id) => integracaoDaEmpresa(tx, s, id)));
      avisarMarketplace();
      return ok(recusado);
    },
  );

  for (const [acao, evento, resumo] of [
    ['pronto', 'pronto', 'Avisar o marketplace que o pedido aceito está pronto para retirada'],
    ['despachar', 'despachado', 'Avisar o marketplace que o pedido aceito saiu para entrega'],
  ] as const) {
    r.post(
      `/api/appIntegracaoDelivery/pedidos/:_id/${acao}`,
      {
        preHandler: [requireSession(ctx), exigirPermissao(tela, 'editar')],
        schema: { tags, security, summary: resumo, params, response: { 200: envelopeOk(z.object({ _id: z.string(), evento: z.literal(evento) })) } },
      },
      async (request) => {
        const s = sessaoDe(request);
        const feito = await withTenant(ctx.db, s, (tx) => avisarAndamento(tx, s, request.params._id, evento, (id) => integracaoDaEmpresa(tx, s, id)));
        avisarMarketplace();
        return ok(feito);
      },
    );
  }

  // Statuses left for later (the marketplace was down, or the server restarted before sending).
  // Pauses past their end reopen first, so their Aberta leaves in the same round.
  agendarTarefa(app, { primeiraMs: 5_000, intervaloMs: 30_000, falha: 'Falha ao devolver status aos marketplaces de delivery' }, async () => {
    await reabrirPausasVencidas(ctx.db);
    await despacharRetornos(ctx);
  });

  // The own page's public side (/d/<token>): its orders end up in this integration's list above.
  await deliveryProprioRoutes(app, ctx);
}
