import { mensagens } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { withCookie } from './http.ts';

let ctx: TestContext;
let admin: Api;
let caixa: Api;
let outraEmpresa: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
  const token = await signIn(ctx.app, 'admin@demo.com.br');
  const troca = await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: ctx.seed.demo.empresas[1] }, ...withCookie(token) });
  expect(troca.statusCode).toBe(200);
  outraEmpresa = apiClient(ctx.app, token);
});
afterAll(async () => ctx?.close());

/** A picture uploaded in the group (product images must be real files). */
async function foto(api: Api): Promise<string> {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64');
  const res = await api('POST', '/arquivo', { nome: 'lanche.png', tipo: 'image/png', conteudo: png, recurso: 'produtoGeral', campo: 'imagens.arquivo' });
  expect(res.status).toBe(201);
  return res.body.data._id;
}

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

  it('previews and publishes products with this company’s price and modifier groups; edits make it changed; the next publication is version 2', async () => {
    const fotoBurger = await foto(admin);
    const un = await criar(admin, 'unidadeMedida', { sigla: 'PC', descricao: 'Peça' });
    const bacon = await criar(admin, 'produtoGeral', { descricao: 'Bacon extra', unidade: un._id });
    const burger = await criar(admin, 'produtoGeral', {
      descricao: 'X-Burger',
      unidade: un._id,
      imagens: [{ arquivo: fotoBurger }],
      complementos: [{ nome: 'Adicionais', minimo: 0, maximo: 2, itens: [{ produto: bacon._id, precoAdicional: 450 }, { descricao: 'Ovo', precoAdicional: 300 }] }],
    });
    const suco = await criar(admin, 'produtoGeral', { descricao: 'Suco', unidade: un._id });
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: burger._id, preco: 3290 });
    await criar(outraEmpresa, 'produtoGeralEmpresa', { produtoGeral: suco._id, preco: 990 });
    const c = await criar(admin, 'cardapio', { descricao: 'Lanchonete', canais: ['Salão'], secoes: [{ nome: 'Lanches', produtos: [burger._id, suco._id] }] });

    // Each option keeps the product it is (null: just a description), so its stock can be judged live.
    const opcoes = [
      { produto: bacon._id, descricao: 'Bacon extra', precoAdicional: 450 },
      { produto: null, descricao: 'Ovo', precoAdicional: 300 },
    ];
    const item = { produto: burger._id, descricao: 'X-Burger', imagem: fotoBurger, preco: 3290, complementos: [{ nome: 'Adicionais', minimo: 0, maximo: 2, opcoes }] };
    // The preview says whether stock lets the company offer it (and each option) now; a publication never freezes that.
    const naPrevia = { ...item, complementos: [{ ...item.complementos[0]!, opcoes: opcoes.map((o) => ({ ...o, disponivel: true, motivoIndisponivel: null })) }], disponivel: true, motivoIndisponivel: null };
    const semPreco = { secao: 'Lanches', produto: suco._id, descricao: 'Suco', motivo: 'Sem preço nesta empresa.' };
    const previa = await admin('POST', '/cardapio/vitrine', { secoes: c.secoes });
    expect(previa.body.data).toEqual({ secoes: [{ nome: 'Lanches', descricao: '', itens: [naPrevia] }], pendencias: [semPreco] });
    // The other company prices the juice, not the burger: its preview says so.
    const naOutra = await outraEmpresa('POST', '/cardapio/vitrine', { secoes: c.secoes });
    expect(naOutra.body.data.secoes[0].itens.map((i: { descricao: string; preco: number }) => [i.descricao, i.preco])).toEqual([['Suco', 990]]);

    const pub = await admin('POST', `/cardapio/${c._id}/publicar`, { version: 1 });
    expect(pub.status).toBe(200);
    expect(pub.body.data.pendencias).toEqual([semPreco]);
    expect(pub.body.data.cardapio).toMatchObject({ situacao: 'Publicado', version: 2, publicado: { versao: 1, publicadoPor: 'Administrador Demonstração' } });
    expect(pub.body.data.cardapio.publicado.conteudo).toEqual({ descricao: 'Lanchonete', canais: ['Salão'], disponibilidade: [], secoes: [{ nome: 'Lanches', descricao: '', itens: [item] }] });

    // A price change does not touch the published snapshot; reordering makes the draft 'changed'.
    const reordenado = await admin('PUT', `/cardapio/${c._id}`, { secoes: [{ nome: 'Lanches', produtos: [suco._id, burger._id] }], version: 2 });
    expect(reordenado.body.data).toMatchObject({ situacao: 'Alterado após publicar', publicado: { versao: 1 } });
    const denovo = await admin('POST', `/cardapio/${c._id}/publicar`, { version: 3 });
    expect(denovo.body.data.cardapio).toMatchObject({ situacao: 'Publicado', publicado: { versao: 2 } });
    const lista = await admin('POST', '/cardapio/getPopulate', { filtro: { situacao: 'Publicado', _id: c._id } });
    expect(lista.body.data.map((r: { _id: string }) => r._id)).toEqual([c._id]);

    // A product sold only at the table is left out of a delivery menu's view.
    const cafe = await criar(admin, 'produtoGeral', { descricao: 'Café coado', unidade: un._id });
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: cafe._id, preco: 600, modosVenda: ['Salão'] });
    const delivery = await admin('POST', '/cardapio/vitrine', { secoes: [{ nome: 'Cafés', produtos: [cafe._id] }], canais: ['Delivery'] });
    expect(delivery.body.data.pendencias).toEqual([{ secao: 'Cafés', produto: cafe._id, descricao: 'Café coado', motivo: 'Não é vendido nos canais deste cardápio nesta empresa (modos de venda).' }]);
    const salao = await admin('POST', '/cardapio/vitrine', { secoes: [{ nome: 'Cafés', produtos: [cafe._id] }], canais: ['Salão'] });
    expect(salao.body.data.secoes[0].itens).toHaveLength(1);
  });
});
