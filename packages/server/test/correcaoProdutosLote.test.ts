import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/** correcaoProdutos' bulk edit: preview, apply in one transaction, the batch history and undo. */
let ctx: TestContext;
let admin: Api;
let un: { _id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  un = await criar(admin, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
});
afterAll(async () => ctx?.close());

type Linha = { produto: { _id: string; descricao: string }; version: number; antes: unknown; depois: unknown; antesTexto: string; depoisTexto: string };
type Recusa = { produto: { _id: string; descricao: string }; motivo: string };

/** Products of the group with, when a price is given, the company's product. */
async function produtos(prefixo: string, precos: (number | null)[]) {
  const feitos = [];
  for (const [i, preco] of precos.entries()) {
    const pg = await criar(admin, 'produtoGeral', { descricao: `${prefixo} ${i + 1}`, unidade: un._id });
    const pe = preco === null ? null : await criar(admin, 'produtoGeralEmpresa', { produtoGeral: pg._id, preco, custo: 500 });
    feitos.push({ pg, pe });
  }
  return feitos;
}
const previa = async (api: Api, edicao: Record<string, unknown>, selecao: Record<string, unknown>) => api('POST', '/correcaoProdutos/previa', { edicao, selecao });
const itensDa = (linhas: Linha[]) => linhas.map((l) => ({ produto: l.produto._id, version: l.version }));

