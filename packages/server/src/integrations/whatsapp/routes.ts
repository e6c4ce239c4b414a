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
import { withTenant } from '../../db/tenant.ts';
import { exigirAlgumaPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { guardarArquivo } from '../../storage/guardarArquivo.ts';
import { arquivo } from '../../db/schema/index.ts';
import { API_WHATSAPP_PADRAO, cifrarDaConexao, conexaoDoGrupo, enderecoApi } from './conexao.ts';
import { situacaoDosEnvios } from './envios.ts';
import { enviarMensagemWhatsApp, FilaWhatsApp, registrarFila, textoVisivel } from './fila.ts';
import { exigirJanelaAberta, janelaDaConversa } from './janela.ts';
import { arquivoParaEnvio, LIMITE_ENVIO, TIPOS_ENVIO } from './midia.ts';
import { aprovado, atualizarModelos, gravarModelos, modeloParaEnvio } from './modelos.ts';
import { whatsappWebhookRoutes } from './webhookRoutes.ts';

const tela = 'whatsAppPage';
const tag = 'WhatsApp';
const iso = (d: Date | null) => (d ? d.toISOString() : null);
// The field's label is put in front by lerOuRecusar (rotulos below): the messages say only what is wrong.
const segredo = (min: number) => z.string().trim().min(min, `Pelo menos ${min} caracteres.`).max(600, 'No máximo 600 caracteres.');

const conexaoSchema = z
  .object({
    phoneNumberId: z.string({ error: 'Informe o Phone number ID.' }).trim().regex(/^\d{5,30}$/, 'Use só os dígitos do Phone number ID (no painel da Meta).'),
    wabaId: z
      .string()
      .trim()
      .regex(/^\d{5,30}$/, 'Use só os dígitos do WABA ID (no painel da Meta).')
      .nullish()
      .or(z.literal('').transform(() => null)),
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
  wabaId: 'WABA ID',
  nome: 'Modelo',
  idioma: 'Idioma',
  parametros: 'Parâmetros',
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
const modeloSchema = z
  .object({
    nome: z.string({ error: 'Escolha o modelo.' }).trim().min(1, 'Escolha o modelo.').max(512),
    idioma: z.string({ error: 'Informe o idioma.' }).trim().min(2, 'Informe o idioma.').max(15),
    parametros: z.array(z.string().max(1024, 'No máximo 1.024 caracteres.'), { error: 'Informe os parâmetros.' }).max(20).default([]),
  })
  .strict();
const situacaoSchema = z.object({ situacao: z.enum(situacoesConversa, { error: 'Situação: aberta, aguardando ou encerrada.' }) }).strict();

const idDe = (request: FastifyRequest) => (request.params as { _id: string })._id;

/**
 * whatsAppPage (issue 17): the robot's connection (secrets set, never read back), its conversations
 * (state, last message, unread), a conversation's messages and the reply box; the queue that sends the
 * outgoing messages (now after their commit, and every 15 s for the due retries, also after a restart);
 * the Cloud API's webhook (webhookRoutes.ts).
 */
export async function whatsappRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const fila = new FilaWhatsApp(ctx.db, ctx.chaveSegredos, app.log, ctx.armazenamento);
  // Encapsulated: only these routes take a file as the body (the reply box's image or PDF).
  app.addContentTypeParser(Object.keys(TIPOS_ENVIO), { parseAs: 'buffer', bodyLimit: LIMITE_ENVIO }, (_req, body, done) => done(null, body));
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
        wabaId: c?.wabaId ?? null,
        envios: await situacaoDosEnvios(tx, a.grupoEmpresarial),
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
      const campos = { phoneNumberId: b.phoneNumberId, wabaId: b.wabaId ?? null, numeroExibicao: b.numeroExibicao, apiUrl: b.apiUrl ?? null, ativo: b.ativo, alteradoPor: a.usuario };
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
        janela: await janelaDaConversa(tx, a.grupoEmpresarial, c.id),
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
          midia: m.midia ? { tipo: m.midia.tipo, mime: m.midia.mime, nome: m.midia.nome, tamanho: m.midia.tamanho, disponivel: !!m.midia.arquivo, erro: m.midia.erro } : null,
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
      await exigirJanelaAberta(tx, a.grupoEmpresarial, idDe(request));
      const nova = await enviarMensagemWhatsApp(tx, a.grupoEmpresarial, c.numero, texto, { origem: 'manual', autor: a.usuario });
      // Answered: nothing unread left behind.
      await tx.update(whatsappConversa).set({ naoLidas: 0 }).where(and(eq(whatsappConversa.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappConversa.id, nova.conversa)));
      return nova;
    });
    return { _id: m.id, situacao: 'pendente' as const };
  });

  registrarRotaDaTela(app, ctx, { metodo: 'post', url: '/api/whatsApp/mensagens/:_id/tentar', telas: [tela], acao: 'editar', tag, summary: 'Tentar de novo agora uma mensagem na fila ou que falhou (as tentativas recomeçam)' }, async (request) => {
    const id = idDe(request);
    await naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const [m] = await tx
        .select({ situacao: whatsappMensagem.situacao, direcao: whatsappMensagem.direcao, tipo: whatsappMensagem.tipo, conversa: whatsappMensagem.conversaId })
        .from(whatsappMensagem)
        .where(and(eq(whatsappMensagem.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappMensagem.id, id)));
      if (!m || m.direcao !== 'saida') throw new HttpError(404, 'Mensagem não encontrada.');
      if (m.situacao !== 'pendente' && m.situacao !== 'falhou') throw new HttpError(409, 'Esta mensagem já foi enviada.');
      // A template may go any time; a text or a file only within the customer's 24 hours.
      if (m.tipo !== 'modelo') await exigirJanelaAberta(tx, a.grupoEmpresarial, m.conversa);
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

  registrarRotaDaTela(app, ctx, { metodo: 'get', url: '/api/whatsApp/modelos', telas: [tela, 'mensagemAutomatica', 'recuperadorDeVenda'], acao: 'ver', tag, summary: 'Os modelos (templates) da conta como lidos da API pela última vez: nome, idioma, categoria, situação, corpo com {{n}}' }, (request) =>
    naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const c = await conexaoDoGrupo(tx, a.grupoEmpresarial);
      return { wabaId: c?.wabaId ?? null, atualizadosEm: iso(c?.modelosEm ?? null), modelos: (c?.modelos ?? []).map((m) => ({ ...m, aprovado: aprovado(m) })) };
    }),
  );

  registrarRotaDaTela(app, ctx, { metodo: 'post', url: '/api/whatsApp/modelos/atualizar', telas: [tela, 'mensagemAutomatica'], acao: 'ver', tag, summary: 'Ler de novo os modelos da conta na API (GET /{waba-id}/message_templates, todas as páginas) e guardá-los' }, async (request) => {
    const s = sessaoDe(request);
    const { modelos, em } = await atualizarModelos(
      () => withTenant(ctx.db, s, (tx) => conexaoDoGrupo(tx, s.grupoEmpresarial)),
      (lista, quando) => withTenant(ctx.db, s, async (tx) => void (await gravarModelos(tx, s.grupoEmpresarial, lista, quando))),
      ctx.chaveSegredos(),
      fila.provedor,
    );
    return { atualizadosEm: em.toISOString(), modelos: modelos.map((m) => ({ ...m, aprovado: aprovado(m) })) };
  });

  registrarRotaDaTela(app, ctx, { metodo: 'post', url: '/api/whatsApp/conversas/:_id/modelo', telas: [tela], acao: 'editar', tag, status: 201, summary: 'Enviar um modelo aprovado (a qualquer hora, também fora da janela de 24 horas) com os seus parâmetros', body: modeloSchema }, async (request) => {
    const b = lerOuRecusar(modeloSchema, request.body, rotulo, { padrao: 'nome' });
    const m = await naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const [c] = await tx.select({ numero: whatsappConversa.numero }).from(whatsappConversa).where(and(eq(whatsappConversa.grupoEmpresarialId, a.grupoEmpresarial), eq(whatsappConversa.id, idDe(request))));
      if (!c) throw new HttpError(404, 'Conversa não encontrada.');
      const modelo = await modeloParaEnvio(tx, a.grupoEmpresarial, b.nome, b.idioma, b.parametros);
      return enviarMensagemWhatsApp(tx, a.grupoEmpresarial, c.numero, modelo, { origem: 'manual', autor: a.usuario });
    });
    return { _id: m.id, situacao: 'pendente' as const };
  });

  registrarRotaDaTela(
    app,
    ctx,
    {
      metodo: 'post',
      url: '/api/whatsApp/conversas/:_id/arquivo',
      telas: [tela],
      acao: 'editar',
      tag,
      status: 201,
      bodyLimit: LIMITE_ENVIO,
      summary: 'Enviar uma imagem (JPG/PNG até 5 MB) ou um PDF (até 10 MB): o arquivo como corpo (Content-Type do arquivo), ?nome=&legenda=; só na janela de 24 horas',
    },
    async (request) => {
      const q = request.query as { nome?: string; legenda?: string };
      const legenda = (q.legenda ?? '').trim();
      if (legenda.length > 1024) throw new HttpError(400, 'Legenda: no máximo 1.024 caracteres.', {}, { legenda: 'No máximo 1.024 caracteres.' });
      const f = arquivoParaEnvio(request.body, request.headers['content-type'], q.nome);
      const s = sessaoDe(request);
      // The conversation and the window first: no file is kept for a send that cannot happen.
      const numero = await withTenant(ctx.db, s, async (tx) => {
        const [c] = await tx.select({ numero: whatsappConversa.numero }).from(whatsappConversa).where(and(eq(whatsappConversa.grupoEmpresarialId, s.grupoEmpresarial), eq(whatsappConversa.id, idDe(request))));
        if (!c) throw new HttpError(404, 'Conversa não encontrada.');
        await exigirJanelaAberta(tx, s.grupoEmpresarial, idDe(request));
        return c.numero;
      });
      const m = await guardarArquivo(ctx, s, { nome: f.nome, tipo: f.mime, bytes: f.bytes }, async (tx, g) => {
        await exigirJanelaAberta(tx, s.grupoEmpresarial, idDe(request));
        const nova = await enviarMensagemWhatsApp(tx, s.grupoEmpresarial, numero, { midia: { tipo: f.tipo, mime: f.mime, nome: f.nome, tamanho: f.bytes.length, mediaId: null, arquivo: g.id, erro: null }, legenda }, { origem: 'manual', autor: s.usuario });
        await tx.update(whatsappConversa).set({ naoLidas: 0 }).where(and(eq(whatsappConversa.grupoEmpresarialId, s.grupoEmpresarial), eq(whatsappConversa.id, nova.conversa)));
        return nova;
      });
      return { _id: m.id, situacao: 'pendente' as const };
    },
  );

  // The file of a message (received and downloaded, or sent): the bytes, so not through the JSON envelope.
  app.get(
    '/api/whatsApp/mensagens/:_id/arquivo',
    { preHandler: [requireSession(ctx), exigirAlgumaPermissao([tela], 'ver')], schema: { tags: [tag], security: [{ sessao: [] }], summary: 'O arquivo de uma mensagem (imagem na página; documento e áudio para baixar)' } },
    async (request, reply) => {
      const s = sessaoDe(request);
      const achado = await withTenant(ctx.db, s, async (tx) => {
        const [m] = await tx.select({ midia: whatsappMensagem.midia }).from(whatsappMensagem).where(and(eq(whatsappMensagem.grupoEmpresarialId, s.grupoEmpresarial), eq(whatsappMensagem.id, idDe(request))));
        if (!m?.midia?.arquivo) return null;
        const [f] = await tx.select().from(arquivo).where(and(eq(arquivo.grupoEmpresarialId, s.grupoEmpresarial), eq(arquivo.id, m.midia.arquivo)));
        return f ? { f, tipo: m.midia.tipo } : null;
      });
      const bytes = achado ? await ctx.armazenamento.ler(achado.f.chave) : null;
      if (!achado || !bytes) throw new HttpError(404, 'Arquivo não encontrado.');
      // Only the kinds we show inline are served as themselves; anything else downloads, never rendered.
      const seguro = achado.tipo === 'imagem' && /^image\/(jpeg|png|webp)$/.test(achado.f.tipo);
      return reply
        .header('content-type', seguro || achado.tipo === 'audio' || achado.f.tipo === 'application/pdf' ? achado.f.tipo : 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', `${seguro ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(achado.f.nome)}`)
        .send(bytes);
    },
  );
}
