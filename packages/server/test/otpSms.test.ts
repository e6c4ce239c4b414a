import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { iniciarSmsDouble } from './smsDouble.ts';

/**
 * provedorOTP by SMS (issue 17): the gateway's token set on the record (encrypted, never read back), the
 * code sent through the local SMS gateway double that SMS_API_URL points at, checked once, limited per
 * number and hour, ended at expiry and by wrong attempts; a gateway that refuses or is down is a 502/503
 * in Portuguese and leaves no code behind; another group neither sees nor sets our token.
 */
const TOKEN = 'zenvia-token-de-teste-0123456789';
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let sms: Awaited<ReturnType<typeof iniciarSmsDouble>>;
let provedor: string;

beforeAll(async () => {
  sms = await iniciarSmsDouble(TOKEN);
  ctx = await createTestContext({ SMS_API_URL: sms.url });
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  provedor = (await criar(api, 'provedorOTP', { descricao: 'SMS da loja', canal: 'SMS', remetenteSms: 'Demo', tamanhoCodigo: 6, validadeMinutos: 5, tentativas: 3, limitePorHora: 3 }))._id;
});
afterAll(async () => {
  await ctx?.close();
  await sms?.fechar();
});

/** The code in the last SMS to `numero`, as the customer reads it. */
const codigoDoSms = (numero: string) => /código de acesso é (\d+)/.exec(sms.recebidos.filter((r) => r.corpo.to === numero).at(-1)!.corpo.contents![0]!.text)![1]!;
const codigosGuardados = async (destino: string) => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int n from otp_codigo where destino = ${destino}`)).rows[0]!.n;

describe('provedorOTP by SMS', () => {
  it('says the token is missing until it is set, and keeps it encrypted, never answered back', async () => {
    expect((await api('GET', `/provedorOTP/${provedor}/sms`)).body.data).toEqual({ definido: false, definidoEm: null });
    const semToken = await api('POST', '/provedorOTP/testar', { destino: '(11) 98765-4321' });
    expect([semToken.status, semToken.body.data.message]).toEqual([409, 'SMS: defina o token do provedor de SMS no Provedor de OTP.']);
    expect(sms.recebidos).toHaveLength(0);

    const curto = await api('PUT', `/provedorOTP/${provedor}/sms`, { token: 'abc' });
    expect([curto.status, curto.body.data.message]).toEqual([400, 'Token: O token tem pelo menos 8 caracteres.']);
    const definido = await api('PUT', `/provedorOTP/${provedor}/sms`, { token: TOKEN });
    expect(definido.status, JSON.stringify(definido.body)).toBe(200);
    const lido = await api('GET', `/provedorOTP/${provedor}/sms`);
    expect(lido.body.data.definido).toBe(true);
    expect(JSON.stringify([lido.body, definido.body, (await api('GET', `/provedorOTP/${provedor}`)).body])).not.toContain(TOKEN);
    const [linha] = (await ctx.db.execute<{ token_cifrado: string }>(sql`select token_cifrado from otp_sms_credencial where provedor_id = ${provedor}`)).rows;
    expect(linha!.token_cifrado).not.toContain(TOKEN);
  });

  it('sends the code by SMS with the token and the sender, and accepts it once', async () => {
    const r = await api('POST', '/provedorOTP/testar', { destino: '(11) 98765-4321' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.destino).toBe('11987654321');
    expect(JSON.stringify(r.body)).not.toMatch(/"codigo"/);
    const [enviado] = sms.recebidos;
    expect([enviado!.token, enviado!.corpo.from, enviado!.corpo.to]).toEqual([TOKEN, 'Demo', '5511987654321']);
    const codigo = codigoDoSms('5511987654321');
    expect(codigo).toMatch(/^\d{6}$/);
    expect(enviado!.corpo.contents![0]!.text).toContain('Ele vale por 5 minutos.');

    const certo = await api('POST', '/provedorOTP/verificar', { destino: '11 98765-4321', codigo });
    expect(certo.body.data).toEqual({ verificado: true, destino: '11987654321' });
    expect((await api('POST', '/provedorOTP/verificar', { destino: '11987654321', codigo })).status).toBe(410);
  });

  it('counts wrong attempts and ends a code at its expiry', async () => {
    await api('POST', '/provedorOTP/testar', { destino: '(21) 99888-7766' });
    const codigo = codigoDoSms('5521998887766');
    const errado = codigo === '000000' ? '000001' : '000000';
    const tentativas = [];
    for (let i = 0; i < 3; i++) tentativas.push((await api('POST', '/provedorOTP/verificar', { destino: '21998887766', codigo: errado })).body.data.message);
    expect(tentativas).toEqual(['Código: Código incorreto. Restam 2 tentativas.', 'Código: Código incorreto. Resta 1 tentativa.', 'Código: Código incorreto. As tentativas acabaram: peça outro código.']);
    expect((await api('POST', '/provedorOTP/verificar', { destino: '21998887766', codigo })).status).toBe(429);

    await api('POST', '/provedorOTP/testar', { destino: '(21) 99888-7766' });
    const novo = codigoDoSms('5521998887766');
    await ctx.db.execute(sql`update otp_codigo set expira_em = now() - interval '1 second' where destino = '21998887766'`);
    const tarde = await api('POST', '/provedorOTP/verificar', { destino: '21998887766', codigo: novo });
    expect([tarde.status, tarde.body.data.message]).toEqual([410, 'Código: Código expirado ou já usado: peça outro.']);
  });

  it('limits the codes a number may ask per hour', async () => {
    for (let i = 0; i < 3; i++) expect((await api('POST', '/provedorOTP/testar', { destino: '(31) 97777-0000' })).status).toBe(200);
    const demais = await api('POST', '/provedorOTP/testar', { destino: '(31) 97777-0000' });
    expect(demais.status).toBe(429);
    expect(demais.body.data.message).toMatch(/^Destino: muitos códigos pedidos na última hora; tente de novo em \d+ min\.$/);
    expect(sms.recebidos.filter((r) => r.corpo.to === '5531977770000')).toHaveLength(3);
  });

  it('says in Portuguese when the gateway fails, and keeps no code (nor uses up the hourly limit)', async () => {
    const destino = '41988776655';
    sms.falhas.push({ status: 500, corpo: { code: 'INTERNAL_ERROR', message: 'Internal error' } });
    const fora = await api('POST', '/provedorOTP/testar', { destino });
    expect([fora.status, fora.body.data.message]).toEqual([503, 'SMS: o provedor de SMS está indisponível (HTTP 500); nenhum código foi enviado. Tente de novo em instantes.']);

    sms.falhas.push({ status: 400, corpo: { code: 'VALIDATION_ERROR', message: 'Invalid destination number' } });
    const recusado = await api('POST', '/provedorOTP/testar', { destino });
    expect([recusado.status, recusado.body.data.message]).toEqual([502, 'SMS: o provedor de SMS recusou a mensagem (Invalid destination number); nenhum código foi enviado.']);

    sms.estado.fora = true;
    try {
      const caido = await api('POST', '/provedorOTP/testar', { destino });
      expect([caido.status, caido.body.data.message]).toEqual([503, 'SMS: o provedor de SMS não respondeu; nenhum código foi enviado. Tente de novo em instantes.']);
    } finally {
      sms.estado.fora = false;
    }

    expect((await api('PUT', `/provedorOTP/${provedor}/sms`, { token: 'um-token-que-o-provedor-nao-conhece' })).status).toBe(200);
    const tokenErrado = await api('POST', '/provedorOTP/testar', { destino });
    expect([tokenErrado.status, tokenErrado.body.data.message]).toEqual([502, 'SMS: o provedor de SMS recusou o token; confira o token no Provedor de OTP. Nenhum código foi enviado.']);
    expect(await codigosGuardados(destino)).toBe(0);

    // Four failures did not use up the three an hour: with the right token the number still gets its code.
    expect((await api('PUT', `/provedorOTP/${provedor}/sms`, { token: TOKEN })).status).toBe(200);
    expect((await api('POST', '/provedorOTP/testar', { destino })).status).toBe(200);
    expect(await codigosGuardados(destino)).toBe(1);
  });

  it("keeps another group out of our provider's token", async () => {
    expect((await vizinho('GET', `/provedorOTP/${provedor}/sms`)).status).toBe(404);
    expect((await vizinho('PUT', `/provedorOTP/${provedor}/sms`, { token: 'token-do-vizinho-123456' })).status).toBe(404);
    const [linha] = (await ctx.db.execute<{ definido_por: string; n: number }>(sql`select count(*)::int n, min(definido_por) definido_por from otp_sms_credencial where provedor_id = ${provedor}`)).rows;
    expect(linha!.n).toBe(1);
    expect(sms.recebidos.every((r) => r.token === TOKEN)).toBe(true);
  });
});
