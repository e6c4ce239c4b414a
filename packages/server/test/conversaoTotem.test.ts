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

/** A picture uploaded in the group (product images must be real files). */
async function foto(api: Api): Promise<string> {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64');
  const res = await api('POST', '/arquivo', { nome: 'lanche.png', tipo: 'image/png', conteudo: png, recurso: 'produtoGeral', campo: 'imagens.arquivo' });
  expect(res.status).toBe(201);
  return res.body.data._id;
}

describe('conversaoTotem: kiosk presentation', () => {
  it('converts the products sold on the kiosk (category from the agrupador), once, and shows them with this company’s price', async () => {
    const fotoBurger = await foto(admin);
    const un = await criar(admin, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
    const lanches = await criar(admin, 'agrupador', { descricao: 'Lanches' });
    const burger = await criar(admin, 'produtoGeral', { descricao: 'X-Burger', unidade: un._id, agrupador: lanches._id, imagens: [{ arquivo: fotoBurger }] });
    const agua = await criar(admin, 'produtoGeral', { descricao: 'Água', unidade: un._id });
    const cafe = await criar(admin, 'produtoGeral', { descricao: 'Café', unidade: un._id });
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: burger._id, preco: 2990 });
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: agua._id, preco: 500, modosVenda: ['Totem'] });
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: cafe._id, preco: 600, modosVenda: ['Salão'] });

    const primeira = await admin('POST', '/conversaoTotem/converter', {});
    expect(primeira.body).toEqual({ valido: true, data: { criados: 2 } });
    expect((await admin('POST', '/conversaoTotem/converter', {})).body.data).toEqual({ criados: 0 });

    const vitrine = await admin('GET', '/conversaoTotem/vitrine');
    expect(vitrine.body.data).toEqual({
      categorias: [
        { nome: 'Lanches', itens: [{ produto: burger._id, nome: 'X-Burger', descricao: '', imagem: fotoBurger, preco: 2990, destaque: false, disponivel: true, motivoIndisponivel: null }] },
        { nome: 'Outros', itens: [{ produto: agua._id, nome: 'Água', descricao: '', imagem: null, preco: 500, destaque: false, disponivel: true, motivoIndisponivel: null }] },
      ],
      pendencias: [],
    });

    // A product added by hand that the company does not sell on the kiosk is listed with the reason.
    await criar(admin, 'conversaoTotem', { produtoGeral: cafe._id, categoria: 'Bebidas' });
    const depois = await admin('GET', '/conversaoTotem/vitrine');
    expect(depois.body.data.pendencias).toEqual([{ produto: cafe._id, descricao: 'Café', motivo: 'Não é vendido no totem nesta empresa (modo de venda Totem desligado).' }]);
    const repetido = await admin('POST', '/conversaoTotem', { produtoGeral: cafe._id, categoria: 'Cafés' });
    expect(repetido.status).toBe(409);
    const semFoto = await admin('POST', '/conversaoTotem', { produtoGeral: burger._id, categoria: 'Lanches', imagem: 'nao-existe' });
    expect(semFoto.status).toBe(400);
    expect(semFoto.body.data.message).toBe('Imagem: Imagem não encontrada; envie-a de novo.');
  });

  it('needs Ver to look and Criar to convert', async () => {
    expect((await caixa('GET', '/conversaoTotem/vitrine')).status).toBe(403);
    const converter = await caixa('POST', '/conversaoTotem/converter', {});
    expect(converter.status).toBe(403);
    expect(converter.body.data.message).toBe('Acesso negado: o seu perfil não permite criar registros na tela Conversão para totem.');
  });
});
