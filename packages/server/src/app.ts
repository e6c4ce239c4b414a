import './plugins/zodLocale.ts';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { buscaRoutes } from './busca/routes.ts';
import { healthRoutes } from './health.ts';
import { listaRoutes } from './listas/routes.ts';
import { logMailer, smtpMailer, type Mailer } from './mail/mailer.ts';
import { OutboxSender } from './mail/outbox.ts';
import { registerRefusedBodyDrain } from './plugins/corpoRecusado.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerEntradaHostil } from './plugins/entradaHostil.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerWeb } from './plugins/web.ts';
import { cardapioRoutes } from './products/cardapioRoutes.ts';
import { conversaoTotemRoutes } from './products/conversaoTotemRoutes.ts';
import { etiquetaRoutes } from './products/etiquetaRoutes.ts';
import { certificadoRoutes } from './registration/certificadoRoutes.ts';
import { empresaSimplificadoRoutes } from './registration/empresaSimplificadoRoutes.ts';
import { usuarioRoutes } from './registration/usuarioRoutes.ts';
import { produtoRoutes } from './products/routes.ts';
import { setorEmpresaRoutes } from './products/setorEmpresaRoutes.ts';
import { createResourceRoutes } from './resources/routes.ts';
import { chavePreguicosa } from './security/cifra.ts';
import { criarCacheSessoes } from './session/cacheSessoes.ts';
import { recoveryRoutes } from './session/recoveryRoutes.ts';
import { registerSessionDecorator } from './session/requireSession.ts';
import { sessionRoutes } from './session/routes.ts';
import { olhoNoImpostoRoutes } from './tax/olhoNoImposto/routes.ts';
import { vendaRoutes } from './sales/routes.ts';
import { relatorioRoutes } from './sales/relatorios/routes.ts';
import { recebiveisRoutes } from './finance/recebiveis/routes.ts';
import { dreRoutes } from './finance/dre/routes.ts';
import { relatoriosFinanceirosRoutes } from './finance/relatorios/routes.ts';
import { estoqueRoutes } from './stock/routes.ts';
import { financeiroMovimentacaoRoutes } from './finance/movimentacaoRoutes.ts';
import { financeiroAgendaRoutes } from './finance/agenda/routes.ts';
import { entradaNotaFiscalRoutes } from './fiscal/entradaNotaFiscal/routes.ts';
import { dfeRoutes } from './fiscal/dfe/routes.ts';
import { danfeRoutes } from './fiscal/danfe/routes.ts';
import { eventosRoutes } from './fiscal/eventos/routes.ts';
import { emissaoRoutes } from './fiscal/emissao/routes.ts';
import { agendarDfeAutomatico } from './fiscal/dfe/segundoPlano.ts';
import { exportarDadosRoutes } from './fiscal/exportarDados/routes.ts';
import { conciliacaoBancariaRoutes } from './finance/conciliacao/routes.ts';
import { conciliacaoCaixaRoutes } from './finance/caixa/routes.ts';
import { relatoriosDocumentosRoutes } from './stock/relatoriosDocumentosRoutes.ts';
import { estoqueInsumosRoutes } from './stock/insumosRoutes.ts';
import { demoRoutes } from './seed/demoRoutes.ts';
import type { Armazenamento } from './storage/armazenamento.ts';
import { armazenamentoDe } from './storage/armazenamentoDe.ts';
import { agendarLimpezaDeArquivos } from './storage/limpeza.ts';
import { arquivoRoutes } from './storage/routes.ts';
import { appSistemaRoutes } from './integrations/appSistemaRoutes.ts';
import { kdsRelatorioRoutes } from './kds/relatorioRoutes.ts';
import { otpRoutes } from './integrations/otp/routes.ts';
import { kdsRoutes } from './kds/routes.ts';
import { registrarSocketKds } from './kds/socket.ts';
import { appTerceirosRoutes } from './integrations/appTerceirosRoutes.ts';
import { registrarAuditoriaClientes } from './integrations/clienteApi.ts';
import { oauthRoutes } from './integrations/oauthRoutes.ts';
import { deliveryRoutes } from './integrations/delivery/routes.ts';
import { deliveryWebhookRoutes } from './integrations/delivery/webhookRoutes.ts';
import { qrCodeRoutes } from './integrations/qrCode/qrCodeRoutes.ts';
import { qrPublicoRoutes } from './integrations/qrCode/qrPublicoRoutes.ts';
import { whatsappRoutes } from './integrations/whatsapp/routes.ts';
import { mensagemAutomaticaRoutes } from './integrations/mensagemAutomatica/routes.ts';
import { recuperadorRoutes } from './integrations/recuperador/routes.ts';
import { usarApiWhatsAppDaConfiguracao } from './integrations/whatsapp/conexao.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxSender;
  }
}

