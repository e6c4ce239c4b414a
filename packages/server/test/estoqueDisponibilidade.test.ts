import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { pedidoSimples, prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * Availability by stock: a product whose stock (or one of its recipe's stocked ingredients) ran out in
 * the sales location is offered as Esgotado by every channel that reads the menu, and back once stock returns.
 */
let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let caixa: Api;
let cenario: CenarioVendas;
let almoxarifado: { _id: string };
let cozinha: { _id: string };
let cardapio: { _id: string; version: number };
const p: Record<string, string> = {};
let vendas = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
  cenario = await prepararVendas(ctx, admin);
  p.xis = cenario.ids.xis;
  p.suco = cenario.ids.suco;
  almoxarifado = await criar(admin, 'estoqueCadastro', { descricao: 'Almoxarifado' });
  cozinha = await criar(admin, 'estoqueCadastro', { descricao: 'Cozinha', baixaVendas: true });
  const un = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'UN' } })).body.data[0];
  const kg = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'KG' } })).body.data[0];
  p.pao = (await criar(admin, 'produtoGeral', { descricao: 'Pão brioche', unidade: un._id, tipoProduto: 'insumo' }))._id;
  p.carne = (await criar(admin, 'produtoGeral', { descricao: 'Carne moída', unidade: kg._id, tipoProduto: 'insumo' }))._id;
  p.sal = (await criar(admin, 'produtoGeral', { descricao: 'Sal', unidade: kg._id, tipoProduto: 'insumo' }))._id;
  // The bun and the beef are counted in this company; the salt is not (nobody counts salt).
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: p.pao, preco: 0, modosVenda: [], controlaEstoque: true });
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: p.carne, preco: 0, modosVenda: [], controlaEstoque: true });
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: p.xis, preco: 3200 });
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: p.suco, preco: 900, controlaEstoque: true });
  const ficha = await admin('POST', '/estoqueFichaTecnica', { produto: p.xis, rendimento: '1', itens: [{ produto: p.pao, quantidade: '1' }, { produto: p.carne, quantidade: '0.15' }, { produto: p.sal, quantidade: '0.005' }] });
  expect(ficha.status).toBe(201);
  const entrada = (local: string, itens: [string, string, string][]) =>
    admin('POST', '/estoqueDocumento', { tipo: 'entradaManual', local, itens: itens.map(([produto, quantidade, custoUnitario]) => ({ produto: p[produto], quantidade, custoUnitario })) });
  expect((await entrada(cozinha._id, [['pao', '3', '125'], ['carne', '0.3', '3290'], ['suco', '1', '350']])).status).toBe(201);
  // Plenty of beef in the storeroom: it is not where the sales take it from.
  expect((await entrada(almoxarifado._id, [['carne', '10', '3290']])).status).toBe(201);
  cardapio = await criar(admin, 'cardapio', { descricao: 'Almoço', canais: ['Salão'], secoes: [{ nome: 'Lanches', produtos: [p.xis] }, { nome: 'Bebidas', produtos: [p.suco] }] });
});
afterAll(async () => ctx?.close());

const vender = async (itens: [string, string][]) => {
  const pedido = { ...pedidoSimples(cenario, `DISP-${++vendas}`), itens: itens.map(([produto, quantidade]) => ({ produto: p[produto], quantidade, precoUnitario: 0 })), pagamentos: [{ formaPagamento: cenario.ids.dinheiro, tPag: '01', valor: 0, troco: 0 }], total: 0 };
  const res = await cenario.enviar(pedido);
  expect(res.status).toBe(201);
};
type Item = { produto: string; disponivel: boolean; motivoIndisponivel: string | null };
/** [product, available, reason] of the draft preview. */
const previa = async (api = admin) =>
  ((await api('POST', '/cardapio/vitrine', { secoes: [{ nome: 'Lanches', produtos: [p.xis] }, { nome: 'Bebidas', produtos: [p.suco] }], canais: ['Salão'] })).body.data.secoes as { itens: Item[] }[]).flatMap((s) =>
    s.itens.map((i) => [i.produto === p.xis ? 'xis' : 'suco', i.disponivel, i.motivoIndisponivel]),
  );
const totem = async () =>
  ((await admin('GET', '/conversaoTotem/vitrine')).body.data.categorias as { itens: (Item & { nome: string })[] }[]).flatMap((c) => c.itens.map((i) => [i.nome, i.disponivel, i.motivoIndisponivel])).sort();
