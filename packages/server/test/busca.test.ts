import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let demo: Api;
let vizinho: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  demo = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
});
afterAll(async () => ctx?.close());

describe('POST /api/busca (quick search)', () => {
  it('finds records of different screens by their search fields, accents and case ignored, with the screen to open', async () => {
    const impressora = await criar(demo, 'impressora', { descricao: 'Impressora Cozinha Quente', modelo: 'Epson TM-T20', conexao: 'Rede', endereco: '10.0.0.9:9100' });
    const setor = await criar(demo, 'setorImpressao', { descricao: 'Cozinha quente', impressora: impressora._id });
    const res = await demo('POST', '/busca', { busca: 'COZINHA QUÉNTE' });
    expect(res.status).toBe(200);
    const achados = res.body.data as { recurso: string; tela: string; _id: string; titulo: string }[];
    expect(achados.map((a) => [a.tela, a._id, a.titulo]).sort()).toEqual(
      [
        ['impressora', impressora._id, 'Impressora Cozinha Quente'],
        ['setorImpressao', setor._id, 'Cozinha quente'],
      ].sort(),
    );
  });

  it('matches every typed word in any order, in the quick search and in a list search alike', async () => {
    const motivo = await criar(demo, 'descontoMotivo', { descricao: 'Cortesia da casa' });
    const rapida = await demo('POST', '/busca', { busca: 'casa cortesia' });
    expect(rapida.body.data.map((a: { _id: string }) => a._id)).toEqual([motivo._id]);
    const lista = await demo('POST', '/descontoMotivo/getPopulate', { filtro: { busca: 'casa CORTESIA' } });
    expect(lista.body.data.map((r: { _id: string }) => r._id)).toEqual([motivo._id]);
    expect((await demo('POST', '/descontoMotivo/getPopulate', { filtro: { busca: 'casa vip' } })).body.data).toEqual([]);
  });

  it('names a product by its description, with its code underneath (not the code as the title)', async () => {
    const un = await criar(demo, 'unidadeMedida', { sigla: 'UBQ', descricao: 'Unidade busca' });
    const produto = await criar(demo, 'produtoGeral', { descricao: 'Xis calabresa quântico', unidade: un._id });
    const achados = (await demo('POST', '/busca', { busca: 'calabresa quantico' })).body.data as { _id: string; titulo: string; detalhe: string | null }[];
    expect(achados.find((a) => a._id === produto._id)).toMatchObject({ titulo: 'Xis calabresa quântico', detalhe: String(produto.codigo) });
  });

  it('leaves out the trash and answers a too short text with 400 naming the field', async () => {
    const caixa = await criar(demo, 'caixa', { descricao: 'Caixa Varanda Zeta', fundoTroco: 5000, contaFinanceira: 'Cofre' });
    expect((await demo('POST', '/busca', { busca: 'varanda zeta' })).body.data).toMatchObject([{ titulo: 'Caixa Varanda Zeta', detalhe: 'Cofre' }]);
    await demo('DELETE', `/caixa/${caixa._id}`);
    expect((await demo('POST', '/busca', { busca: 'varanda zeta' })).body.data).toHaveLength(0);
    const curta = await demo('POST', '/busca', { busca: 'a' });
    expect(curta.status).toBe(400);
    expect(curta.body.data.message).toContain('Busca');
  });

  it("never shows another group's records", async () => {
    await criar(demo, 'descontoMotivo', { descricao: 'Cortesia Exclusiva Demo' });
    expect((await demo('POST', '/busca', { busca: 'exclusiva demo' })).body.data).toHaveLength(1);
    expect((await vizinho('POST', '/busca', { busca: 'exclusiva demo' })).body.data).toHaveLength(0);
  });
});

describe('quick search and access profiles', () => {
  it("finds only records of screens the user's profile may open", async () => {
    await criar(demo, 'formaPagamento', { descricao: 'Vale Alimentação Zeta', tipo: 'Vale Alimentação' });
    await criar(demo, 'unidadeMedida', { sigla: 'ZT', descricao: 'Zeta unidade' });
    await criar(demo, 'usuario', { nome: 'Zeta Usuária', login: 'zeta', atribuicaoSistema: 'Gerente', administrador: true, senha: 'senha1234' });
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    const doCaixa = (await caixa('POST', '/busca', { busca: 'zeta' })).body.data as { tela: string }[];
    expect(doCaixa.map((a) => a.tela)).toEqual(['formaPagamento']);
    const doAdmin = (await demo('POST', '/busca', { busca: 'zeta' })).body.data as { tela: string }[];
    expect(doAdmin.map((a) => a.tela).sort()).toEqual(['formaPagamento', 'unidadeMedida', 'usuarios']);
  });
});
