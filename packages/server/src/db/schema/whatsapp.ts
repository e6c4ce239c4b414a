import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ModeloAprovado, SituacaoConversa, SituacaoMensagem } from '@retaguarda/domain';
import { rowColumns, tenantColumn } from './columns.ts';

export { situacoesConversa, situacoesMensagem, type ModeloAprovado, type SituacaoConversa, type SituacaoMensagem } from '@retaguarda/domain';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * The group's WhatsApp robot (whatsAppPage): its number on the WhatsApp Cloud API. The access token and
 * the app secret are AES-256-GCM with the key of secrets at rest (the webhook's HMAC needs the secret
 * itself); the verify token only as its sha256, which is how the webhook's GET finds the group.
 */
export const whatsappConexao = pgTable(
  'whatsapp_conexao',
  {
    ...tenantColumn,
    ...rowColumns,
    phoneNumberId: text('phone_number_id').notNull(),
    numeroExibicao: text('numero_exibicao').notNull(),
    /** The Graph API's base address; null: WHATSAPP_API_URL or Meta's. */
    apiUrl: text('api_url'),
    tokenCifrado: text('token_cifrado').notNull(),
    appSecretCifrado: text('app_secret_cifrado').notNull(),
    verifyTokenHash: text('verify_token_hash').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    alteradoPor: text('alterado_por').notNull(),
    /** The WhatsApp Business Account id: where the approved templates are listed. */
    wabaId: text('waba_id'),
    /** The WABA's templates as last read from the API (refreshed from the screen), and when. */
    modelos: jsonb('modelos').$type<ModeloAprovado[]>(),
    modelosEm: timestamp('modelos_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('whatsapp_conexao_grupo').on(t.grupoEmpresarialId),
    index('whatsapp_conexao_numero_idx').on(t.phoneNumberId),
    index('whatsapp_conexao_verify_idx').on(t.verifyTokenHash),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** A customer's number and what goes on with them: aberta (their message waits for us), aguardando (we wait for them), encerrada. */
export const whatsappConversa = pgTable(
  'whatsapp_conversa',
  {
    ...tenantColumn,
    ...rowColumns,
    numero: text('numero').notNull(),
    nome: text('nome'),
    situacao: text('situacao').$type<SituacaoConversa>().notNull().default('aguardando'),
    ultimaMensagemEm: timestamp('ultima_mensagem_em', { withTimezone: true }).notNull().defaultNow(),
    ultimaMensagem: text('ultima_mensagem').notNull().default(''),
    naoLidas: integer('nao_lidas').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.id] }), uniqueIndex('whatsapp_conversa_numero').on(t.grupoEmpresarialId, t.numero)],
);

export interface ModeloWhatsApp {
  nome: string;
  idioma: string;
  parametros: string[];
  /** The approved body with its {{n}} filled: how the conversation shows it. */
  corpo?: string;
  /** An authentication template's one-time code, which Meta also asks as its copy-code button's parameter. */
  botaoCodigo?: string;
}

/**
 * A picture, document or audio of a message. Received: the Cloud API's media id, and the kept file (an
 * `arquivo` id) once downloaded, or why not. Sent: the kept file, uploaded to the API at the send.
 */
export interface MidiaWhatsApp {
  tipo: 'imagem' | 'documento' | 'audio';
  mime: string;
  nome: string | null;
  tamanho: number | null;
  mediaId: string | null;
  arquivo: string | null;
  erro: string | null;
}

/**
 * Every message in and out. An outgoing one is its own outbox row: 'pendente' until the Cloud API took
 * it (then its wamid), retried with backoff at proximaTentativaEm, 'falhou' after the last try. A row
 * written in a business transaction exists only if that commits, and survives a restart.
 */
export const whatsappMensagem = pgTable(
  'whatsapp_mensagem',
  {
    ...tenantColumn,
    ...rowColumns,
    conversaId: text('conversa_id').notNull(),
    direcao: text('direcao').$type<'entrada' | 'saida'>().notNull(),
    tipo: text('tipo').$type<'texto' | 'modelo' | 'midia' | 'outro'>().notNull(),
    texto: text('texto').notNull(),
    modelo: jsonb('modelo').$type<ModeloWhatsApp>(),
    midia: jsonb('midia').$type<MidiaWhatsApp>(),
    situacao: text('situacao').$type<SituacaoMensagem>().notNull(),
    /** The Cloud API's message id: an incoming one's makes a resent webhook a no-op. */
    wamid: text('wamid'),
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativaEm: timestamp('proxima_tentativa_em', { withTimezone: true }),
    ultimoErro: text('ultimo_erro'),
    /** manual, mensagemAutomatica, recuperador, otp… */
    origem: text('origem').notNull(),
    /** The sender's key for "once": an order event's message is enqueued once however often the event is recorded. */
    chave: text('chave'),
    autor: text('autor'),
    situacaoEm: timestamp('situacao_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('whatsapp_mensagem_wamid').on(t.grupoEmpresarialId, t.wamid).where(sql`wamid is not null`),
    uniqueIndex('whatsapp_mensagem_chave').on(t.grupoEmpresarialId, t.chave).where(sql`chave is not null`),
    index('whatsapp_mensagem_conversa_idx').on(t.grupoEmpresarialId, t.conversaId, t.createdAt),
    index('whatsapp_mensagem_fila_idx').on(t.proximaTentativaEm).where(sql`situacao = 'pendente'`),
  ],
);

/** A win-back campaign (recuperadorDeVenda): who was chosen, with which coupon, sent when. */
export const recuperadorCampanha = pgTable(
  'recuperador_campanha',
  {
    ...tenantColumn,
    ...rowColumns,
    nome: text('nome').notNull(),
    diasSemPedido: integer('dias_sem_pedido').notNull(),
    minimoPedidos: integer('minimo_pedidos').notNull(),
    janelaDias: integer('janela_dias').notNull(),
    cupomId: text('cupom_id').notNull(),
    cupomCodigo: text('cupom_codigo').notNull(),
    mensagem: text('mensagem').notNull(),
    enviadaEm: timestamp('enviada_em', { withTimezone: true }).notNull(),
    enviadaPor: text('enviada_por').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.id] }), index('recuperador_campanha_idx').on(t.grupoEmpresarialId, t.enviadaEm)],
);

/** Each customer a campaign reached, as they were when it was sent. */
export const recuperadorCliente = pgTable(
  'recuperador_cliente',
  {
    ...tenantColumn,
    campanhaId: text('campanha_id').notNull(),
    clienteId: text('cliente_id').notNull(),
    nome: text('nome').notNull(),
    numero: text('numero').notNull(),
    pedidosAntes: integer('pedidos_antes').notNull(),
    ultimoPedidoEm: timestamp('ultimo_pedido_em', { withTimezone: true }).notNull(),
    mensagemId: text('mensagem_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.campanhaId, t.clienteId] })],
);
