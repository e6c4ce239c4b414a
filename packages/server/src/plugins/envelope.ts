import type { Falha } from '@retaguarda/domain';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

/** Success envelope schema for a route's response, so OpenAPI shows the real shape. Any zod schema, zod/mini's too (the session's). */
export const envelopeOk = <T extends $ZodType>(data: T) => z.object({ valido: z.literal(true), data });

export const falhaSchema = z.object({
  valido: z.literal(false),
  data: z.object({
    message: z.string().describe('Mensagem em português para mostrar ao usuário'),
    campos: z.record(z.string(), z.string()).optional().describe('Campo → mensagem'),
  }),
});

export const mensagemData = z.object({ message: z.string() });

export function ok<T>(data: T): { valido: true; data: T } {
  return { valido: true, data };
}

export function falha(message: string, campos?: Record<string, string>): { valido: false; data: Falha } {
  return { valido: false, data: campos ? { message, campos } : { message } };
}

/** Thrown by handlers for an expected failure; the error handler turns it into the envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Field → message, for a form to show next to each field. */
    readonly campos?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
