import { mensagens } from '@retaguarda/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuario } from '../src/db/schema/index.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { freshIp, login, sessionCookie, signIn, withCookie } from './http.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('POST /api/login', () => {
  it('signs in by e-mail in any case and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await login(ctx.app, 'ADMIN@Demo.com.br', 'demo1234');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'retaguarda_sessao');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBeGreaterThan(0);

    const body = res.json();
    expect(body.valido).toBe(true);
    expect(body.data.usuario).toMatchObject({ login: 'admin@demo.com.br', administrador: true, atribuicaoSistema: 'Administrador' });
    expect(body.data.grupoEmpresarial).toEqual({ _id: ctx.seed.demo.grupoEmpresarial, nome: 'Grupo Demonstração' });
    expect(body.data.empresas.map((e: { _id: string }) => e._id).sort()).toEqual([...ctx.seed.demo.empresas].sort());
    expect(body.data.empresa._id).toBe(ctx.seed.demo.empresas[0]);
    expect(body.data.empresa.configuracoes.googleVersaoApi).toBe('quarterly');
    // Nothing about the password leaves the server.
    expect(res.body).not.toMatch(/senha|hash|argon2/i);
  });

  it('sets the Secure flag when COOKIE_SECURE is on', async () => {
    const { buildApp } = await import('../src/app.ts');
    const secureApp = await buildApp({ db: ctx.db, pool: ctx.pool, config: { ...ctx.config, cookieSecure: true }, mailer: ctx.mailer, logger: false });
    const res = await login(secureApp, 'admin@demo.com.br', 'demo1234');
    expect(res.cookies.find((c) => c.name === 'retaguarda_sessao')?.secure).toBe(true);
    await secureApp.close();
  });

  it('refuses a wrong password or an unknown login with 401 and the same Portuguese message', async () => {
    const wrong = await login(ctx.app, 'admin@demo.com.br', 'errada123');
    const unknown = await login(ctx.app, 'ninguem@demo.com.br', 'errada123');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ valido: false, data: { message: mensagens.loginInvalido } });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('answers 429 with Retry-After on the 6th failed try from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await login(ctx.app, `tentativa${i}@demo.com.br`, 'errada123', {}, ip)).statusCode).toBe(401);
    }
    const blocked = await login(ctx.app, 'admin@demo.com.br', 'demo1234', {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().data.message).toBe(mensagens.muitasTentativas);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits failures per login too, whatever the address', async () => {
    for (let i = 0; i < 5; i++) expect((await login(ctx.app, 'alvo@demo.com.br', `errada${i}aa`)).statusCode).toBe(401);
    expect((await login(ctx.app, 'ALVO@demo.com.br', 'errada9aa')).statusCode).toBe(429);
  });

  it('names the missing field when the body is invalid', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { senha: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.valido).toBe(false);
    expect(body.data.campos).toEqual({ login: 'Informe o login.' });
    expect(body.data.message).toContain('login');
  });
});

