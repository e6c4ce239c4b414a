import { mensagens } from '@retaguarda/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { conexaoPerdida } from '../db/conexaoPerdida.ts';
import { falha, HttpError } from './envelope.ts';

const mensagemPorStatus: Record<number, string> = {
  400: mensagens.requisicaoInvalida,
  401: mensagens.sessaoExpirada,
  403: mensagens.acessoNegado,
  404: mensagens.naoEncontrado,
  409: mensagens.versaoDesatualizada,
  413: mensagens.corpoGrandeDemais,
  415: mensagens.tipoConteudoInvalido,
  429: mensagens.muitasTentativas,
};

/** "/senha" or "/itens/0/nome" (zod issue path) → "senha", "itens.0.nome"; the body itself → "". */
const campoDoCaminho = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

/**
 * Every failure leaves as the envelope {valido:false, data:{message}} with a Portuguese message and
 * the right status; a 500 says nothing about the internals (the log has them).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const campos: Record<string, string> = {};
      for (const issue of error.validation) {
        const campo = campoDoCaminho(issue.instancePath) || '_';
        campos[campo] ??= issue.message ?? mensagens.requisicaoInvalida;
      }
      const [primeiro] = Object.entries(campos);
      const message = primeiro
        ? primeiro[0] === '_'
          ? `${mensagens.requisicaoInvalida} ${primeiro[1]}`
          : `${mensagens.requisicaoInvalida} ${primeiro[0]}: ${primeiro[1]}`
        : mensagens.requisicaoInvalida;
      return reply.code(400).send(falha(message, campos));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(falha(error.message, error.campos));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): known, not logged as faults.
      request.log.info({ code: error.code }, error.message);
      return reply.code(status).send(falha(mensagemPorStatus[status] ?? mensagens.requisicaoInvalida));
    }
    request.log.error(error);
    // The database went away (restarting, failover): not a bug of this request, and worth a retry.
    if (conexaoPerdida(error)) return reply.code(503).header('retry-after', '5').send(falha(mensagens.bancoIndisponivel));
    return reply.code(500).send(falha(mensagens.erroInterno));
  });
}
