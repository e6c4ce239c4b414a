import { lerEscopos } from '@retaguarda/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { appTerceirosToken } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { HttpError } from '../plugins/envelope.ts';
import { newSecret, sha256 } from '../session/tokens.ts';
import { chavePorClientId, contarChamada, TOKEN_CLIENTE_SEGUNDOS } from './clienteApi.ts';
import { confereSegredo } from './segredo.ts';

/** RFC 6749 §5.2: the error code and its description; the envelope's message too, as every refusal of this API has it. */
function erroOAuth(reply: FastifyReply, status: number, error: string, descricao: string, headers: Record<string, string> = {}) {
  void reply.code(status).headers({ 'cache-control': 'no-store', pragma: 'no-cache', ...headers });
  return reply.send({ error, error_description: descricao, valido: false, data: { message: descricao } });
}

const texto = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** client_id and client_secret from HTTP Basic (RFC 6749 §2.3.1: each form-urlencoded) or the body; both is an error. */
function credenciais(request: FastifyRequest, corpo: Record<string, unknown>) {
  const basico = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const noCorpo = texto(corpo.client_id) !== undefined || texto(corpo.client_secret) !== undefined;
  if (basico) {
    if (noCorpo) return { erro: 'Envie as credenciais do cliente de um só jeito: no cabeçalho Authorization (Basic) ou no corpo.' };
    const par = Buffer.from(basico, 'base64').toString('utf8');
    const doisPontos = par.indexOf(':');
    if (doisPontos < 0) return { erro: 'Cabeçalho Authorization Basic malformado.', basico: true };
    try {
      return { id: decodeURIComponent(par.slice(0, doisPontos).replace(/\+/g, ' ')), segredo: decodeURIComponent(par.slice(doisPontos + 1).replace(/\+/g, ' ')), basico: true };
    } catch {
      return { erro: 'Cabeçalho Authorization Basic malformado.', basico: true };
    }
  }
  return { id: texto(corpo.client_id), segredo: texto(corpo.client_secret), basico: false };
}

const respostaToken = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});

/**
 * POST /api/oauth/token: the client credentials grant (RFC 6749 §4.4) for the keys of
 * appTerceirosCadastro. The answer and its errors are OAuth's, not the envelope's; the bearer token
 * (kept only as its sha256) lasts an hour and carries the scopes asked (all of the client's by default).
 */
export async function oauthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // OAuth clients send the form encoding (RFC 6749 §4.4.2); this plugin's routes read it, JSON as well.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, corpo, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(corpo))));
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/oauth/token',
    {
      // Checked by hand below, so every refusal has OAuth's error codes.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: ['Aplicativos de terceiros'],
        summary: 'Token de acesso de um aplicativo de terceiros (OAuth 2, client credentials): Authorization Basic ou client_id e client_secret no corpo',
        security: [],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: z.object({
          grant_type: z.literal('client_credentials'),
          scope: z.string().optional().describe('Escopos separados por espaço; sem ele, todos os do aplicativo'),
          client_id: z.string().optional(),
          client_secret: z.string().optional(),
        }),
        response: { 200: respostaToken },
      },
    },
    async (request, reply) => {
      const corpo = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const grant = texto(corpo.grant_type);
      if (!grant) return erroOAuth(reply, 400, 'invalid_request', 'Informe grant_type=client_credentials.');
      if (grant !== 'client_credentials') return erroOAuth(reply, 400, 'unsupported_grant_type', 'Só o grant_type client_credentials é aceito.');
      const c = credenciais(request, corpo);
      const desafio: Record<string, string> = c.basico ? { 'www-authenticate': 'Basic realm="Retaguarda"' } : {};
      if ('erro' in c && c.erro) return erroOAuth(reply, c.basico ? 401 : 400, c.basico ? 'invalid_client' : 'invalid_request', c.erro, desafio);
      if (!c.id || !c.segredo) return erroOAuth(reply, 401, 'invalid_client', 'Informe client_id e client_secret.', desafio);
      const chave = c.id.length <= 100 ? await chavePorClientId(ctx.db, c.id) : null;
      if (!chave) return erroOAuth(reply, 401, 'invalid_client', 'Cliente desconhecido ou segredo errado.', desafio);
      // Known client from here: the call goes to its audit, wrong secret included.
      request.clienteApi = { grupoEmpresarial: chave.grupoEmpresarial, app: chave.app, chave: chave.chave };
      try {
        contarChamada(chave);
      } catch (error) {
        if (error instanceof HttpError) return erroOAuth(reply, 429, 'slow_down', error.message, error.headers);
        throw error;
      }
      if (!confereSegredo(c.segredo, chave.segredoHash)) return erroOAuth(reply, 401, 'invalid_client', 'Cliente desconhecido ou segredo errado.', desafio);
      if (!chave.viva) return erroOAuth(reply, 401, 'invalid_client', 'Chave revogada ou aplicativo inativo.', desafio);
      const doCliente = chave.dados.escopos ?? [];
      const pedidos = texto(corpo.scope) === undefined ? doCliente : lerEscopos(texto(corpo.scope)!);
      const fora = pedidos.filter((e) => !doCliente.includes(e));
      if (fora.length) return erroOAuth(reply, 400, 'invalid_scope', `Escopo não permitido a este aplicativo: ${fora.join(', ')}.`);
      if (!pedidos.length) return erroOAuth(reply, 400, 'invalid_scope', 'Informe ao menos um escopo.');
      const token = newSecret();
      await withTenant(ctx.db, { grupoEmpresarial: chave.grupoEmpresarial }, (tx) =>
        tx.insert(appTerceirosToken).values({
          grupoEmpresarialId: chave.grupoEmpresarial,
          appTerceirosId: chave.app,
          chaveId: chave.chave,
          tokenHash: sha256(token),
          escopos: pedidos,
          expiraEm: new Date(Date.now() + TOKEN_CLIENTE_SEGUNDOS * 1000),
        }),
      );
      void reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' });
      return { access_token: token, token_type: 'Bearer' as const, expires_in: TOKEN_CLIENTE_SEGUNDOS, scope: pedidos.join(' ') };
    },
  );
}
