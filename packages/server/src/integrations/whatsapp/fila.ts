import { ESPERAS_ENVIO_MS, numeroWhatsApp, TENTATIVAS_ENVIO } from '@retaguarda/domain';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Database, Executor } from '../../db/client.ts';
import { depoisDeConfirmar } from '../../db/depoisDeConfirmar.ts';
import { arquivo, whatsappConversa, whatsappMensagem, type MidiaWhatsApp, type ModeloWhatsApp } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { Armazenamento } from '../../storage/armazenamento.ts';
import { cloudApi, type ArquivoSaida, type ProvedorWhatsApp } from './cloudApi.ts';
import { conexaoDoGrupo, paraEnvio, type ConexaoWhatsApp } from './conexao.ts';

export interface MensagemNaFila {
  grupoEmpresarial: string;
  id: string;
  conversa: string;
  /** False when the sender's key had already enqueued it: nothing new was written. */
  nova: boolean;
}

export interface OpcoesEnvio {
  /** manual, mensagemAutomatica, recuperador, otp… shown on the screen. */
  origem: string;
  /** Once per key: a second call with the same key writes nothing and returns the first message. */
  chave?: string;
  nome?: string | null;
  autor?: string | null;
  agora?: Date;
  /** Written already failed with this reason, never sent (an automatic text outside the 24-hour window): the screen shows why. */
  naoEnviar?: string;
}

/** A file kept in storage, with its caption. */
export interface ConteudoMidia {
  midia: MidiaWhatsApp;
  legenda: string;
}

/**
 * A one-time sign-in code is the customer's secret: staff reading the conversations must not see it (they
 * could sign in as the customer). It is kept only to be sent, and shown masked.
 */
export const TEXTO_OCULTO_OTP = 'Código de acesso enviado ao cliente (oculto por segurança).';
export const textoVisivel = (m: { origem: string; texto: string }): string => (m.origem === 'otp' ? TEXTO_OCULTO_OTP : m.texto);

/** How a template shows in the conversation: its name and parameters, as the customer will read them filled in. */
const textoDoModelo = (m: ModeloWhatsApp) => (m.corpo ? m.corpo : `[modelo ${m.nome}] ${m.parametros.join(' · ')}`.trim());
const ROTULO_MIDIA: Record<MidiaWhatsApp['tipo'], string> = { imagem: 'imagem', documento: 'documento', audio: 'áudio' };
/** A file's line in the conversation list: its caption, or what it is. */
export const textoDaMidia = (m: MidiaWhatsApp, legenda: string | null | undefined) => legenda?.trim() || `[${ROTULO_MIDIA[m.tipo]}]${m.nome ? ` ${m.nome}` : ''}`;

/**
 * Enqueues a WhatsApp message to `numero` from the group's robot, in the caller's transaction: it exists
 * only if the caller's change commits, and once committed it is sent (at once by the server's queue when
 * withTenant commits, else by the queue's periodic run, also after a restart) until the Cloud API
 * takes it or the tries run out. A text, or an approved template ({nome, idioma, parametros}). 409 when
 * the group has no active robot, 400 when the number cannot be a phone.
 */
export async function enviarMensagemWhatsApp(tx: Executor, grupo: string, numeroBruto: string, conteudo: string | ModeloWhatsApp | ConteudoMidia, o: OpcoesEnvio): Promise<MensagemNaFila> {
  const conexao = await conexaoDoGrupo(tx, grupo);
  if (!conexao?.ativo) throw new HttpError(409, 'O robô do WhatsApp não está conectado: configure-o em Integrações → WhatsApp.');
  const numero = numeroWhatsApp(numeroBruto);
  if (!numero) throw new HttpError(400, 'Número: informe o telefone com DDD.', {}, { numero: 'Informe o telefone com DDD.' });
  const midia = typeof conteudo !== 'string' && 'midia' in conteudo ? conteudo : null;
  const modelo = typeof conteudo !== 'string' && !midia ? (conteudo as ModeloWhatsApp) : null;
  const texto = midia ? textoDaMidia(midia.midia, midia.legenda) : modelo ? textoDoModelo(modelo) : (conteudo as string).trim();
  if (!texto) throw new HttpError(400, 'Texto: escreva a mensagem.', {}, { texto: 'Escreva a mensagem.' });
  if (texto.length > 4096) throw new HttpError(400, 'Texto: no máximo 4.096 caracteres.', {}, { texto: 'No máximo 4.096 caracteres.' });
  if (o.chave) {
    const [ja] = await tx.select({ id: whatsappMensagem.id, conversa: whatsappMensagem.conversaId }).from(whatsappMensagem).where(and(eq(whatsappMensagem.grupoEmpresarialId, grupo), eq(whatsappMensagem.chave, o.chave)));
    if (ja) return { grupoEmpresarial: grupo, id: ja.id, conversa: ja.conversa, nova: false };
  }
  const agora = o.agora ?? new Date();
  const conversa = await conversaDoNumero(tx, grupo, numero, o.nome ?? null, agora);
  const id = newId();
  await tx.insert(whatsappMensagem).values({
    grupoEmpresarialId: grupo,
    id,
    conversaId: conversa,
    direcao: 'saida',
    tipo: midia ? 'midia' : modelo ? 'modelo' : 'texto',
    texto,
    modelo,
    midia: midia?.midia ?? null,
    situacao: o.naoEnviar ? 'falhou' : 'pendente',
    proximaTentativaEm: o.naoEnviar ? null : agora,
    ultimoErro: o.naoEnviar ?? null,
    origem: o.origem,
    chave: o.chave ?? null,
    autor: o.autor ?? null,
    createdAt: agora,
    situacaoEm: agora,
  });
  if (!o.naoEnviar) depoisDeConfirmar(tx, (db) => filas.get(db)?.enviarAgora([id]));
  // Our message answers the customer: the conversation now waits for them (a closed one stays closed).
  await tx
    .update(whatsappConversa)
    .set({ ultimaMensagem: textoVisivel({ origem: o.origem, texto }).slice(0, 200), ultimaMensagemEm: agora, situacao: sql`case when ${whatsappConversa.situacao} = 'encerrada' then 'encerrada' else 'aguardando' end`, version: sql`${whatsappConversa.version} + 1` })
    .where(and(eq(whatsappConversa.grupoEmpresarialId, grupo), eq(whatsappConversa.id, conversa)));
  return { grupoEmpresarial: grupo, id, conversa, nova: true };
}

