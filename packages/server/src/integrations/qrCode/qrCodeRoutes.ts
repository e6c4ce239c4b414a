import { configQrCodeSchema, mesaQrCodeSchema, rotuloCampoQr } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError, ok } from '../../plugins/envelope.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { autenticarTerminal } from '../../sales/credencial.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { folhaQrPdf } from './folhaQrPdf.ts';
import { alterarMesa, criarMesa, lerConfig, lerMesas, nomeDaLoja, salvarConfig } from './mesas.ts';
import { atenderChamada, atividadeRecente, pedidosDaMesa } from './pedidoQr.ts';

const tags = ['QR Code'];
const security = [{ sessao: [] }];
const soDocumenta = () => (data: unknown) => ({ value: data });
const TELA = 'qrCode';

const ler = <T extends z.ZodType>(schema: T, corpo: unknown) => lerOuRecusar(schema, corpo, rotuloCampoQr);

const configBody = configQrCodeSchema.extend({ version: z.number().int().nullable().default(null) });
const mesaBody = mesaQrCodeSchema;
const mesaPut = mesaQrCodeSchema.partial().extend({ version: z.number({ error: 'Informe a versão lida da mesa.' }).int(), trocarToken: z.boolean().optional() });
const versaoBody = z.object({ version: z.number({ error: 'Informe a versão lida da mesa.' }).int() });
const params = z.object({ _id: z.string() });

/**
 * The qrCode screen: the company's setup, its tables (tokens made by the server), the printable sheet and
 * the live list of the tables' orders and waiter calls; and, for the POS closing a table's bill (terminal
 * credential), the table's QR orders. The public page's side is qrPublicoRoutes.ts.
 */
export async function qrCodeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ver = { preHandler: [requireSession(ctx), exigirPermissao(TELA, 'ver')] };
  const editar = { preHandler: [requireSession(ctx), exigirPermissao(TELA, 'editar')], validatorCompiler: soDocumenta };

  r.get('/api/qrCode', { ...ver, schema: { tags, security, summary: 'A configuração do QR Code da empresa e suas mesas (com o endereço público de cada uma)' } }, async (request) => {
    const s = sessaoDe(request);
    return ok(
      await withTenant(ctx.db, s, async (tx) => {
        const mesas = await lerMesas(tx, s);
        return { config: await lerConfig(tx, s), mesas: mesas.map((m) => ({ ...m, url: `${ctx.config.appUrl}/q/${m.token}` })) };
      }),
    );
  });

  r.put('/api/qrCode/config', { ...editar, schema: { tags, security, summary: 'Salvar cardápio, tabela de preços, taxa de serviço e se a loja recebe pedidos pelo QR Code', body: configBody } }, async (request) => {
    const s = sessaoDe(request);
    const { version, ...config } = ler(configBody, request.body);
    return ok(await withTenant(ctx.db, s, (tx) => salvarConfig(tx, s, config, version)));
  });

  r.post(
    '/api/qrCode/mesas',
    { preHandler: [requireSession(ctx), exigirPermissao(TELA, 'criar')], validatorCompiler: soDocumenta, schema: { tags, security, summary: 'Nova mesa (o servidor gera o endereço público)', body: mesaBody } },
    async (request, reply) => {
      const s = sessaoDe(request);
      const mesa = ler(mesaBody, request.body);
      return reply.code(201).send(ok(await withTenant(ctx.db, s, (tx) => criarMesa(tx, s, mesa))));
    },
  );

  r.put('/api/qrCode/mesas/:_id', { ...editar, schema: { tags, security, summary: 'Alterar uma mesa; trocarToken gera outro endereço (o QR impresso antes deixa de valer)', params, body: mesaPut } }, async (request) => {
    const s = sessaoDe(request);
    const { version, ...mudanca } = ler(mesaPut, request.body);
    return ok(await withTenant(ctx.db, s, (tx) => alterarMesa(tx, s, (request.params as { _id: string })._id, mudanca, version)));
  });

  r.post(
    '/api/qrCode/mesas/:_id/lixeira',
    { preHandler: [requireSession(ctx), exigirPermissao(TELA, 'lixeira')], validatorCompiler: soDocumenta, schema: { tags, security, summary: 'Mandar a mesa para a lixeira (seu QR deixa de valer; os pedidos ficam)', params, body: versaoBody } },
    async (request) => {
      const s = sessaoDe(request);
      const { version } = ler(versaoBody, request.body);
      return ok(await withTenant(ctx.db, s, (tx) => alterarMesa(tx, s, (request.params as { _id: string })._id, { lixo: true }, version)));
    },
  );

  r.get('/api/qrCode/folha.pdf', { ...ver, schema: { tags, security, summary: 'Folha A4 para imprimir com o QR Code de cada mesa ativa' } }, async (request, reply) => {
    const s = sessaoDe(request);
    const { loja, mesas } = await withTenant(ctx.db, s, async (tx) => ({ loja: await nomeDaLoja(tx, s), mesas: (await lerMesas(tx, s)).filter((m) => m.ativo) }));
    const pdf = await folhaQrPdf(
      loja,
      mesas.map((m) => ({ nome: m.nome, area: m.area, url: `${ctx.config.appUrl}/q/${m.token}` })),
    );
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="qrcodes-mesas.pdf"').send(Buffer.from(pdf));
  });

  r.get('/api/qrCode/atividade', { ...ver, schema: { tags, security, summary: 'Os pedidos e chamadas de garçom das mesas nas últimas 12 horas' } }, async (request) => {
    const s = sessaoDe(request);
    return ok(await withTenant(ctx.db, s, (tx) => atividadeRecente(tx, s)));
  });

  r.get(
    '/api/qrCode/mesas/:numero/pedidos',
    {
      schema: {
        tags,
        security: [{ terminal: [] }],
        summary: 'Os pedidos feitos pelo QR Code de uma mesa desde um momento (padrão: 12 horas), para o PDV fechar a conta',
        params: z.object({ numero: z.string().describe('O número da mesa') }),
        querystring: z.object({ desde: z.string().optional().describe('ISO 8601 com fuso: pedidos a partir deste momento') }),
      },
    },
    async (request) => {
      const t = await autenticarTerminal(ctx.db, request.headers.authorization);
      const numero = Number((request.params as { numero: string }).numero);
      if (!Number.isInteger(numero) || numero < 1 || numero > 9999) throw new HttpError(400, 'Número: informe o número da mesa, de 1 a 9999.');
      const desdeTexto = (request.query as { desde?: string }).desde;
      const desde = desdeTexto ? new Date(desdeTexto) : new Date(Date.now() - 12 * 3600_000);
      if (Number.isNaN(desde.getTime()) || (desdeTexto !== undefined && !/([zZ]|[+-]\d\d:\d\d)$/.test(desdeTexto))) throw new HttpError(400, 'Desde: informe data e hora ISO 8601 com fuso.');
      return ok(await withTenant(ctx.db, t, (tx) => pedidosDaMesa(tx, t, numero, desde)));
    },
  );

  r.post('/api/qrCode/chamadas/:_id/atender', { ...editar, schema: { tags, security, summary: 'Marcar a chamada de garçom como atendida', params } }, async (request) => {
    const s = sessaoDe(request);
    await withTenant(ctx.db, s, (tx) => atenderChamada(tx, s, (request.params as { _id: string })._id, s.usuario));
    return ok({ atendida: true });
  });
}
