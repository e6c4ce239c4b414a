import { formatarNumeroWhatsApp } from '@retaguarda/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { situacoesConversa, whatsappConexao, whatsappConversa, whatsappMensagem } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { naTransacaoDaSessao, registrarRotaDaTela } from '../../resources/rotaDaTela.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { agendarTarefa } from '../../tarefaPeriodica.ts';
import { sha256 } from '../../session/tokens.ts';
import { API_WHATSAPP_PADRAO, cifrarDaConexao, conexaoDoGrupo, enderecoApi } from './conexao.ts';
import { enviarMensagemWhatsApp, FilaWhatsApp, registrarFila, textoVisivel } from './fila.ts';
import { whatsappWebhookRoutes } from './webhookRoutes.ts';

const tela = 'whatsAppPage';
const tag = 'WhatsApp';
const iso = (d: Date | null) => (d ? d.toISOString() : null);
// The field's label is put in front by lerOuRecusar (rotulos below): the messages say only what is wrong.
const segredo = (min: number) => z.string().trim().min(min, `Pelo menos ${min} caracteres.`).max(600, 'No máximo 600 caracteres.');

const conexaoSchema = z
  .object({
    phoneNumberId: z.string({ error: 'Informe o Phone number ID.' }).trim().regex(/^\d{5,30}$/, 'Use só os dígitos do Phone number ID (no painel da Meta).'),
    numeroExibicao: z.string({ error: 'Informe o número.' }).trim().min(8, 'Informe o número com DDD.').max(30, 'No máximo 30 caracteres.'),
    apiUrl: z
      .string()
      .trim()
      .max(200, 'No máximo 200 caracteres.')
      .regex(/^https?:\/\/[^\s]+$/, 'Use um endereço http(s)://.')
      .nullish()
      .or(z.literal('').transform(() => null)),
    accessToken: segredo(20).nullish(),
    appSecret: segredo(16).nullish(),
    verifyToken: segredo(16).nullish(),
    ativo: z.boolean().default(true),
  })
  .strict();
const rotulos: Record<string, string> = {
  phoneNumberId: 'Phone number ID',
  numeroExibicao: 'Número',
  apiUrl: 'Endereço da API',
  accessToken: 'Token de acesso',
  appSecret: 'Chave secreta do app',
  verifyToken: 'Token de verificação',
  texto: 'Texto',
  situacao: 'Situação',
};
const rotulo = (c: string) => rotulos[c] ?? c;
const textoSchema = z.object({ texto: z.string({ error: 'Escreva a mensagem.' }).trim().min(1, 'Escreva a mensagem.').max(4096, 'No máximo 4.096 caracteres.') }).strict();
const situacaoSchema = z.object({ situacao: z.enum(situacoesConversa, { error: 'Situação: aberta, aguardando ou encerrada.' }) }).strict();

const idDe = (request: FastifyRequest) => (request.params as { _id: string })._id;

/**
 * whatsAppPage (issue 17): the robot's connection (secrets set, never read back), its conversations
 * (state, last message, unread), a conversation's messages and the reply box; the queue that sends the
 * outgoing messages (now after their commit, and every 15 s for the due retries, also after a restart);
 * the Cloud API's webhook (webhookRoutes.ts).
 */