/** The conversation of a number, created on its first message (a name learnt later fills in a missing one). */
export async function conversaDoNumero(tx: Executor, grupo: string, numero: string, nome: string | null, agora: Date): Promise<string> {
  const [linha] = await tx
    .insert(whatsappConversa)
    .values({ grupoEmpresarialId: grupo, id: newId(), numero, nome, ultimaMensagemEm: agora, createdAt: agora })
    .onConflictDoUpdate({ target: [whatsappConversa.grupoEmpresarialId, whatsappConversa.numero], set: { nome: sql`coalesce(${whatsappConversa.nome}, excluded.nome)` } })
    .returning({ id: whatsappConversa.id });
  return linha!.id;
}

/** A claimed message is left alone this long: a process that died mid-send is retried after it. */
const RESERVA_MS = 2 * 60_000;
const LOTE = 20;

/**
 * Sends the queue's due messages (the owner's connection: every group's, each with its own robot). A
 * message is claimed by moving its next try past the send, so two processes never send it together and
 * one that died mid-send leaves it to be retried. Accepted: 'enviada' with its wamid. Refused for good or
 * at its last try: 'falhou' with the reason. Otherwise it waits ESPERAS_ENVIO_MS and tries again.
 */
export class FilaWhatsApp {
  private readonly emCurso = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly chave: () => Buffer,
    private readonly log: FastifyBaseLogger,
    private readonly armazenamento: Armazenamento,
    readonly provedor: ProvedorWhatsApp = cloudApi,
  ) {}

  /** A sent file's bytes from storage (the caption is the message's text, unless it only names the file). */
  private async arquivoDe(m: { grupoEmpresarialId: string; texto: string; midia: MidiaWhatsApp | null }): Promise<{ arquivo: ArquivoSaida | null; legenda: string } | string> {
    if (!m.midia) return { arquivo: null, legenda: m.texto };
    const [guardado] = m.midia.arquivo ? await this.db.select({ chave: arquivo.chave }).from(arquivo).where(and(eq(arquivo.grupoEmpresarialId, m.grupoEmpresarialId), eq(arquivo.id, m.midia.arquivo))) : [];
    const conteudo = guardado ? await this.armazenamento.ler(guardado.chave) : null;
    if (!conteudo) return 'O arquivo desta mensagem não está mais guardado.';
    const legenda = m.texto === textoDaMidia(m.midia, null) ? '' : m.texto;
    return { arquivo: { tipo: m.midia.tipo === 'imagem' ? 'imagem' : 'documento', mime: m.midia.mime, nome: m.midia.nome ?? 'arquivo', conteudo }, legenda };
  }

  private readonly aEnviar = new Set<string>();

  /**
   * After the commit that enqueued them: send these now, off the request path. The ids asked in one go (a
   * campaign's hundreds of messages, one per call as its commit runs) are sent by one job, LOTE at a time.
   */
  enviarAgora(ids: readonly string[]): void {
    if (!ids.length) return;
    const agendar = this.aEnviar.size === 0;
    for (const id of ids) this.aEnviar.add(id);
    if (!agendar) return;
    const job = Promise.resolve()
      .then(async () => {
        const todos = [...this.aEnviar];
        this.aEnviar.clear();
        for (let i = 0; i < todos.length; i += LOTE) await this.processar({ ids: todos.slice(i, i + LOTE) });
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'Falha ao enviar mensagens do WhatsApp'))
      .finally(() => this.emCurso.delete(job));
    this.emCurso.add(job);
  }

  /** Other work of the robot off the request path (downloading received files), awaited on close like the sends. */
  emSegundoPlano(trabalho: () => Promise<void>): void {
    const job = trabalho()
      .catch((error: unknown) => this.log.error({ err: error }, 'Falha numa tarefa do WhatsApp'))
      .finally(() => this.emCurso.delete(job));
    this.emCurso.add(job);
  }

  async aguardar(): Promise<void> {
    while (this.emCurso.size) await Promise.allSettled([...this.emCurso]);
  }

  async processar(o: { ids?: readonly string[]; agora?: Date } = {}): Promise<number> {
    const agora = o.agora ?? new Date();
    const devidas = await this.db
      .update(whatsappMensagem)
      .set({ proximaTentativaEm: new Date(agora.getTime() + RESERVA_MS), tentativas: sql`${whatsappMensagem.tentativas} + 1`, version: sql`${whatsappMensagem.version} + 1` })
      .where(
        and(
          eq(whatsappMensagem.situacao, 'pendente'),
          lte(whatsappMensagem.proximaTentativaEm, agora),
          sql`(${whatsappMensagem.grupoEmpresarialId}, ${whatsappMensagem.id}) in (select grupo_empresarial_id, id from whatsapp_mensagem where situacao = 'pendente' and proxima_tentativa_em <= ${agora.toISOString()}::timestamptz ${o.ids ? sql`and id in ${o.ids}` : sql``} order by proxima_tentativa_em limit ${LOTE} for update skip locked)`,
        ),
      )
      .returning();
    const conexoes = new Map<string, ConexaoWhatsApp | null>();
    for (const m of devidas) {
      if (!conexoes.has(m.grupoEmpresarialId)) {
        const linha = await conexaoDoGrupo(this.db, m.grupoEmpresarialId);
        conexoes.set(m.grupoEmpresarialId, linha?.ativo ? paraEnvio(this.chave(), linha) : null);
      }
      const conexao = conexoes.get(m.grupoEmpresarialId)!;
      const [c] = await this.db.select({ numero: whatsappConversa.numero }).from(whatsappConversa).where(and(eq(whatsappConversa.grupoEmpresarialId, m.grupoEmpresarialId), eq(whatsappConversa.id, m.conversaId)));
      const arquivo = await this.arquivoDe(m);
      const resultado =
        typeof arquivo === 'string'
          ? { ok: false as const, definitivo: true, erro: arquivo }
          : conexao
            ? await this.provedor.enviar(conexao, { para: c!.numero, texto: arquivo.legenda, modelo: m.modelo, arquivo: arquivo.arquivo }).catch((error: unknown) => ({ ok: false as const, definitivo: false, erro: error instanceof Error ? error.message : String(error) }))
            : { ok: false as const, definitivo: false, erro: 'O robô do WhatsApp não está conectado.' };
      const onde = and(eq(whatsappMensagem.grupoEmpresarialId, m.grupoEmpresarialId), eq(whatsappMensagem.id, m.id), eq(whatsappMensagem.situacao, 'pendente'));
      const em = new Date();
      if (resultado.ok) {
        await this.db.update(whatsappMensagem).set({ situacao: 'enviada', wamid: resultado.wamid, proximaTentativaEm: null, ultimoErro: null, situacaoEm: em, version: sql`${whatsappMensagem.version} + 1` }).where(onde);
        continue;
      }
      const ultima = resultado.definitivo || m.tentativas >= TENTATIVAS_ENVIO;
      this.log.warn({ mensagem: m.id, tentativa: m.tentativas, erro: resultado.erro }, 'Mensagem do WhatsApp não enviada');
      await this.db
        .update(whatsappMensagem)
        .set(
          ultima
            ? { situacao: 'falhou', proximaTentativaEm: null, ultimoErro: resultado.erro, situacaoEm: em, version: sql`${whatsappMensagem.version} + 1` }
            : { proximaTentativaEm: new Date(agora.getTime() + ESPERAS_ENVIO_MS[m.tentativas - 1]!), ultimoErro: resultado.erro, version: sql`${whatsappMensagem.version} + 1` },
        )
        .where(onde);
    }
    return devidas.length;
  }
}

/** The server's queue by its database: a message enqueued there leaves at its commit. Without one (a command, a test without the routes) the next run of a server sends it. */
const filas = new WeakMap<Database, FilaWhatsApp>();
export function registrarFila(ctx: AppContext, fila: FilaWhatsApp): void {
  filas.set(ctx.db, fila);
}
export const filaDe = (ctx: AppContext) => filas.get(ctx.db);
