import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError, ok } from '../../plugins/envelope.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { RateLimiter } from '../../session/rateLimit.ts';
import type { Database } from '../../db/client.ts';
import { abrirSessaoCliente, CLIENTE_COOKIE, clienteCookieOptions, clienteDoToken, encerrarSessaoCliente, pessoaDoDestino } from './clienteSessao.ts';
import { canalQueEnvia, emitirCodigo, enviarCodigoDepois, verificarCodigo } from './otp.ts';
import { nomeDaLoja, type Loja } from '../qrCode/mesas.ts';
const destinoSchema = z.object({ destino: z.string({ error: 'Informe o e-mail ou telefone.' }).trim().min(1, 'Informe o e-mail ou telefone.').max(254, 'No máximo 254 caracteres.') });
const entrarSchema = destinoSchema.extend({
  codigo: z.string({ error: 'Informe o código.' }).trim().min(1, 'Informe o código.').max(8, 'No máximo 8 dígitos.'),
  nome: z.string().trim().max(120, 'No máximo 120 caracteres.').nullable().default(null),
});
/** A public page whose customers sign in: its routes' prefix (with :token), how a token finds its store, its docs. */
export interface PaginaPublica {
  prefixo: string;
  tags: string[];
  params: z.ZodObject<{ token: z.ZodString }>;
  lojaDoToken: (db: Database, token: string) => Promise<Loja>;
}

/** Like the page's other bodies (qrPublicoRoutes): small, and deep nesting still gets its 400 from the parser. */
const LIMITE_CORPO = 32 * 1024;
const rotulo = (c: string) => ({ destino: 'E-mail ou telefone', codigo: 'Código', nome: 'Nome' })[c] ?? c;

/**
 * Per address, in memory like the page's other limits: the destination's hourly limit (otp.ts) stops one
 * inbox being flooded; these stop one phone spraying codes at many inboxes or guessing at many codes.
 */
export const LIMITES_CLIENTE = {
  codigosPorEndereco: new RateLimiter(10, 600_000),
  entradasPorEndereco: new RateLimiter(20, 600_000),
};

function limitar(l: RateLimiter, chave: string): void {
  const espera = l.retryAfter(chave);
  if (espera > 0) throw new HttpError(429, `Muitas tentativas deste aparelho. Tente de novo em ${espera} s.`, { 'retry-after': String(espera) });
  l.hit(chave);
}

const tokenDe = (request: FastifyRequest) => (request.params as { token: string }).token;
export const cookieClienteDe = (request: FastifyRequest): string | undefined => request.cookies[CLIENTE_COOKIE];

/**
 * The customer's sign-in on a public page, the table's (/q) or the delivery page (/d) (issue 17): a code to an
 * e-mail or phone through the group's provedorOTP, typed back, and a customer session (own cookie, /api/q only,
 * where both pages' calls live) tying the page's orders to the pessoa found or created by that destination.
 * Everything in the page's group only.
 */
export async function clientePublicoRoutes(app: FastifyInstance, ctx: AppContext, pagina: PaginaPublica): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tags, params, prefixo } = pagina;
  const lojaDe = (request: FastifyRequest) => pagina.lojaDoToken(ctx.db, tokenDe(request));

  r.get(`${prefixo}/cliente`, { schema: { tags, security: [], summary: 'O cliente conectado nesta página (ou null) e o canal do código, se o grupo tiver provedor de OTP', params } }, async (request) => {
    const mesa = await lojaDe(request);
    return ok(
      await withTenant(ctx.db, mesa, async (tx) => {
        const cliente = await clienteDoToken(tx, mesa.grupoEmpresarial, cookieClienteDe(request));
        return { cliente: cliente && { nome: cliente.nome, destino: cliente.destino }, canal: await canalQueEnvia(tx, mesa.grupoEmpresarial) };
      }),
    );
  });

  r.post(`${prefixo}/cliente/codigo`, { bodyLimit: LIMITE_CORPO, schema: { tags, security: [], summary: 'Enviar um código de acesso ao e-mail ou telefone do cliente (limite por hora do destino: 429)', params, body: destinoSchema } }, async (request) => {
    const mesa = await lojaDe(request);
    const { destino } = lerOuRecusar(destinoSchema, request.body, rotulo, { padrao: 'destino' });
    limitar(LIMITES_CLIENTE.codigosPorEndereco, request.ip);
    const enviado = await withTenant(ctx.db, mesa, async (tx) => emitirCodigo(tx, mesa.grupoEmpresarial, destino, { empresa: await nomeDaLoja(tx, mesa), sms: ctx }));
    enviarCodigoDepois(ctx, enviado);
    return ok({ destino: enviado.destino, expiraEm: enviado.expiraEm.toISOString() });
  });

  r.post(`${prefixo}/cliente/entrar`, { bodyLimit: LIMITE_CORPO, schema: { tags, security: [], summary: 'Entrar com o código: errado conta uma tentativa (400), esgotado 429, expirado ou usado 410', params, body: entrarSchema } }, async (request, reply) => {
    const mesa = await lojaDe(request);
    const { destino, codigo, nome } = lerOuRecusar(entrarSchema, request.body, rotulo, { padrao: 'codigo' });
    limitar(LIMITES_CLIENTE.entradasPorEndereco, request.ip);
    // A wrong code's attempt is committed before the refusal is answered.
    const r = await withTenant(ctx.db, mesa, async (tx) => {
      const v = await verificarCodigo(tx, mesa.grupoEmpresarial, destino, codigo);
      if (!v.ok) return v;
      const pessoa = await pessoaDoDestino(tx, mesa.grupoEmpresarial, mesa.empresa, v.destino, nome);
      return { ...v, pessoa, sessao: await abrirSessaoCliente(tx, mesa.grupoEmpresarial, pessoa.id, v.destino) };
    });
    if (!r.ok) throw new HttpError(r.status, `Código: ${r.mensagem}`, {}, { codigo: r.mensagem });
    void reply.setCookie(CLIENTE_COOKIE, r.sessao, clienteCookieOptions(ctx.config));
    return ok({ cliente: { nome: r.pessoa.nome, destino: r.destino } });
  });

  r.post(`${prefixo}/cliente/sair`, { bodyLimit: LIMITE_CORPO, schema: { tags, security: [], summary: 'Sair: encerra a sessão do cliente e apaga o seu cookie', params } }, async (request, reply) => {
    const mesa = await lojaDe(request);
    await withTenant(ctx.db, mesa, (tx) => encerrarSessaoCliente(tx, mesa.grupoEmpresarial, cookieClienteDe(request)));
    void reply.clearCookie(CLIENTE_COOKIE, { path: '/api/q' });
    return ok({});
  });
}
