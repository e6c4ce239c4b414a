import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface EmailMessage {
  para: string;
  assunto: string;
  texto: string;
  html?: string | null;
  /** Files sent with the message, base64 (a purchase order's PDF). */
  anexos?: { nome: string; tipo: string; base64: string }[] | null;
}

export interface Mailer {
  /** False when messages are only logged: the outbox row then stays 'pendente' for a later real send. */
  readonly entrega: boolean;
  send(message: EmailMessage): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    entrega: true,
    async send(message) {
      await transport.sendMail({
        from,
        to: message.para,
        subject: message.assunto,
        text: message.texto,
        ...(message.html ? { html: message.html } : {}),
        ...(message.anexos?.length ? { attachments: message.anexos.map((a) => ({ filename: a.nome, contentType: a.tipo, content: Buffer.from(a.base64, 'base64') })) } : {}),
      });
    },
  };
}

/** Without SMTP_URL the e-mail goes to the server log, so whoever runs `npm start` can follow the link. */
export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    entrega: false,
    async send(message) {
      log.info(`E-mail não enviado (SMTP_URL não configurado). Para: ${message.para}. Assunto: ${message.assunto}.\n${message.texto}`);
    },
  };
}

/** Collects messages in memory; for tests. */
export function memoryMailer(): Mailer & { enviados: EmailMessage[] } {
  const enviados: EmailMessage[] = [];
  return {
    entrega: true,
    enviados,
    async send(message) {
      enviados.push(message);
    },
  };
}
