import { mensagens } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxRef } from '../src/mail/outbox.ts';
import { createTestContext, expireAllKeys, type TestContext } from './harness.ts';
import { freshIp, login, signIn, withCookie } from './http.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const pedir = (email: string, ip = freshIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/recuperarSenha', payload: { email }, remoteAddress: ip });
const alterar = (chave: string, senha: string) => ctx.app.inject({ method: 'POST', url: '/api/alterarSenha', payload: { chave, senha } });

/** The key of the newest e-mail sent to `email`, read from the link in its text. */
async function chaveDoEmail(email: string): Promise<string> {
  const rows = (await ctx.outbox()).filter((row) => row.para === email);
  const match = rows.at(-1)?.texto.match(/http:\/\/retaguarda\.test\/alterarSenha\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error('link não encontrado no e-mail');
  return match[1];
}

describe('password recovery', () => {
  it('answers the same for a known and an unknown e-mail, and mails a link only to the known one', async () => {
    const before = (await ctx.outbox()).length;
    const known = await pedir('admin@demo.com.br');
    const unknown = await pedir('nao.existe@demo.com.br');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ valido: true, data: { message: mensagens.recuperacaoEnviada } });

    const rows = await ctx.outbox();
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ para: 'admin@demo.com.br', grupoEmpresarialId: ctx.seed.demo.grupoEmpresarial, status: 'enviado', tentativas: 1 });
    expect(row.assunto).toMatch(/senha/i);
    expect(row.texto).toMatch(/^http:\/\/retaguarda\.test\/alterarSenha\/[A-Za-z0-9_-]{43}$/m);
    expect(ctx.mailer.enviados.at(-1)?.para).toBe('admin@demo.com.br');
  });

  it('does the same work before answering a known and an unknown e-mail: no query, the lookup queued after the answer', async () => {
    const agendados: (() => Promise<OutboxRef[]>)[] = [];
    // The queued work is held (not dropped) so the request path is seen alone; it runs below.
    const agendar = vi.spyOn(ctx.app.outbox, 'agendar').mockImplementation((trabalho) => void agendados.push(trabalho));
    const consultas = [vi.spyOn(ctx.pool, 'query'), vi.spyOn(ctx.pool, 'connect')];
    const contar = () => consultas.reduce((n, spy) => n + spy.mock.calls.length, 0);
    const respostas = [];
    try {
      for (const email of ['admin@demo.com.br', 'nao.existe@demo.com.br']) {
        const antes = contar();
        const res = await pedir(email);
        const { date: _date, ...headers } = res.headers;
        respostas.push({ status: res.statusCode, body: res.body, headers, consultas: contar() - antes });
      }
    } finally {
      agendar.mockRestore();
      for (const spy of consultas) spy.mockRestore();
    }
    expect(respostas[0]).toEqual(respostas[1]);
    expect(respostas[0]).toMatchObject({ status: 200, consultas: 0 });
    expect(agendados).toHaveLength(2);

    // The queued work finds the user and mails the link to the known address only.
    const antes = (await ctx.outbox()).length;
    for (const trabalho of agendados) ctx.app.outbox.dispatch(await trabalho());
    const depois = await ctx.outbox();
    expect(depois.slice(antes).map((row) => row.para)).toEqual(['admin@demo.com.br']);
  });

  it('a key works once: sets the password, ends the sessions, then is refused', async () => {
    const session = await signIn(ctx.app, 'admin@vizinho.com.br');
    await pedir('admin@vizinho.com.br');
    const chave = await chaveDoEmail('admin@vizinho.com.br');

    const first = await alterar(chave, 'recuperada1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ valido: true, data: { message: mensagens.senhaAlterada } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sessao', ...withCookie(session) })).statusCode).toBe(401);
    expect((await login(ctx.app, 'admin@vizinho.com.br', 'recuperada1')).statusCode).toBe(200);
    expect((await login(ctx.app, 'admin@vizinho.com.br', 'demo1234')).statusCode).toBe(401);

    const second = await alterar(chave, 'outra12345');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ valido: false, data: { message: mensagens.chaveInvalida } });
  });

  it('refuses an expired key and an invented one', async () => {
    await pedir('admin@demo.com.br');
    const chave = await chaveDoEmail('admin@demo.com.br');
    await expireAllKeys(ctx);
    const expired = await alterar(chave, 'expirada123');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().data.message).toBe(mensagens.chaveInvalida);
    expect((await alterar('x'.repeat(43), 'inventada123')).statusCode).toBe(400);
    expect((await login(ctx.app, 'admin@demo.com.br', 'demo1234')).statusCode).toBe(200);
  });

  it('checks the new password rules and names the field', async () => {
    const res = await alterar('y'.repeat(43), 'semnumero');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.campos).toEqual({ senha: 'A senha deve ter pelo menos um número.' });
  });

  it('limits requests per address: the 6th answers 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await pedir(`pessoa${i}@exemplo.com.br`, ip)).statusCode).toBe(200);
    const blocked = await pedir('pessoa9@exemplo.com.br', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().data.message).toBe(mensagens.muitasTentativas);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