describe('session', () => {
  it('GET /api/sessao answers 401 without a cookie and the session data with one', async () => {
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/sessao' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ valido: false, data: { message: mensagens.sessaoExpirada } });

    const bogus = await ctx.app.inject({ method: 'GET', url: '/api/sessao', ...withCookie('inventado') });
    expect(bogus.statusCode).toBe(401);

    const token = await signIn(ctx.app, 'admin@demo.com.br');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/sessao', ...withCookie(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.usuario.login).toBe('admin@demo.com.br');
    expect(res.body).not.toMatch(/senha|hash/i);
  });

  it('POST /api/logout ends the session and clears the cookie', async () => {
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/logout', ...withCookie(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valido: true, data: {} });
    const cleared = res.cookies.find((c) => c.name === 'retaguarda_sessao');
    expect(cleared?.value).toBe('');
    const after = await ctx.app.inject({ method: 'GET', url: '/api/sessao', ...withCookie(token) });
    expect(after.statusCode).toBe(401);
  });

  it('switches the active company to another allowed one and keeps it in the session', async () => {
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    const shopping = ctx.seed.demo.empresas[1]!;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: shopping }, ...withCookie(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.empresa._id).toBe(shopping);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/sessao', ...withCookie(token) });
    expect(again.json().data.empresa.nomeFantasia).toBe('Restaurante Demonstração Shopping');
  });

  it("refuses a switch to another group's company with 403", async () => {
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sessao/empresa',
      payload: { empresa: ctx.seed.vizinho.empresas[0] },
      ...withCookie(token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ valido: false, data: { message: mensagens.empresaNaoPermitida } });
  });

  it('changes the own password: wrong current one refused, new one works, other sessions end', async () => {
    const other = await signIn(ctx.app, 'admin@vizinho.com.br');
    const token = await signIn(ctx.app, 'admin@vizinho.com.br');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/sessao/senha',
      payload: { senhaAtual: 'errada123', senha: 'nova12345' },
      ...withCookie(token),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.message).toBe(mensagens.senhaAtualIncorreta);

    const weak = await ctx.app.inject({ method: 'POST', url: '/api/sessao/senha', payload: { senhaAtual: 'demo1234', senha: 'curta' }, ...withCookie(token) });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.campos.senha).toBeTruthy();

    const res = await ctx.app.inject({ method: 'POST', url: '/api/sessao/senha', payload: { senhaAtual: 'demo1234', senha: 'nova12345' }, ...withCookie(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(mensagens.senhaAlterada);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sessao', ...withCookie(token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sessao', ...withCookie(other) })).statusCode).toBe(401);
    expect((await login(ctx.app, 'admin@vizinho.com.br', 'demo1234')).statusCode).toBe(401);
    const back = await signIn(ctx.app, 'admin@vizinho.com.br', 'nova12345');
    await ctx.app.inject({ method: 'POST', url: '/api/sessao/senha', payload: { senhaAtual: 'nova12345', senha: 'demo1234' }, ...withCookie(back) });
  });

  it('refuses an inactive user with 403 after a correct password', async () => {
    await ctx.db.update(usuario).set({ ativo: false }).where(eq(usuario.id, ctx.seed.vizinho.admin));
    try {
      const res = await login(ctx.app, 'admin@vizinho.com.br', 'demo1234');
      expect(res.statusCode).toBe(403);
      expect(res.json().data.message).toBe(mensagens.usuarioInativo);
    } finally {
      await ctx.db.update(usuario).set({ ativo: true }).where(eq(usuario.id, ctx.seed.vizinho.admin));
    }
  });

  it('asks which group when one login and password exist in two groups, then signs into the chosen one', async () => {
    const [admin] = await ctx.db.select().from(usuario).where(eq(usuario.id, ctx.seed.demo.admin));
    const [copia] = await ctx.db
      .insert(usuario)
      .values({ ...admin!, id: undefined, grupoEmpresarialId: ctx.seed.vizinho.grupoEmpresarial, pessoaId: null, empresas: [], empresaPadrao: null })
      .returning();
    try {
      const res = await login(ctx.app, 'admin@demo.com.br', 'demo1234');
      expect(res.statusCode).toBe(200);
      expect(res.cookies).toHaveLength(0);
      expect(res.json().data.escolherGrupo.map((g: { nome: string }) => g.nome)).toEqual(['Grupo Demonstração', 'Grupo Vizinho']);

      const chosen = await login(ctx.app, 'admin@demo.com.br', 'demo1234', { grupoEmpresarial: ctx.seed.vizinho.grupoEmpresarial });
      expect(chosen.statusCode).toBe(200);
      sessionCookie(chosen);
      expect(chosen.json().data.grupoEmpresarial.nome).toBe('Grupo Vizinho');
      expect(chosen.json().data.empresa._id).toBe(ctx.seed.vizinho.empresas[0]);
    } finally {
      await ctx.db.delete(usuario).where(eq(usuario.id, copia!.id));
    }
  });
});