const publicado = async () =>
  ((await admin('GET', `/cardapio/${cardapio._id}/vitrine`)).body.data.secoes as { itens: (Item & { descricao: string })[] }[]).flatMap((s) => s.itens.map((i) => [i.descricao, i.disponivel, i.motivoIndisponivel]));

describe('availability by stock', () => {
  it('a sale that empties the sales location makes the product Esgotado in the preview, the kiosk and the published menu; an entry brings it back', async () => {
    expect(await previa()).toEqual([
      ['xis', true, null],
      ['suco', true, null],
    ]);
    expect((await admin('POST', '/conversaoTotem/converter', {})).body.data.criados).toBe(2);
    const pub = await admin('POST', `/cardapio/${cardapio._id}/publicar`, { version: cardapio.version });
    expect(pub.status).toBe(200);
    // A publication freezes the menu, never the stock of the moment.
    expect(pub.body.data.cardapio.publicado.conteudo.secoes[0].itens[0]).not.toHaveProperty('disponivel');

    // One burger and the only juice: 2 buns and 0.15 kg of beef left, exactly what one more burger takes.
    await vender([['xis', '1'], ['suco', '1']]);
    expect(await previa()).toEqual([
      ['xis', true, null],
      ['suco', false, 'Esgotado'],
    ]);
    await vender([['xis', '1']]);
    expect(await previa()).toEqual([
      ['xis', false, 'Esgotado'],
      ['suco', false, 'Esgotado'],
    ]);
    const vitrine = (await admin('POST', '/cardapio/vitrine', { secoes: [{ nome: 'Lanches', produtos: [p.xis] }] })).body.data;
    // Out of stock is not a pendência of the menu: the item stays, greyed.
    expect(vitrine.pendencias).toEqual([]);
    expect(vitrine.secoes[0].itens[0]).toMatchObject({ descricao: 'Xis bacon', preco: 3200, disponivel: false, motivoIndisponivel: 'Esgotado' });
    expect(await totem()).toEqual([
      ['Suco de laranja', false, 'Esgotado'],
      ['Xis bacon', false, 'Esgotado'],
    ]);
    expect(await publicado()).toEqual([
      ['Xis bacon', false, 'Esgotado'],
      ['Suco de laranja', false, 'Esgotado'],
    ]);

    // The owner sees why, on the stock position: what one unit takes and what the sales location has.
    const dono = await admin('GET', '/estoqueDisponibilidade');
    expect(dono.status).toBe(200);
    expect(dono.body.data).toEqual({
      automatica: true,
      local: { _id: cozinha._id, descricao: 'Cozinha' },
      indisponiveis: [
        { produto: p.suco, codigo: expect.any(String), descricao: 'Suco de laranja', motivo: 'Esgotado', faltas: [{ produto: p.suco, codigo: expect.any(String), descricao: 'Suco de laranja', unidade: 'UN', necessario: '0.0000', saldo: '0.0000' }] },
        { produto: p.xis, codigo: expect.any(String), descricao: 'Xis bacon', motivo: 'Esgotado', faltas: [{ produto: p.carne, codigo: expect.any(String), descricao: 'Carne moída', unidade: 'KG', necessario: '0.1500', saldo: '0.0000' }] },
      ],
    });

    // Beef brought from the storeroom and a juice purchase: both offered again, nothing else to do.
    expect((await admin('POST', '/estoqueDocumento', { tipo: 'transferenciaLocal', local: almoxarifado._id, destino: cozinha._id, itens: [{ produto: p.carne, quantidade: '1' }] })).status).toBe(201);
    expect(await previa()).toEqual([
      ['xis', true, null],
      ['suco', false, 'Esgotado'],
    ]);
    expect((await admin('POST', '/estoqueDocumento', { tipo: 'entradaManual', local: cozinha._id, itens: [{ produto: p.suco, quantidade: '12', custoUnitario: '350' }] })).status).toBe(201);
    expect(await publicado()).toEqual([
      ['Xis bacon', true, null],
      ['Suco de laranja', true, null],
    ]);
    expect(await totem()).toEqual([
      ['Suco de laranja', true, null],
      ['Xis bacon', true, null],
    ]);
    expect((await admin('GET', '/estoqueDisponibilidade')).body.data.indisponiveis).toEqual([]);
    // The salt, never counted, is below zero in the kitchen by now; it never made the burger unavailable.
    const sal = ((await admin('POST', '/relatorioEstoqueProduto', { local: cozinha._id })).body.data as { produto: string; quantidade: string }[]).find((l) => l.produto === p.sal);
    expect(sal?.quantidade).toBe('-0.0100');
  });

  it('the company can switch the automatic Esgotado off (and on again); refusing negative stock changes nothing', async () => {
    // The last bun goes with this burger.
    await vender([['xis', '1']]);
    expect(await previa()).toEqual([
      ['xis', false, 'Esgotado'],
      ['suco', true, null],
    ]);
    const mudar = async (estoque: Record<string, boolean>) => {
      const empresa = (await admin('GET', `/empresa/${ctx.seed.demo.empresas[0]}`)).body.data;
      const res = await admin('PUT', `/empresa/${empresa._id}`, { configuracoes: { ...empresa.configuracoes, estoque: { ...empresa.configuracoes.estoque, ...estoque } }, version: empresa.version });
      expect(res.status).toBe(200);
    };
    await mudar({ indisponivelAutomatico: false });
    expect(await previa()).toEqual([
      ['xis', true, null],
      ['suco', true, null],
    ]);
    expect((await admin('GET', '/estoqueDisponibilidade')).body.data).toMatchObject({ automatica: false, indisponiveis: [] });
    await mudar({ indisponivelAutomatico: true, permitirNegativo: false });
    expect(await previa()).toEqual([
      ['xis', false, 'Esgotado'],
      ['suco', true, null],
    ]);
    await mudar({ permitirNegativo: true });
  });

  it('a modifier option whose ingredient runs out is Esgotado in the preview and the published menu; a required group left empty makes its item Esgotado; an entry brings them back', async () => {
    const un = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'UN' } })).body.data[0];
    const kg = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'KG' } })).body.data[0];
    p.cheddar = (await criar(admin, 'produtoGeral', { descricao: 'Cheddar', unidade: kg._id, tipoProduto: 'insumo' }))._id;
    p.molho = (await criar(admin, 'produtoGeral', { descricao: 'Molho cheddar', unidade: un._id }))._id;
    p.bacon = (await criar(admin, 'produtoGeral', { descricao: 'Bacon extra', unidade: un._id }))._id;
    // Fries with a required sauce (one product, made of cheddar) and optional extras (bacon, counted as it is, and a plain description).
    p.batata = (
      await criar(admin, 'produtoGeral', {
        descricao: 'Batata frita',
        unidade: un._id,
        complementos: [
          { nome: 'Molho', minimo: 1, maximo: 1, itens: [{ produto: p.molho }] },
          { nome: 'Extras', minimo: 0, maximo: 2, itens: [{ produto: p.bacon, precoAdicional: 500 }, { descricao: 'Sem sal' }] },
        ],
      })
    )._id;
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: p.cheddar, preco: 0, modosVenda: [], controlaEstoque: true });
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: p.bacon, preco: 0, modosVenda: [], controlaEstoque: true });
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: p.batata, preco: 1800, modosVenda: ['Salão', 'Totem'] });
    expect((await admin('POST', '/estoqueFichaTecnica', { produto: p.molho, rendimento: '1', itens: [{ produto: p.cheddar, quantidade: '0.05' }] })).status).toBe(201);
    const mover = async (tipo: 'entradaManual' | 'saidaManual', itens: [string, string][]) =>
      expect(
        (await admin('POST', '/estoqueDocumento', { tipo, local: cozinha._id, ...(tipo === 'saidaManual' ? { motivo: 'Perda' } : {}), itens: itens.map(([produto, quantidade]) => ({ produto: p[produto], quantidade, custoUnitario: '100' })) })).status,
      ).toBe(201);
    await mover('entradaManual', [['cheddar', '0.05'], ['bacon', '1']]);
    const porcoes = await criar(admin, 'cardapio', { descricao: 'Porções', canais: ['Salão'], secoes: [{ nome: 'Porções', produtos: [p.batata] }] });
    const pub = await admin('POST', `/cardapio/${porcoes._id}/publicar`, { version: porcoes.version });
    expect(pub.status).toBe(200);
    // The publication keeps each option's product (so the published menu can judge it), never its availability.
    expect(pub.body.data.cardapio.publicado.conteudo.secoes[0].itens[0].complementos.map((g: { opcoes: unknown[] }) => g.opcoes)).toEqual([
      [{ produto: p.molho, descricao: 'Molho cheddar', precoAdicional: 0 }],
      [
        { produto: p.bacon, descricao: 'Bacon extra', precoAdicional: 500 },
        { produto: null, descricao: 'Sem sal', precoAdicional: 0 },
      ],
    ]);
    expect((await admin('POST', '/conversaoTotem/converter', {})).body.data.criados).toBe(1);

    type Opcao = { produto: string | null; descricao: string; disponivel: boolean; motivoIndisponivel: string | null };
    type ItemComOpcoes = Item & { complementos: { opcoes: Opcao[] }[] };
    /** The fries and each option: [name, available, reason]. */
    const ler = (item: ItemComOpcoes) => [[item.produto === p.batata ? 'Batata frita' : item.produto, item.disponivel, item.motivoIndisponivel], ...item.complementos.flatMap((g) => g.opcoes.map((o) => [o.descricao, o.disponivel, o.motivoIndisponivel]))];
    const previaBatata = async () => ler((await admin('POST', '/cardapio/vitrine', { secoes: [{ nome: 'Porções', produtos: [p.batata] }], canais: ['Salão'] })).body.data.secoes[0].itens[0]);
    const publicadoBatata = async () => ler((await admin('GET', `/cardapio/${porcoes._id}/vitrine`)).body.data.secoes[0].itens[0]);
    const batataNoTotem = async () => (await totem()).find(([nome]) => nome === 'Batata frita');
    const tudoDisponivel = [
      ['Batata frita', true, null],
      ['Molho cheddar', true, null],
      ['Bacon extra', true, null],
      ['Sem sal', true, null],
    ];
    expect(await previaBatata()).toEqual(tudoDisponivel);
    expect(await publicadoBatata()).toEqual(tudoDisponivel);

    // The bacon is lost: only that option goes; the fries, whose extras are optional, are still sold.
    await mover('saidaManual', [['bacon', '1']]);
    const semBacon = [
      ['Batata frita', true, null],
      ['Molho cheddar', true, null],
      ['Bacon extra', false, 'Esgotado'],
      ['Sem sal', true, null],
    ];
    expect(await previaBatata()).toEqual(semBacon);
    expect(await publicadoBatata()).toEqual(semBacon);
    expect(await batataNoTotem()).toEqual(['Batata frita', true, null]);

    // The cheddar runs out: the only sauce, required, goes, and the fries cannot be ordered.
    await mover('saidaManual', [['cheddar', '0.05']]);
    const semMolho = [
      ['Batata frita', false, 'Esgotado'],
      ['Molho cheddar', false, 'Esgotado'],
      ['Bacon extra', false, 'Esgotado'],
      ['Sem sal', true, null],
    ];
    expect(await previaBatata()).toEqual(semMolho);
    expect(await publicadoBatata()).toEqual(semMolho);
    expect(await batataNoTotem()).toEqual(['Batata frita', false, 'Esgotado']);

    // An entry of cheddar and bacon brings all back, with nothing else to do.
    await mover('entradaManual', [['cheddar', '1'], ['bacon', '10']]);
    expect(await previaBatata()).toEqual(tudoDisponivel);
    expect(await publicadoBatata()).toEqual(tudoDisponivel);
    expect(await batataNoTotem()).toEqual(['Batata frita', true, null]);
  });

  it('another group reads nothing of this one; the stock reason needs the stock position screen', async () => {
    expect((await vizinho('GET', `/cardapio/${cardapio._id}/vitrine`)).status).toBe(404);
    const deles = await vizinho('GET', '/estoqueDisponibilidade');
    expect(deles.status).toBe(200);
    expect(deles.body.data).toEqual({ automatica: true, local: null, indisponiveis: [] });
    // The other group's preview of this group's products finds none of them.
    const previaDeles = (await vizinho('POST', '/cardapio/vitrine', { secoes: [{ nome: 'Lanches', produtos: [p.xis] }] })).body.data;
    expect(previaDeles.secoes[0].itens).toEqual([]);
    expect(previaDeles.pendencias.map((x: { motivo: string }) => x.motivo)).toEqual(['Produto não encontrado (excluído ou na lixeira).']);
    expect((await caixa('GET', '/estoqueDisponibilidade')).status).toBe(403);
    const naoPublicado = await criar(admin, 'cardapio', { descricao: 'Jantar', canais: ['Salão'] });
    expect((await admin('GET', `/cardapio/${naoPublicado._id}/vitrine`)).body.data.message).toBe('Este cardápio ainda não foi publicado.');
  });
});
