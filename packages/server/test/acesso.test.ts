import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perfilCaixaDemo } from '../src/seed/demo.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let admin: Api;
let caixa: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
});
afterAll(async () => ctx?.close());

const negado = (acao: string, tela: string) => `Acesso negado: o seu perfil não permite ${acao} na tela ${tela}.`;

async function darAoCaixa(telas: Record<string, string[]>) {
  const perfil = (await admin('GET', `/acessoSistema/${ctx.seed.caixa.perfil}`)).body.data;
  const res = await admin('PUT', `/acessoSistema/${perfil._id}`, { telas: { ...perfilCaixaDemo.telas, ...telas }, version: perfil.version });
  expect(res.status).toBe(200);
}

describe('access profiles on the API', () => {
  it('/api/sessao carries the profile: the cashier its grid, the administrator everything', async () => {
    const sessaoCaixa = (await caixa('GET', '/sessao')).body.data.usuario;
    expect(sessaoCaixa).toMatchObject({ administrador: false, atribuicaoSistema: 'Caixa' });
    expect(sessaoCaixa.permissoes).toEqual({ administrador: false, telas: perfilCaixaDemo.telas, pdv: perfilCaixaDemo.pdv });
    expect((await admin('GET', '/sessao')).body.data.usuario.permissoes).toEqual({ administrador: true, telas: {}, pdv: [] });
  });

  it('refuses each write without the action (403 naming screen and action) and allows it once granted', async () => {
    const unidade = await criar(admin, 'unidadeMedida', { sigla: 'CX', descricao: 'Caixa com 12' });
    const tela = 'Unidades de medida';
    const chamadas = [
      ['POST', '/unidadeMedida', { sigla: 'FD', descricao: 'Fardo' }, negado('criar registros', tela)],
      ['PUT', `/unidadeMedida/${unidade._id}`, { descricao: 'Caixa com 24', version: 1 }, negado('editar registros', tela)],
      ['DELETE', `/unidadeMedida/${unidade._id}`, undefined, negado('enviar registros para a lixeira ou restaurá-los', tela)],
      ['POST', `/unidadeMedida/${unidade._id}/restaurar`, undefined, negado('enviar registros para a lixeira ou restaurá-los', tela)],
    ] as const;
    for (const [method, url, body, message] of chamadas) {
      const res = await caixa(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({ valido: false, data: { message } });
    }
    // Nothing changed.
    expect((await admin('GET', `/unidadeMedida/${unidade._id}`)).body.data).toMatchObject({ descricao: 'Caixa com 12', version: 1, lixo: false });

    await darAoCaixa({ unidadeMedida: ['ver', 'criar', 'editar', 'lixeira'] });
    expect((await caixa('POST', '/unidadeMedida', { sigla: 'FD', descricao: 'Fardo' })).status).toBe(201);
    expect((await caixa('PUT', `/unidadeMedida/${unidade._id}`, { descricao: 'Caixa com 24', version: 1 })).status).toBe(200);
    expect((await caixa('DELETE', `/unidadeMedida/${unidade._id}`)).body.data).toMatchObject({ lixo: true });
    expect((await caixa('POST', `/unidadeMedida/${unidade._id}/restaurar`)).body.data).toMatchObject({ lixo: false });
  });

  it('reading a restricted resource (usuarios) needs Ver; reference lists are read by every signed-in user', async () => {
    for (const [method, url, body] of [
      ['POST', '/usuario/getPopulate', {}],
      ['GET', '/usuario', undefined],
      ['GET', `/usuario/${ctx.seed.demo.admin}`, undefined],
    ] as const) {
      const res = await caixa(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.data.message).toBe(negado('ver', 'Usuários'));
    }
    // formaPagamento/getPopulate is what the web's configuration lists load for every operator (SPEC §7);
    // unidadeMedida is not on the cashier's profile at all and still reads as a reference list.
    await criar(admin, 'unidadeMedida', { sigla: 'PC', descricao: 'Peça' });
    expect((await caixa('POST', '/formaPagamento/getPopulate', { filtro: { lixo: false } })).status).toBe(200);
    const unidades = await caixa('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'PC' } });
    expect(unidades.body.data).toHaveLength(1);

    await darAoCaixa({ usuarios: ['ver'] });
    const lista = await caixa('POST', '/usuario/getPopulate', { filtro: { login: 'admin@demo.com.br' } });
    expect(lista.status).toBe(200);
    expect(lista.body.data.map((u: { login: string }) => u.login)).toEqual(['admin@demo.com.br']);
    // Ver is not Criar.
    const criarUsuario = await caixa('POST', '/usuario', { nome: 'Intruso', login: 'intruso', atribuicaoSistema: 'Administrador', administrador: true, senha: 'senha1234' });
    expect(criarUsuario.status).toBe(403);
    expect(criarUsuario.body.data.message).toBe(negado('criar registros', 'Usuários'));
    // Nor may the cashier give itself more rights.
    const perfil = (await admin('GET', `/acessoSistema/${ctx.seed.caixa.perfil}`)).body.data;
    const escalar = await caixa('PUT', `/acessoSistema/${perfil._id}`, { telas: { usuarios: ['ver', 'criar'] }, version: perfil.version });
    expect(escalar.status).toBe(403);
    expect(escalar.body.data.message).toBe(negado('editar registros', 'Perfis de acesso'));
  });

  it('a resource without a screen of its own (periodo) is written by administrators only', async () => {
    const caixaRegistro = await criar(admin, 'caixa', { descricao: 'Caixa do período' });
    const res = await caixa('POST', '/periodo', { caixa: caixaRegistro._id, dataAbertura: '2026-03-01' });
    expect(res.status).toBe(403);
    expect(res.body.data.message).toMatch(/^Acesso negado: o seu perfil não permite criar registros na tela periodo\.$/);
    expect((await caixa('POST', '/periodo/getPopulate', { filtro: { periodoAberto: true } })).status).toBe(200);
    expect((await admin('POST', '/periodo', { caixa: caixaRegistro._id, dataAbertura: '2026-03-01' })).status).toBe(201);
  });

  it('the Administrador role is an administrator without the flag or a profile', async () => {
    const empresas = ctx.seed.demo.empresas;
    await criar(admin, 'usuario', { nome: 'Dona do grupo', login: 'dona@demo.com.br', atribuicaoSistema: 'Administrador', empresas: [empresas[0]], senha: 'senha1234' });
    const dona = apiClient(ctx.app, await signIn(ctx.app, 'dona@demo.com.br', 'senha1234'));
    const sessao = (await dona('GET', '/sessao')).body.data;
    expect(sessao.usuario).toMatchObject({ administrador: true, permissoes: { administrador: true } });
    // Every company of the group, like the flag gives.
    expect(sessao.empresas.map((e: { _id: string }) => e._id).sort()).toEqual([...empresas].sort());
    expect((await dona('POST', '/usuario/getPopulate', {})).status).toBe(200);
    expect((await dona('POST', '/acessoSistema', { nome: 'Cozinha', telas: { kdsEstacao: ['ver'] } })).status).toBe(201);
  });

  it('a profile in the trash grants nothing, and a change to the profile applies to the next request', async () => {
    await darAoCaixa({ agrupador: ['ver', 'criar'] });
    expect((await caixa('POST', '/agrupador', { descricao: 'Bebidas do caixa' })).status).toBe(201);
    expect((await admin('DELETE', `/acessoSistema/${ctx.seed.caixa.perfil}`)).status).toBe(200);
    expect((await caixa('POST', '/agrupador', { descricao: 'Lanches do caixa' })).status).toBe(403);
    expect((await caixa('GET', '/sessao')).body.data.usuario.permissoes).toEqual({ administrador: false, telas: {}, pdv: [] });
    expect((await admin('POST', `/acessoSistema/${ctx.seed.caixa.perfil}/restaurar`)).status).toBe(200);
    expect((await caixa('POST', '/agrupador', { descricao: 'Lanches do caixa' })).status).toBe(201);
  });

  it('refuses a profile or companies of another group on a user', async () => {
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const base = { nome: 'Atravessado', login: 'atravessado', atribuicaoSistema: 'Caixa', senha: 'senha1234' };
    const perfilAlheio = await vizinho('POST', '/usuario', { ...base, acessoSistema: ctx.seed.caixa.perfil, empresas: ctx.seed.vizinho.empresas });
    expect(perfilAlheio.status).toBe(400);
    expect(perfilAlheio.body.data.campos).toEqual({ acessoSistema: 'Perfil de acesso não encontrado.' });
    const perfil = await criar(vizinho, 'acessoSistema', { nome: 'Caixa vizinho', telas: { caixa: ['ver'] } });
    const empresaAlheia = await vizinho('POST', '/usuario', { ...base, acessoSistema: perfil._id, empresas: [ctx.seed.demo.empresas[0]] });
    expect(empresaAlheia.status).toBe(400);
    expect(empresaAlheia.body.data.campos).toEqual({ empresas: 'Empresa não encontrada.' });
  });
  it('refuses the calls beside the generic ones too: certificate, company wizard, IBPT import, voucher batch', async () => {
    const empresa = ctx.seed.demo.empresas[0];
    const chamadas = [
      ['POST', `/empresa/${empresa}/certificado`, { arquivo: 'AAAA', senha: 'x' }, negado('editar registros', 'Empresas')],
      ['DELETE', `/empresa/${empresa}/certificado`, undefined, negado('editar registros', 'Empresas')],
      ['POST', '/empresaSimplificado', { razaoSocial: 'Loja Nova' }, negado('criar registros', 'Empresa simplificada')],
      ['POST', '/voucherECupomDesconto/gerarLote', { quantidade: 2 }, negado('criar registros', 'Vouchers e cupons de desconto')],
    ] as const;
    for (const [method, url, body, message] of chamadas) {
      const res = await caixa(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.data.message, `${method} ${url}`).toBe(message);
    }
    const token = await signIn(ctx.app, 'caixa@demo.com.br');
    const ibpt = await ctx.app.inject({
      method: 'POST',
      url: '/api/olhoNoImposto/importar?uf=SP',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('codigo;ex;tipo;descricao\n'),
      cookies: { retaguarda_sessao: token },
    });
    expect(ibpt.statusCode).toBe(403);
    expect(ibpt.json().data.message).toMatch(/^Acesso negado: o seu perfil não permite criar registros na tela /);
    expect((await admin('GET', '/olhoNoImposto/versoes')).body.data).toEqual([]);
  });
});
