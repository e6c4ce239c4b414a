import { mensagens } from '@retaguarda/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { usuario } from '../src/db/schema/index.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { freshIp, login, sessionCookie, signIn, withCookie } from './http.ts';
import { amostras, apiClient, criar } from './resourceApi.ts';

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

  it('nobody can lock a user out: a guesser gets 429 with Retry-After, the user signs in from another address', async () => {
    const casa = freshIp();
    expect((await login(ctx.app, 'caixa@demo.com.br', 'demo1234', {}, casa)).statusCode).toBe(200);
    const atacante = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(ctx.app, 'caixa@demo.com.br', `errada${i}aa`, {}, atacante)).statusCode).toBe(401);
    // The guesser's address waits for the window, even with the right password…
    const bloqueado = await login(ctx.app, 'CAIXA@demo.com.br', 'demo1234', {}, atacante);
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json()).toEqual({ valido: false, data: { message: mensagens.muitasTentativas } });
    // Until the oldest of the five failures leaves the 15-minute window.
    expect(Number(bloqueado.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(bloqueado.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // …the account is not locked: the user gets in from another address.
    expect((await login(ctx.app, 'caixa@demo.com.br', 'demo1234')).statusCode).toBe(200);
  });

  it('a login guessed from many addresses slows each new try (Retry-After) but never locks it', async () => {
    // A user of its own: the failures below must not slow the other tests' sign-ins.
    const admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const corpo = (await amostras.usuario.corpos(admin))[0] as { login: string; senha: string };
    await criar(admin, 'usuario', corpo);
    // The clock stands still, so the one-second delay is measured exactly.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const casa = freshIp();
      expect((await login(ctx.app, corpo.login, corpo.senha, {}, casa)).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) expect((await login(ctx.app, corpo.login, 'errada123')).statusCode).toBe(401);
      const lento = await login(ctx.app, corpo.login, corpo.senha);
      expect(lento.statusCode).toBe(429);
      expect(lento.headers['retry-after']).toBe('1');
      // The address the user signed in from is not slowed; any address gets in once the delay passed.
      expect((await login(ctx.app, corpo.login, corpo.senha, {}, casa)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 1000);
      expect((await login(ctx.app, corpo.login, corpo.senha)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an address that sprays many logins gets 429 for all of them; other addresses are untouched', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await login(ctx.app, `tentativa${i}@demo.com.br`, 'errada123', {}, ip)).statusCode).toBe(401);
    const blocked = await login(ctx.app, 'admin@demo.com.br', 'demo1234', {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(ctx.app, 'admin@demo.com.br', 'demo1234')).statusCode).toBe(200);
  });

  it('behind a trusted proxy (TRUST_PROXY), counts the client address it forwards, not the proxy', async () => {
    const { buildApp } = await import('../src/app.ts');
    const atras = await buildApp({ db: ctx.db, pool: ctx.pool, config: { ...ctx.config, trustProxy: '10.200.0.1' }, mailer: ctx.mailer, logger: false });
    const via = (cliente: string, senha: string) =>
      atras.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.200.0.1', headers: { 'x-forwarded-for': cliente }, payload: { login: 'proxy@demo.com.br', senha } });
    for (let i = 0; i < 5; i++) expect((await via('203.0.113.7', `errada${i}aa`)).statusCode).toBe(401);
    expect((await via('203.0.113.7', 'errada9aa')).statusCode).toBe(429);
    expect((await via('203.0.113.8', 'errada9aa')).statusCode).toBe(401);
    await atras.close();
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
