import { mensagens } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('cardapio: draft, preview and publication', () => {
  it('keeps the publication server-written: a client cannot forge it, and a new menu is a draft', async () => {
    const forjado = { versao: 9, publicadoEm: '2026-01-01T00:00:00Z', publicadoPor: 'Eu', assinatura: 'x', conteudo: {} };
    const c = await criar(admin, 'cardapio', { descricao: 'Forjado', canais: ['Salão'], situacao: 'Publicado', publicado: forjado });
    expect(c).toMatchObject({ situacao: 'Rascunho', publicado: null });
    const res = await admin('PUT', `/cardapio/${c._id}`, { publicado: forjado, situacao: 'Publicado', version: 1 });
    expect(res.body.data).toMatchObject({ situacao: 'Rascunho', publicado: null, version: 2 });
  });

  it('refuses to publish a menu without any product sellable in the company, and a stale version', async () => {
    const perdido = await admin('POST', '/cardapio', { descricao: 'Perdido', canais: ['Salão'], secoes: [{ nome: 'Pratos', produtos: ['nao-existe'] }] });
    expect(perdido.status).toBe(400);
    expect(perdido.body.data.message).toBe('Seções: Produto não encontrado.');
    const c = await criar(admin, 'cardapio', { descricao: 'Vazio', canais: ['Salão'], secoes: [{ nome: 'Pratos' }] });
    const vazio = await admin('POST', `/cardapio/${c._id}/publicar`, { version: 1 });
    expect(vazio.status).toBe(400);
    expect(vazio.body.data.message).toBe('Nada a publicar: inclua ao menos um produto com preço nesta empresa.');
    const stale = await admin('POST', `/cardapio/${c._id}/publicar`, { version: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body.data.message).toBe(mensagens.versaoDesatualizada);
    const semVersao = await admin('POST', `/cardapio/${c._id}/publicar`, {});
    expect(semVersao.status).toBe(400);
    expect((await admin('GET', `/cardapio/${c._id}`)).body.data).toMatchObject({ version: 1, publicado: null });
  });

  it('previews an unsaved draft, saying why a product is left out', async () => {
    const res = await admin('POST', '/cardapio/vitrine', { secoes: [{ nome: 'Pratos', produtos: ['nao-existe'] }] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      secoes: [{ nome: 'Pratos', descricao: '', itens: [] }],
      pendencias: [{ secao: 'Pratos', produto: 'nao-existe', descricao: 'nao-existe', motivo: 'Produto não encontrado (excluído ou na lixeira).' }],
    });
    const invalido = await admin('POST', '/cardapio/vitrine', { secoes: [{ nome: '' }] });
    expect(invalido.status).toBe(400);
    expect(invalido.body.data.message).toMatch(/^Seções: Informe o nome da seção\.$/);
  });

  it('needs Ver to preview and Editar to publish (403 naming screen and action)', async () => {
    const c = await criar(admin, 'cardapio', { descricao: 'Restrito', canais: ['Salão'] });
    const previa = await caixa('POST', '/cardapio/vitrine', { secoes: [] });
    expect(previa.status).toBe(403);
    expect(previa.body.data.message).toBe('Acesso negado: o seu perfil não permite ver na tela Cardápios.');
    const publicar = await caixa('POST', `/cardapio/${c._id}/publicar`, { version: 1 });
    expect(publicar.status).toBe(403);
    expect(publicar.body.data.message).toBe('Acesso negado: o seu perfil não permite editar registros na tela Cardápios.');
  });
});
