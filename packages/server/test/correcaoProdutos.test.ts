import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let admin: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
});
afterAll(async () => ctx?.close());

describe('POST /api/correcaoProdutos/verificar', () => {
  it("lists each product's findings in the active company and how many of each kind", async () => {
    const un = await criar(admin, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
    // The demo company is Simples Nacional in SP.
    const estadual = await criar(admin, 'configuracaoImposto', { descricao: 'Simples', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }], ibsCbs: { cst: '000', cClassTrib: '000001' } });
    const federal = await criar(admin, 'configuracaoImpostoFederal', { descricao: 'Simples', cstPis: '49', cstCofins: '49' });
    const pronto = await criar(admin, 'produtoGeral', { descricao: 'Pronto para NFC-e', unidade: un._id, ncm: '21069090', gtin: '7891000315507' });
    const semNcm = await criar(admin, 'produtoGeral', { descricao: 'Sem NCM', unidade: un._id });
    const barato = await criar(admin, 'produtoGeral', { descricao: 'Vendido abaixo do custo', unidade: un._id, ncm: '21069090' });
    await criar(admin, 'produtoGeral', { descricao: 'Sem preço na loja', unidade: un._id, ncm: '21069090' });
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: pronto._id, preco: 2990, custo: 1000, configuracaoImposto: estadual._id, impostoFederal: federal._id });
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: semNcm._id, preco: 1000, configuracaoImposto: estadual._id, impostoFederal: federal._id });
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: barato._id, preco: 900, custo: 1000 });

    const res = await admin('POST', '/correcaoProdutos/verificar', {});
    expect(res.status).toBe(200);
    const { produtos, resumo, verificados } = res.body.data;
    expect(verificados).toBe(4);
    expect(produtos.map((p: { descricao: string; achados: { tipo: string }[] }) => [p.descricao, p.achados.map((a) => a.tipo)])).toEqual([
      ['Sem NCM', ['semNcm']],
      ['Sem preço na loja', ['semPreco']],
      ['Vendido abaixo do custo', ['semImposto', 'precoAbaixoDoCusto']],
    ]);
    expect(resumo).toEqual({ semNcm: 1, gtinInvalido: 0, semPreco: 1, semImposto: 1, impostoIncompleto: 0, precoAbaixoDoCusto: 1 });

    // Another company of the group: it sells none of them yet.
    expect((await admin('POST', '/sessao/empresa', { empresa: ctx.seed.demo.empresas[1] })).status).toBe(200);
    expect((await admin('POST', '/correcaoProdutos/verificar', {})).body.data.resumo.semPreco).toBe(4);
    await admin('POST', '/sessao/empresa', { empresa: ctx.seed.demo.empresas[0] });
  });

  it("shows nothing of another group's products and needs the screen's Ver", async () => {
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    expect((await vizinho('POST', '/correcaoProdutos/verificar', {})).body.data).toMatchObject({ verificados: 0, produtos: [] });
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixa('POST', '/correcaoProdutos/verificar', {})).status).toBe(403);
  });
});

describe('POST /api/produtoGeralSetorEmpresa/aplicar', () => {
  it('sends several company products to a sector in one transaction; a stale version or an unknown sector changes none', async () => {
    const un = await criar(admin, 'unidadeMedida', { sigla: 'PC', descricao: 'Peça' });
    const impressora = await criar(admin, 'impressora', { descricao: 'Térmica cozinha', conexao: 'Rede', endereco: '192.168.0.50:9100' });
    const cozinha = await criar(admin, 'setorImpressao', { descricao: 'Cozinha', impressora: impressora._id });
    const produtos = [];
    for (const descricao of ['Pastel', 'Coxinha', 'Kibe']) {
      const pg = await criar(admin, 'produtoGeral', { descricao, unidade: un._id, ncm: '19022000' });
      produtos.push(await criar(admin, 'produtoGeralEmpresa', { produtoGeral: pg._id, preco: 800 }));
    }
    const itens = produtos.map((p) => ({ _id: p._id, version: p.version }));
    const velho = await admin('POST', '/produtoGeralSetorEmpresa/aplicar', { itens: [...itens.slice(0, 2), { ...itens[2]!, version: 99 }], setorImpressao: cozinha._id });
    expect(velho.status).toBe(409);
    expect((await admin('GET', `/produtoGeralEmpresa/${produtos[0]!._id}`)).body.data.setorImpressao).toBeNull();

    const res = await admin('POST', '/produtoGeralSetorEmpresa/aplicar', { itens, setorImpressao: cozinha._id });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { setorImpressao: string; version: number }) => [r.setorImpressao, r.version])).toEqual([
      [cozinha._id, 2],
      [cozinha._id, 2],
      [cozinha._id, 2],
    ]);

    const semSetor = await admin('POST', '/produtoGeralSetorEmpresa/aplicar', { itens: itens.map((i) => ({ ...i, version: 2 })) });
    expect(semSetor.status).toBe(400);
    expect(semSetor.body.data.message).toBe('Setor: escolha o setor de impressão ou o de produção.');
    const inexistente = await admin('POST', '/produtoGeralSetorEmpresa/aplicar', { itens: itens.map((i) => ({ ...i, version: 2 })), setorImpressaoProducao: 'nao-existe' });
    expect(inexistente.status).toBe(400);
    expect(inexistente.body.data.campos).toEqual({ setorImpressaoProducao: 'Setor de impressão da produção não encontrado.' });
  });
});