describe('POST /api/correcaoProdutos/previa', () => {
  it('shows each product before → after with the percentage rounded to the centavo, and who would be refused, writing nothing', async () => {
    const [a, b, c] = await produtos('Prévia preço', [1990, 999, null]);
    const res = await previa(admin, { campo: 'preco', modo: 'acrescimo', percentual: '10' }, { produtos: [a!.pg._id, b!.pg._id, c!.pg._id] });
    expect(res.status).toBe(200);
    expect(res.body.data.linhas.map((l: Linha) => [l.produto.descricao, l.antes, l.depois, l.antesTexto, l.depoisTexto])).toEqual([
      ['Prévia preço 1', 1990, 2189, 'R$ 19,90', 'R$ 21,89'],
      ['Prévia preço 2', 999, 1099, 'R$ 9,99', 'R$ 10,99'], // 1098,9 → 1099
    ]);
    expect(res.body.data.recusados).toEqual([{ produto: expect.objectContaining({ descricao: 'Prévia preço 3' }), motivo: 'Não é vendido nesta empresa: cadastre-o antes em Produtos da empresa.' }]);
    expect((await admin('GET', `/produtoGeralEmpresa/${a!.pe!._id}`)).body.data).toMatchObject({ preco: 1990, version: 1 });

    const desconto = await previa(admin, { campo: 'preco', modo: 'desconto', percentual: '12,5' }, { produtos: [b!.pg._id] });
    expect(desconto.body.data.linhas[0]).toMatchObject({ antes: 999, depois: 874 }); // 874,125
  });

  it('refuses an invalid NCM per product with the field’s message, and finds products by a search', async () => {
    await produtos('Busca NCM', [100, 200]);
    const invalido = await previa(admin, { campo: 'ncm', valor: '123' }, { busca: 'busca ncm' });
    expect(invalido.body.data.linhas).toEqual([]);
    expect(invalido.body.data.recusados.map((r: Recusa) => [r.produto.descricao, r.motivo])).toEqual([
      ['Busca NCM 1', 'NCM: O NCM tem 8 dígitos (00000000 para o que não é mercadoria).'],
      ['Busca NCM 2', 'NCM: O NCM tem 8 dígitos (00000000 para o que não é mercadoria).'],
    ]);
    const valido = await previa(admin, { campo: 'ncm', valor: '2106.90.90' }, { busca: 'busca ncm' });
    expect(valido.body.data.linhas.map((l: Linha) => [l.antesTexto, l.depois])).toEqual([
      ['(vazio)', '21069090'],
      ['(vazio)', '21069090'],
    ]);
    const agrupador = await criar(admin, 'agrupador', { descricao: 'Salgados' });
    const comNome = await previa(admin, { campo: 'agrupador', valor: agrupador._id }, { busca: 'busca ncm' });
    expect(comNome.body.data.linhas.map((l: Linha) => l.depoisTexto)).toEqual(['Salgados', 'Salgados']);
    const sumido = await previa(admin, { campo: 'agrupador', valor: 'nao-existe' }, { busca: 'busca ncm' });
    expect(sumido.body.data.recusados[0].motivo).toBe('Agrupador: Agrupador não encontrado.');
  });

  it("refuses what the product's own rules refuse (a weighed product needs a fractional unit) and names records by their names", async () => {
    const kg = await criar(admin, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilo', fracionado: true });
    const cx = await criar(admin, 'unidadeMedida', { sigla: 'CX', descricao: 'Caixa' });
    const pesado = await criar(admin, 'produtoGeral', { descricao: 'Regras queijo a granel', unidade: kg._id, tipoProduto: 'pesável' });
    const caixa = await criar(admin, 'produtoGeral', { descricao: 'Regras caixa de bombom', unidade: un._id });
    const res = await previa(admin, { campo: 'unidade', valor: cx._id }, { produtos: [pesado._id, caixa._id] });
    expect(res.body.data.linhas.map((l: Linha) => [l.produto.descricao, l.antesTexto, l.depoisTexto])).toEqual([['Regras caixa de bombom', 'UN - Unidade', 'CX - Caixa']]);
    expect(res.body.data.recusados.map((r: Recusa) => [r.produto.descricao, r.motivo])).toEqual([
      ['Regras queijo a granel', 'Unidade: Um produto pesável precisa de unidade que aceite quantidade fracionada (KG…); CX não aceita.'],
    ]);
    const semMudar = await previa(admin, { campo: 'unidade', valor: kg._id }, { produtos: [pesado._id] });
    expect(semMudar.body.data).toMatchObject({ linhas: [], recusados: [], semMudanca: 1 });
  });

  it('says what the edit lacks, naming the field', async () => {
    const semPercentual = await previa(admin, { campo: 'preco', modo: 'acrescimo' }, { busca: 'x' });
    expect(semPercentual.status).toBe(400);
    expect(semPercentual.body.data.message).toBe('Preço: informe o percentual.');
    const semProdutos = await previa(admin, { campo: 'ncm', valor: '21069090' }, {});
    expect(semProdutos.body.data.message).toBe('Produtos: Marque os produtos ou informe uma busca ou um agrupador.');
  });
});

describe('POST /api/correcaoProdutos/aplicar and undo', () => {
  it('applies in one transaction, keeps the batch (who, what, before) and undoes it', async () => {
    const [a, b] = await produtos('Aplicar preço', [1990, 999]);
    const p = await previa(admin, { campo: 'preco', modo: 'acrescimo', percentual: '10' }, { busca: 'Aplicar preço' });
    const res = await admin('POST', '/correcaoProdutos/aplicar', { edicao: { campo: 'preco', modo: 'acrescimo', percentual: '10' }, itens: itensDa(p.body.data.linhas) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ usuario: 'Administrador Demonstração', descricao: 'Preço: + 10,00%', quantidade: 2, desfeitoEm: null });
    expect((await admin('GET', `/produtoGeralEmpresa/${a!.pe!._id}`)).body.data).toMatchObject({ preco: 2189, version: 2, margem: '77.16' });
    expect((await admin('GET', `/produtoGeralEmpresa/${b!.pe!._id}`)).body.data.preco).toBe(1099);

    const lotes = await admin('GET', '/correcaoProdutos/lotes');
    expect(lotes.body.data[0]).toMatchObject({ _id: res.body.data._id, campo: 'preco', quantidade: 2 });
    const detalhe = await admin('GET', `/correcaoProdutos/lotes/${res.body.data._id}`);
    expect(detalhe.body.data.itens.map((i: Linha) => [i.produto.descricao, i.antes, i.depois])).toEqual([
      ['Aplicar preço 1', 1990, 2189],
      ['Aplicar preço 2', 999, 1099],
    ]);

    const desfeito = await admin('POST', `/correcaoProdutos/lotes/${res.body.data._id}/desfazer`, {});
    expect(desfeito.status).toBe(200);
    expect(desfeito.body.data).toMatchObject({ desfeitoPor: 'Administrador Demonstração' });
    expect((await admin('GET', `/produtoGeralEmpresa/${a!.pe!._id}`)).body.data).toMatchObject({ preco: 1990, version: 3 });
    expect((await admin('GET', `/produtoGeralEmpresa/${b!.pe!._id}`)).body.data.preco).toBe(999);
    const outraVez = await admin('POST', `/correcaoProdutos/lotes/${res.body.data._id}/desfazer`, {});
    expect(outraVez.status).toBe(409);
    expect(outraVez.body.data.message).toBe('Este lote já foi desfeito.');
  });

  it('refuses with 409 naming the product changed by someone else since the preview, changing none', async () => {
    const [a, b] = await produtos('Concorrente', [1000, 2000]);
    const edicao = { campo: 'ncm', valor: '1902.20.00' };
    const p = await previa(admin, edicao, { produtos: [a!.pg._id, b!.pg._id] });
    expect(p.body.data.linhas).toHaveLength(2);
    expect((await admin('PUT', `/produtoGeral/${b!.pg._id}`, { version: b!.pg.version, descricao: 'Concorrente 2 renomeado' })).status).toBe(200);
    const res = await admin('POST', '/correcaoProdutos/aplicar', { edicao, itens: itensDa(p.body.data.linhas) });
    expect(res.status).toBe(409);
    expect(res.body.data.message).toMatch(/^O produto \d+ - Concorrente 2 renomeado foi alterado por outra pessoa depois da prévia/);
    expect((await admin('GET', `/produtoGeral/${a!.pg._id}`)).body.data).toMatchObject({ ncm: null, version: 1 });

    // A new preview reads the new version; the batch is named by the NCM as stored.
    const denovo = await previa(admin, edicao, { produtos: [a!.pg._id, b!.pg._id] });
    const aplicado = await admin('POST', '/correcaoProdutos/aplicar', { edicao, itens: itensDa(denovo.body.data.linhas) });
    expect(aplicado.body.data).toMatchObject({ descricao: 'NCM: 19022000', quantidade: 2 });
  });

  it('refuses to undo, naming the product, once a product was changed after the batch', async () => {
    const [a, b] = await produtos('Desfazer recusado', [1000, 2000]);
    const edicao = { campo: 'custo', valor: 700 };
    const p = await previa(admin, edicao, { busca: 'Desfazer recusado' });
    const lote = await admin('POST', '/correcaoProdutos/aplicar', { edicao, itens: itensDa(p.body.data.linhas) });
    expect(lote.status).toBe(200);
    expect((await admin('PUT', `/produtoGeralEmpresa/${b!.pe!._id}`, { version: 2, preco: 2500 })).status).toBe(200);
    const res = await admin('POST', `/correcaoProdutos/lotes/${lote.body.data._id}/desfazer`, {});
    expect(res.status).toBe(409);
    expect(res.body.data.message).toMatch(/^O produto \d+ - Desfazer recusado 2 foi alterado depois deste lote/);
    expect((await admin('GET', `/produtoGeralEmpresa/${a!.pe!._id}`)).body.data).toMatchObject({ custo: 700, version: 2 });
    expect((await admin('GET', '/correcaoProdutos/lotes')).body.data.find((l: { _id: string }) => l._id === lote.body.data._id).desfeitoEm).toBeNull();
  });

  it("keeps the wall between groups and needs the screen's Editar", async () => {
    const [a] = await produtos('Parede', [1000]);
    const edicao = { campo: 'preco', valor: 1 };
    const p = await previa(admin, edicao, { produtos: [a!.pg._id] });
    const lote = await admin('POST', '/correcaoProdutos/aplicar', { edicao, itens: itensDa(p.body.data.linhas) });

    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const dele = await previa(vizinho, edicao, { produtos: [a!.pg._id] });
    expect(dele.body.data).toMatchObject({ linhas: [], recusados: [{ motivo: 'Produto não encontrado (excluído ou de outro grupo).' }] });
    expect((await vizinho('POST', '/correcaoProdutos/aplicar', { edicao, itens: [{ produto: a!.pg._id, version: 2 }] })).status).toBe(404);
    expect((await vizinho('GET', '/correcaoProdutos/lotes')).body.data).toEqual([]);
    expect((await vizinho('POST', `/correcaoProdutos/lotes/${lote.body.data._id}/desfazer`, {})).status).toBe(404);

    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    for (const [metodo, caminho, corpo] of [
      ['POST', '/correcaoProdutos/previa', { edicao, selecao: { produtos: [a!.pg._id] } }],
      ['POST', '/correcaoProdutos/aplicar', { edicao, itens: [{ produto: a!.pg._id, version: 2 }] }],
      ['POST', `/correcaoProdutos/lotes/${lote.body.data._id}/desfazer`, {}],
      ['GET', '/correcaoProdutos/lotes', undefined],
    ] as const) {
      expect((await caixa(metodo, caminho, corpo)).status, caminho).toBe(403);
    }
    expect((await admin('GET', `/produtoGeralEmpresa/${a!.pe!._id}`)).body.data.preco).toBe(1);
  });
});
