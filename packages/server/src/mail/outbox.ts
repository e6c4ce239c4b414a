import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { emailSaida } from '../db/schema/index.ts';
import type { EmailMessage, Mailer } from './mailer.ts';

export interface OutboxRef {
  grupoEmpresarial: string;
  id: string;
}

/** Writes the e-mail in the caller's transaction: it exists only if the business change commits. */
export async function enqueueEmail(tx: Executor, grupoEmpresarial: string, message: EmailMessage): Promise<OutboxRef> {
  const [row] = await tx
    .insert(emailSaida)
    .values({ grupoEmpresarialId: grupoEmpresarial, para: message.para, assunto: message.assunto, texto: message.texto, html: message.html ?? null, anexos: message.anexos ?? null })
    .returning({ id: emailSaida.id });
  return { grupoEmpresarial, id: row!.id };
}

/**
 * Sends outbox rows after their transaction committed, off the request path (the answer must not
 * wait for, or reveal, an SMTP round trip). close() waits for sends in flight.
 */
export class OutboxSender {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Fire and forget; failures are recorded on the row and logged. */
  dispatch(refs: OutboxRef[]): void {
    for (const ref of refs) {
      const job = this.deliver(ref)
        .catch((error: unknown) => this.log.error({ err: error, email: ref.id }, 'Falha ao processar e-mail da fila'))
        .finally(() => this.inFlight.delete(job));
      this.inFlight.add(job);
    }
  }

  /**
   * Work that must neither delay an answer nor show in its timing (who has an account), run after
   * it: the job's transactions write their e-mails, which are sent once it returns their refs.
   * Tracked like the sends, so drain() waits for it; a failure is logged.
   */
  agendar(trabalho: () => Promise<OutboxRef[]>): void {
    const job = Promise.resolve()
      .then(trabalho)
      .then((refs) => this.dispatch(refs))
      .catch((error: unknown) => this.log.error({ err: error }, 'Falha em trabalho agendado da fila de e-mails'))
      .finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }

  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(ref: OutboxRef): Promise<void> {
    const where = and(eq(emailSaida.grupoEmpresarialId, ref.grupoEmpresarial), eq(emailSaida.id, ref.id), eq(emailSaida.status, 'pendente'));
    const [row] = await this.db.select().from(emailSaida).where(where);
    if (!row) return;
    try {
      await this.mailer.send(row);
      if (!this.mailer.entrega) return;
      await this.db
        .update(emailSaida)
        .set({ status: 'enviado', sentAt: new Date(), tentativas: sql`${emailSaida.tentativas} + 1`, version: sql`${emailSaida.version} + 1` })
        .where(where);
    } catch (error) {
      this.log.error({ err: error, email: ref.id }, 'Falha ao enviar e-mail');
      await this.db
        .update(emailSaida)
        .set({
          status: 'erro',
          ultimoErro: error instanceof Error ? error.message.slice(0, 500) : String(error),
          tentativas: sql`${emailSaida.tentativas} + 1`,
          version: sql`${emailSaida.version} + 1`,
        })
        .where(where);
    }
  }
}