export async function whatsappRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const fila = new FilaWhatsApp(ctx.db, ctx.chaveSegredos, app.log);
  registrarFila(ctx, fila);
  agendarTarefa(app, { primeiraMs: 5_000, intervaloMs: 15_000, falha: 'Falha na fila do WhatsApp' }, async () => {
    while ((await fila.processar()) > 0);
  });
  app.addHook('onClose', async () => fila.aguardar());
  await app.register(whatsappWebhookRoutes, ctx);

  registrarRotaDaTela(app, ctx, { metodo: 'get', url: '/api/whatsApp/conexao', telas: [tela], acao: 'ver', tag, summary: 'O robô do grupo: número, endereço da API, se os segredos estão definidos (nunca os segredos)' }, (request) =>
    naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const c = await conexaoDoGrupo(tx, a.grupoEmpresarial);
      return {
        configurada: !!c,
        phoneNumberId: c?.phoneNumberId ?? null,
        numeroExibicao: c?.numeroExibicao ?? null,
        apiUrl: c?.apiUrl ?? null,
        apiUrlEfetiva: c ? enderecoApi(c) : enderecoApi({ apiUrl: null }),
        apiUrlPadrao: API_WHATSAPP_PADRAO,
        ativo: c?.ativo ?? false,
        segredosDefinidos: !!c,
        alteradaEm: iso(c?.updatedAt ?? null),
        webhook: `${ctx.config.appUrl}/api/integracoes/whatsapp/webhook`,
      };
    }),
  );

  registrarRotaDaTela(app, ctx, { metodo: 'put', url: '/api/whatsApp/conexao', telas: [tela], acao: 'editar', tag, summary: 'Conectar o robô (Cloud API): os segredos são obrigatórios na primeira vez e, depois, só trocados quando enviados', body: conexaoSchema }, async (request) => {
    const b = lerOuRecusar(conexaoSchema, request.body, rotulo, { padrao: 'phoneNumberId' });
    const chave = ctx.chaveSegredos();
    return naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const atual = await conexaoDoGrupo(tx, a.grupoEmpresarial);
      if (!atual) {
        const faltando = (['accessToken', 'appSecret', 'verifyToken'] as const).find((c) => !b[c]);
        if (faltando) throw new HttpError(400, `${rotulo(faltando)}: informe-o para conectar o robô.`, {}, { [faltando]: 'Informe-o para conectar o robô.' });
      }
      const segredos = {
        ...(b.accessToken ? { tokenCifrado: cifrarDaConexao(chave, a.grupoEmpresarial, 'token', b.accessToken) } : {}),
        ...(b.appSecret ? { appSecretCifrado: cifrarDaConexao(chave, a.grupoEmpresarial, 'appSecret', b.appSecret) } : {}),
        ...(b.verifyToken ? { verifyTokenHash: sha256(b.verifyToken) } : {}),
      };
      const campos = { phoneNumberId: b.phoneNumberId, numeroExibicao: b.numeroExibicao, apiUrl: b.apiUrl ?? null, ativo: b.ativo, alteradoPor: a.usuario };
      if (atual)
        await tx
          .update(whatsappConexao)
          .set({ ...campos, ...segredos, version: sql`${whatsappConexao.version} + 1` })
          .where(and(eq(whatsappConexao.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappConexao.id, atual.id)));
      else await tx.insert(whatsappConexao).values({ grupoEmpresarialId: a.grupoEmpresarial, ...campos, tokenCifrado: segredos.tokenCifrado!, appSecretCifrado: segredos.appSecretCifrado!, verifyTokenHash: segredos.verifyTokenHash! });
      return { configurada: true, ativo: b.ativo };
    });
  });

  registrarRotaDaTela(app, ctx, { metodo: 'get', url: '/api/whatsApp/conversas', telas: [tela], acao: 'ver', tag, summary: 'Conversas, a mais recente primeiro (?situacao=aberta|aguardando|encerrada), com a última mensagem e as não lidas' }, (request) => {
    const q = request.query as { situacao?: string };
    const situacao = q.situacao && (situacoesConversa as readonly string[]).includes(q.situacao) ? q.situacao : null;
    return naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const linhas = await tx
        .select()
        .from(whatsappConversa)
        .where(and(eq(whatsappConversa.grupoEmpresarialId, a.grupoEmpresarial), situacao ? eq(whatsappConversa.situacao, situacao as 'aberta') : undefined))
        .orderBy(desc(whatsappConversa.ultimaMensagemEm))
        .limit(200);
      const [contagem] = (
        await tx.execute<{ aberta: number; aguardando: number; encerrada: number; pendentes: number; falhas: number }>(sql`
          select count(*) filter (where situacao = 'aberta')::int aberta, count(*) filter (where situacao = 'aguardando')::int aguardando,
                 count(*) filter (where situacao = 'encerrada')::int encerrada,
                 (select count(*)::int from whatsapp_mensagem where grupo_empresarial_id = ${a.grupoEmpresarial} and situacao = 'pendente') pendentes,
                 (select count(*)::int from whatsapp_mensagem where grupo_empresarial_id = ${a.grupoEmpresarial} and situacao = 'falhou') falhas
          from whatsapp_conversa where grupo_empresarial_id = ${a.grupoEmpresarial}`)
      ).rows;
      return {
        contagem: contagem!,
        conversas: linhas.map((c) => ({ _id: c.id, numero: c.numero, numeroFormatado: formatarNumeroWhatsApp(c.numero), nome: c.nome, situacao: c.situacao, ultimaMensagem: c.ultimaMensagem, ultimaMensagemEm: c.ultimaMensagemEm.toISOString(), naoLidas: c.naoLidas })),
      };
    });
  });

  registrarRotaDaTela(app, ctx, { metodo: 'get', url: '/api/whatsApp/conversas/:_id', telas: [tela], acao: 'ver', tag, summary: 'Uma conversa e as suas últimas 300 mensagens, a mais antiga primeiro, com a situação de cada envio' }, (request) =>
    naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const [c] = await tx.select().from(whatsappConversa).where(and(eq(whatsappConversa.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappConversa.id, idDe(request))));
      if (!c) throw new HttpError(404, 'Conversa não encontrada.');
      const mensagens = await tx
        .select()
        .from(whatsappMensagem)
        .where(and(eq(whatsappMensagem.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappMensagem.conversaId, c.id)))
        .orderBy(desc(whatsappMensagem.createdAt), desc(whatsappMensagem.id))
        .limit(300);
      return {
        _id: c.id,
        numero: c.numero,
        numeroFormatado: formatarNumeroWhatsApp(c.numero),
        nome: c.nome,
        situacao: c.situacao,
        naoLidas: c.naoLidas,
        mensagens: mensagens.reverse().map((m) => ({
          _id: m.id,
          direcao: m.direcao,
          tipo: m.tipo,
          texto: textoVisivel(m),
          situacao: m.situacao,
          origem: m.origem,
          em: m.createdAt.toISOString(),
          situacaoEm: iso(m.situacaoEm),
          tentativas: m.tentativas,
          proximaTentativaEm: iso(m.proximaTentativaEm),
          erro: m.ultimoErro,
        })),
      };
    }),
  );

  registrarRotaDaTela(app, ctx, { metodo: 'post', url: '/api/whatsApp/conversas/:_id/lida', telas: [tela], acao: 'ver', tag, summary: 'Marca a conversa como lida (zera as não lidas)' }, (request) =>
    naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const r = await tx
        .update(whatsappConversa)
        .set({ naoLidas: 0 })
        .where(and(eq(whatsappConversa.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappConversa.id, idDe(request))))
        .returning({ id: whatsappConversa.id });
      if (!r.length) throw new HttpError(404, 'Conversa não encontrada.');
      return { naoLidas: 0 };
    }),
  );

  registrarRotaDaTela(app, ctx, { metodo: 'post', url: '/api/whatsApp/conversas/:_id/situacao', telas: [tela], acao: 'editar', tag, summary: 'Encerrar ou reabrir uma conversa', body: situacaoSchema }, (request) => {
    const { situacao } = lerOuRecusar(situacaoSchema, request.body, rotulo, { padrao: 'situacao' });
    return naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const r = await tx
        .update(whatsappConversa)
        .set({ situacao, version: sql`${whatsappConversa.version} + 1` })
        .where(and(eq(whatsappConversa.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappConversa.id, idDe(request))))
        .returning({ id: whatsappConversa.id });
      if (!r.length) throw new HttpError(404, 'Conversa não encontrada.');
      return { situacao };
    });
  });

  registrarRotaDaTela(app, ctx, { metodo: 'post', url: '/api/whatsApp/conversas/:_id/mensagens', telas: [tela], acao: 'editar', tag, status: 201, summary: 'Responder: a mensagem entra na fila (pendente) e sai em seguida; uma falha é tentada de novo', body: textoSchema }, async (request) => {
    const { texto } = lerOuRecusar(textoSchema, request.body, rotulo, { padrao: 'texto' });
    const m = await naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const [c] = await tx.select({ numero: whatsappConversa.numero }).from(whatsappConversa).where(and(eq(whatsappConversa.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappConversa.id, idDe(request))));
      if (!c) throw new HttpError(404, 'Conversa não encontrada.');
      const nova = await enviarMensagemWhatsApp(tx, a.grupoEmpresarial, c.numero, texto, { origem: 'manual', autor: a.usuario });
      // Answered: nothing unread left behind.
      await tx.update(whatsappConversa).set({ naoLidas: 0 }).where(and(eq(whatsappConversa.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappConversa.id, nova.conversa)));
      return nova;
    });
    fila.enviarAgora([m.id]);
    return { _id: m.id, situacao: 'pendente' as const };
  });

  registrarRotaDaTela(app, ctx, { metodo: 'post', url: '/api/whatsApp/mensagens/:_id/tentar', telas: [tela], acao: 'editar', tag, summary: 'Tentar de novo agora uma mensagem na fila ou que falhou (as tentativas recomeçam)' }, async (request) => {
    const id = idDe(request);
    await naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const [m] = await tx.select({ situacao: whatsappMensagem.situacao, direcao: whatsappMensagem.direcao }).from(whatsappMensagem).where(and(eq(whatsappMensagem.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappMensagem.id, id)));
      if (!m || m.direcao !== 'saida') throw new HttpError(404, 'Mensagem não encontrada.');
      if (m.situacao !== 'pendente' && m.situacao !== 'falhou') throw new HttpError(409, 'Esta mensagem já foi enviada.');
      await tx
        .update(whatsappMensagem)
        .set({ situacao: 'pendente', tentativas: 0, proximaTentativaEm: new Date(), version: sql`${whatsappMensagem.version} + 1` })
        .where(and(eq(whatsappMensagem.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappMensagem.id, id)));
    });
    // Waited for, so the answer says how it went.
    await fila.processar({ ids: [id] });
    return naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const [m] = await tx.select({ situacao: whatsappMensagem.situacao, erro: whatsappMensagem.ultimoErro }).from(whatsappMensagem).where(and(eq(whatsappMensagem.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappMensagem.id, id)));
      return { _id: id, situacao: m!.situacao, erro: m!.erro };
    });
  });
}