export interface BuildAppOptions {
  db: Database;
  pool: pg.Pool;
  config: Config;
  /** Defaults to SMTP when SMTP_URL is set, else the server log. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to the folder STORAGE_DIR. */
  armazenamento?: Armazenamento;
  /**
   * The PostgreSQL address the session cache listens on for other server processes' changes (LISTEN);
   * defaults to DATABASE_URL. Null: this process is the only one (the embedded database).
   */
  avisosDeSessao?: string | null;
}

/** The whole HTTP application, without listening: main.ts listens, tests use app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db, pool } = options;
  const app = Fastify({ logger: options.logger ?? { level: config.logLevel }, bodyLimit: 1024 * 1024, trustProxy: config.trustProxy });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerEntradaHostil(app);

  const mailer = options.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.smtpFrom) : logMailer(app.log));
  const outbox = new OutboxSender(db, mailer, app.log);
  app.decorate('outbox', outbox);
  // Pending e-mails use the pool, so they finish before whoever owns the pool closes it.
  app.addHook('onClose', async () => outbox.drain());

  const armazenamento = options.armazenamento ?? armazenamentoDe(config);
  const sessoes = await criarCacheSessoes(app, pool, options.avisosDeSessao === undefined ? config.databaseUrl : options.avisosDeSessao);
  const ctx: AppContext = { db, pool, config, outbox, armazenamento, chaveSegredos: chavePreguicosa(config), sessoes };
  usarApiWhatsAppDaConfiguracao(config.whatsappApiUrl);
  await app.register(fastifyCookie);
  registerSessionDecorator(app);
  registerRefusedBodyDrain(app);
  await registerDocs(app);

  await app.register(healthRoutes);
  await app.register(sessionRoutes, ctx);
  await app.register(recoveryRoutes, ctx);
  await app.register(listaRoutes, ctx);
  await app.register(createResourceRoutes, ctx);
  await app.register(buscaRoutes, ctx);
  await app.register(olhoNoImpostoRoutes, ctx);
  await app.register(certificadoRoutes, ctx);
  await app.register(empresaSimplificadoRoutes, ctx);
  await app.register(arquivoRoutes, ctx);
  agendarLimpezaDeArquivos(app, ctx);
  agendarDfeAutomatico(app, ctx);
  await app.register(usuarioRoutes, ctx);
  await app.register(produtoRoutes, ctx);
  await app.register(setorEmpresaRoutes, ctx);
  await app.register(cardapioRoutes, ctx);
  await app.register(conversaoTotemRoutes, ctx);
  await app.register(etiquetaRoutes, ctx);
  await app.register(vendaRoutes, ctx);
  await app.register(relatorioRoutes, ctx);
  await app.register(recebiveisRoutes, ctx);
  await app.register(dreRoutes, ctx);
  await app.register(estoqueRoutes, ctx);
  await app.register(financeiroMovimentacaoRoutes, ctx);
  await app.register(financeiroAgendaRoutes, ctx);
  await app.register(entradaNotaFiscalRoutes, ctx);
  await app.register(dfeRoutes, ctx);
  await app.register(danfeRoutes, ctx);
  await app.register(eventosRoutes, ctx);
  await app.register(emissaoRoutes, ctx);
  await app.register(exportarDadosRoutes, ctx);
  await app.register(appSistemaRoutes, ctx);
  await app.register(kdsRoutes, ctx);
  await app.register(kdsRelatorioRoutes, ctx);
  await app.register(otpRoutes, ctx);
  // The boards' live side listens where the session cache does: every process's events (LISTEN/NOTIFY).
  await registrarSocketKds(app, ctx, options.avisosDeSessao === undefined ? config.databaseUrl : options.avisosDeSessao);
  registrarAuditoriaClientes(app, ctx);
  await app.register(appTerceirosRoutes, ctx);
  await app.register(oauthRoutes, ctx);
  await app.register(deliveryRoutes, ctx);
  await app.register(deliveryWebhookRoutes, ctx);
  await app.register(qrCodeRoutes, ctx);
  await app.register(qrPublicoRoutes, ctx);
  await app.register(whatsappRoutes, ctx);
  await app.register(mensagemAutomaticaRoutes, ctx);
  await app.register(recuperadorRoutes, ctx);
  await app.register(conciliacaoBancariaRoutes, ctx);
  await app.register(conciliacaoCaixaRoutes, ctx);
  await app.register(relatoriosFinanceirosRoutes, ctx);
  await app.register(relatoriosDocumentosRoutes, ctx);
  await app.register(estoqueInsumosRoutes, ctx);
  await app.register(demoRoutes, ctx);
  await registerWeb(app, config);
  return app;
}
