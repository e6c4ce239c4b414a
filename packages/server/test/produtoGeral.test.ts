import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
let un: string;
let kg: string;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  un = (await criar(api, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' }))._id;
  kg = (await criar(api, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true }))._id;
});
afterAll(async () => ctx?.close());

const produto = (extra: Record<string, unknown>) => ({ unidade: un, ...extra });

describe('produtoGeral', () => {
  it('gives the next numeric code when none is typed, and keeps a typed one', async () => {
    const proprio = await criar(api, 'produtoGeral', produto({ codigo: '41', descricao: 'Refrigerante lata' }));
    expect(proprio.codigo).toBe('41');
    await criar(api, 'produtoGeral', produto({ codigo: 'ABC-9', descricao: 'Código com letras' }));
    const automatico = await criar(api, 'produtoGeral', produto({ descricao: 'Suco natural' }));
    expect(automatico.codigo).toBe('42');
    const repetido = await api('POST', '/produtoGeral', produto({ codigo: '41', descricao: 'Outro' }));
    expect(repetido.status).toBe(409);
    expect(repetido.body.data.message).toBe("Já existe Produto com Código '41'.");
  });

  it('gives distinct codes to products created at the same moment (two clerks at once)', async () => {
    const criados = await Promise.all(['Coxinha', 'Esfiha', 'Quibe', 'Empada'].map((descricao) => api('POST', '/produtoGeral', produto({ descricao }))));
    expect(criados.map((c) => c.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(criados.map((c) => c.body.data.codigo)).size).toBe(4);
  });

  it('stores GTIN, NCM and CEST as digits, fills the receipt description, and labels the origin', async () => {
    const p = await criar(api, 'produtoGeral', produto({ descricao: 'Cerveja long neck 355 ml importada da Alemanha', gtin: '789 1000 31550 7', ncm: '2203.00.00', cest: '03.021.00', origem: '1' }));
    expect(p).toMatchObject({ gtin: '7891000315507', ncm: '22030000', cest: '0302100', origem: '1', tipoProduto: 'normal', ativo: true, imagens: [], complementos: [] });
    expect(p.descricaoCupom).toBe('Cerveja long neck 355 ml importada da Al');
    const sem = await criar(api, 'produtoGeral', produto({ descricao: 'Pão de queijo', gtin: 'sem gtin', ncm: '' }));
    expect(sem).toMatchObject({ gtin: 'SEM GTIN', ncm: null, cest: null });
  });

  it.each([
    [{ gtin: '7891000315508' }, 'gtin', 'GTIN/EAN: GTIN/EAN inválido: use 8, 12, 13 ou 14 dígitos com o dígito verificador certo, ou SEM GTIN.'],
    [{ ncm: '2203' }, 'ncm', 'NCM: O NCM tem 8 dígitos (00000000 para o que não é mercadoria).'],
    [{ cest: '123' }, 'cest', 'CEST: O CEST tem 7 dígitos.'],
    [{ origem: '9' }, 'origem', 'Origem: Escolha a origem da mercadoria (0 a 8).'],
    [{ tipoProduto: 'Taxa de entrega' }, 'tipoProduto', 'Tipo do produto: Escolha o tipo do produto.'],
    [{ unidade: undefined }, 'unidade', 'Unidade: Escolha a unidade de medida.'],
    [{ unidade: 'nao-existe' }, 'unidade', 'Unidade: Unidade de medida não encontrada.'],
  ])('refuses %j naming the field', async (extra, campo, mensagem) => {
    const res = await api('POST', '/produtoGeral', produto({ descricao: 'Inválido', ...extra }));
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe(mensagem);
    expect(Object.keys(res.body.data.campos)).toEqual([campo]);
  });

  it('refuses a barcode another live product uses', async () => {
    const primeiro = await criar(api, 'produtoGeral', produto({ codigo: '500', descricao: 'Água 500 ml', gtin: '96385074' }));
    const res = await api('POST', '/produtoGeral', produto({ descricao: 'Outra água', gtin: '96385074' }));
    expect(res.status).toBe(400);
    expect(res.body.data.campos).toEqual({ gtin: 'O produto 500 - Água 500 ml já usa este GTIN/EAN.' });
    // Saving the same product again is no conflict with itself; once it is in the trash the code is free.
    expect((await api('PUT', `/produtoGeral/${primeiro._id}`, { version: 1, descricao: 'Água mineral 500 ml' })).status).toBe(200);
    await api('DELETE', `/produtoGeral/${primeiro._id}`);
    expect((await api('POST', '/produtoGeral', produto({ descricao: 'Outra água', gtin: '96385074' }))).status).toBe(201);
  });

  it('keeps one active delivery-fee product and one tip product', async () => {
    const taxa = await criar(api, 'produtoGeral', produto({ descricao: 'Taxa de entrega', tipoProduto: 'Taxa Entrega', ncm: '00000000' }));
    await criar(api, 'produtoGeral', produto({ descricao: 'Gorjeta 10%', tipoProduto: 'Gorjeta' }));
    const outra = await api('POST', '/produtoGeral', produto({ descricao: 'Taxa de entrega 2', tipoProduto: 'Taxa Entrega' }));
    expect(outra.status).toBe(400);
    expect(outra.body.data.message).toBe(`Tipo do produto: Já existe o produto ativo ${taxa.codigo} - Taxa de entrega do tipo Taxa Entrega; o terminal usa um só.`);
    // An inactive second one is allowed (a fee kept for later).
    expect((await api('POST', '/produtoGeral', produto({ descricao: 'Taxa antiga', tipoProduto: 'Taxa Entrega', ativo: false }))).status).toBe(201);
  });

  it('sells by weight only in a unit that takes fractions', async () => {
    const res = await api('POST', '/produtoGeral', produto({ descricao: 'Picanha', tipoProduto: 'pesável' }));
    expect(res.status).toBe(400);
    expect(res.body.data.campos.unidade).toMatch(/^Um produto pesável precisa de unidade que aceite quantidade fracionada \(KG…\); UN não aceita\.$/);
    expect((await api('POST', '/produtoGeral', { descricao: 'Picanha', tipoProduto: 'pesável', unidade: kg })).status).toBe(201);
  });

  it('keeps modifier groups: min ≤ max, each option a product or a description, prices in centavos', async () => {
    const bacon = await criar(api, 'produtoGeral', produto({ descricao: 'Bacon extra' }));
    const lanche = await criar(
      api,
      'produtoGeral',
      produto({
        descricao: 'X-burger',
        complementos: [
          { nome: 'Ponto da carne', minimo: 1, maximo: 1, itens: [{ descricao: 'Mal passado' }, { descricao: 'Ao ponto' }] },
          { nome: 'Adicionais', maximo: 3, itens: [{ produto: bacon._id, precoAdicional: 450 }] },
        ],
      }),
    );
    expect(lanche.complementos).toEqual([
      { nome: 'Ponto da carne', minimo: 1, maximo: 1, itens: [{ produto: null, descricao: 'Mal passado', precoAdicional: 0 }, { produto: null, descricao: 'Ao ponto', precoAdicional: 0 }] },
      { nome: 'Adicionais', minimo: 0, maximo: 3, itens: [{ produto: bacon._id, descricao: '', precoAdicional: 450 }] },
    ]);
    const lido = await api('POST', '/produtoGeral/getPopulate', { filtro: { _id: lanche._id }, populate: 'complementos.itens.produto unidade' });
    expect(lido.body.data[0].complementos[1].itens[0].produto).toMatchObject({ _id: bacon._id, descricao: 'Bacon extra' });
    expect(lido.body.data[0].unidade).toMatchObject({ sigla: 'UN' });

    const casos = [
      [{ nome: 'Molhos', minimo: 3, maximo: 2, itens: [{ descricao: 'Ketchup' }] }, 'complementos.0.maximo', 'O máximo não pode ser menor que o mínimo.'],
      [{ nome: 'Molhos', itens: [{ precoAdicional: 100 }] }, 'complementos.0.itens.0.descricao', 'Escolha um produto ou informe a descrição da opção.'],
      [{ nome: 'Molhos', itens: [] }, 'complementos.0.itens', 'Inclua ao menos uma opção no grupo.'],
      [{ nome: 'Molhos', itens: [{ descricao: 'Ketchup', precoAdicional: 1.5 }] }, 'complementos.0.itens.0.precoAdicional', 'Informe o preço adicional em centavos.'],
      [{ nome: 'Molhos', itens: [{ produto: 'nao-existe' }] }, 'complementos.0.itens.0.produto', 'Produto não encontrado.'],
    ] as const;
    for (const [grupo, campo, mensagem] of casos) {
      const res = await api('POST', '/produtoGeral', produto({ descricao: 'Com erro', complementos: [grupo] }));
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual({ message: `Complementos: ${mensagem}`, campos: { [campo]: mensagem } });
    }
  });

  it('keeps pictures uploaded in the group, and refuses an unknown one naming the field', async () => {
    // The smallest PNG: the signature the upload checks, then nothing else.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64');
    const enviado = await api('POST', '/arquivo', { nome: 'lanche.png', tipo: 'image/png', conteudo: png, recurso: 'produtoGeral', campo: 'imagens.arquivo' });
    expect(enviado.status).toBe(201);
    const p = await criar(api, 'produtoGeral', produto({ descricao: 'Com foto', imagens: [{ arquivo: enviado.body.data._id }] }));
    expect(p.imagens).toEqual([{ arquivo: enviado.body.data._id }]);
    const res = await api('POST', '/produtoGeral', produto({ descricao: 'Foto perdida', imagens: [{ arquivo: enviado.body.data._id }, { arquivo: 'nao-existe' }] }));
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ message: 'Imagens: Imagem não encontrada; envie-a de novo.', campos: { 'imagens.1.arquivo': 'Imagem não encontrada; envie-a de novo.' } });
  });
});
