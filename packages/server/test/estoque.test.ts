import { qtd, textoQtd } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactarPosicao } from '../src/stock/posicaoTotais.ts';
import { recalcularEstoque } from '../src/stock/recalcular.ts';
import { prepararEstoque, type CenarioEstoque } from './estoqueFixture.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/** The stock ledger through its API: documents, balances, average cost, backdating, reversal, the wall between groups. */
// Filled before the tests (estoqueFixture.ts), with a neighbour group's admin and a cashier beside.
let { ctx, admin, un, principal, cozinha } = {} as CenarioEstoque;
let vizinho: Api;
let caixa: Api;
beforeAll(async () => {
  ({ ctx, admin, un, principal, cozinha } = await prepararEstoque());
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
});
afterAll(async () => ctx?.close());

let n = 0;
const produto = async (descricao = `Insumo ${++n}`) => criar(admin, 'produtoGeral', { descricao, unidade: un._id });
const documento = (api: Api, body: Record<string, unknown>) => api('POST', '/estoqueDocumento', body);
const entrada = (p: string, quantidade: string, custoUnitario: string, extra: Record<string, unknown> = {}) =>
  documento(admin, { tipo: 'entradaManual', local: principal._id, itens: [{ produto: p, quantidade, custoUnitario }], ...extra });
const posicao = async (api: Api, filtro: Record<string, unknown> = {}) => (await api('POST', '/relatorioEstoqueProduto', filtro)).body.data as Record<string, unknown>[];
/** The stores' calendar day (UTC−3) of an instant. */
const diaNaLoja = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10);
const hoje = diaNaLoja(Date.now());

describe('stock documents', () => {
  it('an entry, a transfer and a loss move the balances per location at the weighted average cost', async () => {
    const farinha = await produto('Farinha de trigo');
    const primeira = await entrada(farinha._id, '10', '500');
    expect(primeira.status, JSON.stringify(primeira.body)).toBe(201); // 10 kg at R$ 5,00
    const segunda = await entrada(farinha._id, '5', '650'); // 5 kg at R$ 6,50 → average R$ 5,50
    expect(segunda.body.data).toMatchObject({ numero: 2, valor: 3250 });
    expect(segunda.body.data.efeitos[0]).toMatchObject({ antes: { quantidade: '10.0000', custoMedio: '500.0000' }, depois: { quantidade: '15.0000', custoMedio: '550.0000' } });

    const transf = await documento(admin, { tipo: 'transferenciaLocal', local: principal._id, destino: cozinha._id, itens: [{ produto: farinha._id, quantidade: '2,5' }] });
    expect(transf.status).toBe(201);
    const perda = await documento(admin, { tipo: 'saidaManual', local: cozinha._id, motivo: 'Vencimento', itens: [{ produto: farinha._id, quantidade: '0.125' }] });
    expect(perda.status).toBe(201);
    expect(perda.body.data).toMatchObject({ valor: 69 }); // 0,125 kg × R$ 5,50 = 68,75 centavos

    const linhas = (await posicao(admin, { busca: 'farinha' })).map((l) => [l.localDescricao, l.quantidade, l.custoMedio, l.valor]);
    expect(linhas).toEqual([
      ['Cozinha', '2.3750', '550.0000', 1306],
      ['Estoque principal', '12.5000', '550.0000', 6875],
    ]);

    const k = (await admin('POST', '/relatorioEstoqueFluxo', { produto: farinha._id, de: hoje, ate: hoje })).body.data;
    expect(k.linhas.map((l: Record<string, unknown>) => [l.tipo, l.quantidade, l.saldo, l.custoMedio])).toEqual([
      ['entrada', '10.0000', '10.0000', '500.0000'],
      ['entrada', '5.0000', '15.0000', '550.0000'],
      ['transferencia', '-2.5000', '12.5000', '550.0000'],
      ['transferencia', '2.5000', '15.0000', '550.0000'],
      ['saidaManual', '-0.1250', '14.8750', '550.0000'],
    ]);
    expect(k.final).toMatchObject({ saldo: '14.8750', custoMedio: '550.0000', valor: 8181 });
    // For the whole company the transfer between its locations is neither an entry nor an exit.
    expect([k.entradas, k.saidas]).toEqual([{ quantidade: '15.0000', valor: 8250 }, { quantidade: '0.1250', valor: 69 }]);
    const daCozinha = (await admin('POST', '/relatorioEstoqueFluxo', { produto: farinha._id, local: cozinha._id, de: hoje, ate: hoje })).body.data;
    expect(daCozinha.linhas.map((l: Record<string, unknown>) => l.saldo)).toEqual(['2.5000', '2.3750']);
    expect(daCozinha.entradas).toEqual({ quantidade: '2.5000', valor: 1375 });
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const p = await produto();
    const casos: [Record<string, unknown>, string][] = [
      [{ tipo: 'saidaManual', local: principal._id, motivo: 'Perda', itens: [{ produto: p._id, quantidade: '1.23456' }] }, 'Item 1, quantidade: A quantidade: use no máximo 4 casas decimais.'],
      [{ tipo: 'saidaManual', local: principal._id, motivo: 'Perda', itens: [{ produto: p._id, quantidade: 0.1 }, { produto: p._id, quantidade: '-1' }] }, 'Item 2, quantidade: A quantidade deve ser maior que 0.'],
      [{ tipo: 'saidaManual', local: principal._id, motivo: 'Sumiu', itens: [{ produto: p._id, quantidade: '1' }] }, 'Motivo: Escolha o motivo.'],
      [{ tipo: 'saidaManual', local: 'nao-existe', motivo: 'Perda', itens: [{ produto: p._id, quantidade: '1' }] }, 'Local de estoque: Local de estoque não encontrado nesta empresa (ou inativo).'],
      [{ tipo: 'saidaManual', local: principal._id, motivo: 'Perda', itens: [{ produto: p._id, quantidade: '1' }, { produto: 'x', quantidade: '1' }] }, 'Item 2, produto: Produto não encontrado.'],
      [{ tipo: 'transferenciaLocal', local: principal._id, destino: principal._id, itens: [{ produto: p._id, quantidade: '1' }] }, 'Local de destino: O destino deve ser outro local.'],
      [{ tipo: 'entradaManual', local: principal._id, itens: [{ produto: p._id, quantidade: '1', custoUnitario: '1e3' }] }, 'Item 1, custo unitário: Informe o custo unitário (número).'],
      [{ tipo: 'inventado', local: principal._id, itens: [] }, 'Tipo: Informe o tipo do documento: entradaManual, saidaManual ou transferenciaLocal.'],
      [{ tipo: 'entradaManual', local: principal._id, ocorridoEm: '2030-01-01T10:00:00-03:00', itens: [{ produto: p._id, quantidade: '1', custoUnitario: '1' }] }, 'Data: o movimento não pode estar no futuro.'],
    ];
    for (const [body, mensagem] of casos) {
      const res = await documento(admin, body);
      expect([res.status, res.body.data.message], JSON.stringify(body)).toEqual([400, mensagem]);
    }
    expect(await posicao(admin, { busca: 'Insumo' }).then((l) => l.filter((x) => x.produto === p._id))).toEqual([]);
  });

  it('a company that refuses negative stock gets 409 naming the product and the location, and nothing is written', async () => {
    const p = await produto('Queijo muçarela');
    await entrada(p._id, '2', '3000');
    const empresa = (await admin('GET', `/empresa/${ctx.seed.demo.empresas[0]}`)).body.data;
    const mudar = async (permitirNegativo: boolean, version: number) =>
      admin('PUT', `/empresa/${empresa._id}`, { configuracoes: { ...empresa.configuracoes, estoque: { permitirNegativo } }, version });
    const res = await mudar(false, empresa.version);
    expect(res.status).toBe(200);
    const saida = await documento(admin, { tipo: 'saidaManual', local: principal._id, motivo: 'Perda', itens: [{ produto: p._id, quantidade: '2.5' }] });
    expect(saida.status).toBe(409);
    expect(saida.body.data.message).toBe('Estoque insuficiente: Queijo muçarela ficaria com -0,5 em Estoque principal, e esta empresa não permite estoque negativo.');
    expect((await posicao(admin, { busca: 'muçarela' })).map((l) => l.quantidade)).toEqual(['2.0000']);
    await mudar(true, res.body.data.version);
    expect((await documento(admin, { tipo: 'saidaManual', local: principal._id, motivo: 'Perda', itens: [{ produto: p._id, quantidade: '2.5' }] })).status).toBe(201);
    expect((await posicao(admin, { busca: 'muçarela' })).map((l) => l.quantidade)).toEqual(['-0.5000']);
  });

  it('a backdated entry shows first what it changes (later movements that went negative), then is applied and the average replayed', async () => {
    const p = await produto('Tomate');
    const ontem = new Date(Date.now() - 86_400_000);
    const anteontem = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await entrada(p._id, '4', '1000', { ocorridoEm: ontem.toISOString() }); // yesterday: 4 kg at R$ 10
    await documento(admin, { tipo: 'saidaManual', local: principal._id, motivo: 'Perda', itens: [{ produto: p._id, quantidade: '6' }] }); // today: -6 → -2
    const doc = { tipo: 'entradaManual', local: principal._id, ocorridoEm: anteontem, itens: [{ produto: p._id, quantidade: '4', custoUnitario: '1300' }] };
    const previa = await admin('POST', '/estoqueDocumento/previa', doc);
    expect(previa.status).toBe(200);
    const efeito = previa.body.data.efeitos[0];
    expect(efeito).toMatchObject({ retroativo: true, antes: { quantidade: '-2.0000', custoMedio: '1000.0000' }, depois: { quantidade: '2.0000', custoMedio: '1150.0000' } });
    expect(efeito.negativosDepois).toEqual([]);
    // Nothing written by the preview.
    expect((await posicao(admin, { busca: 'tomate' })).map((l) => l.quantidade)).toEqual(['-2.0000']);

    // A backdated loss before everything leaves the later movements negative: listed.
    const perda = await admin('POST', '/estoqueDocumento/previa', { tipo: 'saidaManual', local: principal._id, motivo: 'Quebra', ocorridoEm: anteontem, itens: [{ produto: p._id, quantidade: '1' }] });
    expect(perda.body.data.efeitos[0].negativosDepois.map((x: Record<string, unknown>) => [x.tipo, x.saldo])).toEqual([['saidaManual', '-3.0000']]);

    expect((await documento(admin, doc)).status).toBe(201);
    const k = (await admin('POST', '/relatorioEstoqueFluxo', { produto: p._id, de: diaNaLoja(Date.parse(anteontem)), ate: hoje })).body.data;
    expect(k.linhas.map((l: Record<string, unknown>) => [l.tipo, l.saldo, l.custoMedio])).toEqual([
      ['entrada', '4.0000', '1300.0000'],
      ['entrada', '8.0000', '1150.0000'],
      ['saidaManual', '2.0000', '1150.0000'],
    ]);
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });

  it('a reversal puts everything back at the same cost; reversing twice is 409', async () => {
    const p = await produto('Azeite');
    await entrada(p._id, '10', '2000');
    const segunda = await entrada(p._id, '10', '3000');
    expect((await posicao(admin, { busca: 'azeite' }))[0]).toMatchObject({ quantidade: '20.0000', custoMedio: '2500.0000' });
    const est = await admin('POST', `/estoqueDocumento/${segunda.body.data._id}/estornar`, { motivo: 'Lançada em duplicidade' });
    expect(est.status).toBe(200);
    expect((await posicao(admin, { busca: 'azeite' }))[0]).toMatchObject({ quantidade: '10.0000', custoMedio: '2000.0000' });
    const denovo = await admin('POST', `/estoqueDocumento/${segunda.body.data._id}/estornar`, { motivo: 'De novo' });
    expect(denovo.status).toBe(409);
    const lista = (await admin('POST', '/estoqueDocumento/lista', { tipo: 'entradaManual' })).body.data as Record<string, unknown>[];
    expect(lista.find((d) => d._id === segunda.body.data._id)).toMatchObject({ motivoEstorno: 'Lançada em duplicidade', localDescricao: 'Estoque principal', usuario: expect.any(String) });
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });
});

describe('units', () => {
  it('a quantity typed in another unit is converted by the product’s factor (cost too); a unit without one is a 400 naming the item', async () => {
    const lata = await criar(admin, 'unidadeMedida', { sigla: 'LT', descricao: 'Lata' });
    const cx = await criar(admin, 'unidadeMedida', { sigla: 'CX', descricao: 'Caixa' });
    const refri = await criar(admin, 'produtoGeral', { descricao: 'Refrigerante lata', unidade: lata._id });
    const semFator = await documento(admin, { tipo: 'entradaManual', local: principal._id, itens: [{ produto: refri._id, quantidade: '2', unidade: cx._id, custoUnitario: '3468' }] });
    expect([semFator.status, semFator.body.data.message]).toEqual([400, 'Item 1, unidade: Sem fator de conversão de CX para este produto: cadastre-o em Fatores de conversão.']);
    const estranha = await documento(admin, { tipo: 'saidaManual', local: principal._id, motivo: 'Perda', itens: [{ produto: refri._id, quantidade: '1', unidade: 'nao-existe' }] });
    expect([estranha.status, estranha.body.data.message]).toEqual([400, 'Item 1, unidade: Unidade de medida não encontrada.']);

    await criar(admin, 'estoqueProdutoFatorConversao', { produto: refri._id, unidade: cx._id, fator: '12' });
    // 2 boxes at R$ 34,68 a box = 24 cans at R$ 2,89; then one box and 3 cans leave.
    expect((await documento(admin, { tipo: 'entradaManual', local: principal._id, itens: [{ produto: refri._id, quantidade: '2', unidade: cx._id, custoUnitario: '3468' }] })).status).toBe(201);
    expect((await documento(admin, { tipo: 'saidaManual', local: principal._id, motivo: 'Consumo interno', itens: [{ produto: refri._id, quantidade: '1', unidade: cx._id }, { produto: refri._id, quantidade: '3', unidade: lata._id }] })).status).toBe(201);
    expect((await posicao(admin, { busca: 'refrigerante lata' }))[0]).toMatchObject({ quantidade: '9.0000', custoMedio: '289.0000', valor: 2601 });
  });
});

describe('the ledger under concurrency', () => {
  it('random documents sent at once by several clerks: every kept balance equals the ledger recomputed', async () => {
    const produtos = await Promise.all([produto('Concorrente A'), produto('Concorrente B'), produto('Concorrente C')]);
    // A wants more than the company will hold: counted below the minimum.
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: produtos[0]!._id, preco: 0, controlaEstoque: true, estoqueMinimo: '1000' });
    const locais = [principal._id, cozinha._id];
    let semente = 7;
    const aleatorio = () => ((semente = (semente * 48271) % 2147483647) / 2147483647);
    const escolher = <T,>(lista: T[]) => lista[Math.floor(aleatorio() * lista.length)]!;
    const corpos = Array.from({ length: 40 }, () => {
      const itens = Array.from({ length: 1 + Math.floor(aleatorio() * 3) }, () => ({ produto: escolher(produtos)._id, quantidade: (1 + Math.floor(aleatorio() * 9000) / 1000).toFixed(3) }));
      const tipo = escolher(['entradaManual', 'entradaManual', 'saidaManual', 'transferenciaLocal']);
      const local = escolher(locais);
      const atras = aleatorio() < 0.2 ? Math.floor(aleatorio() * 3 * 86_400_000) : 0;
      const ocorridoEm = new Date(Date.now() - atras).toISOString();
      if (tipo === 'entradaManual') return { tipo, local, ocorridoEm, itens: itens.map((i) => ({ ...i, custoUnitario: String(100 + Math.floor(aleatorio() * 900)) })) };
      if (tipo === 'saidaManual') return { tipo, local, ocorridoEm, motivo: 'Perda', itens };
      return { tipo, local, destino: locais.find((l) => l !== local), ocorridoEm, itens };
    });
    // Five clerks at once, each sending its share in order (one in four then reversed); now and then a clerk
    // compacts the position's kept totals while the others keep writing.
    const compactar = async () => {
      for (const empresa of ctx.seed.demo.empresas) await ctx.db.transaction((tx) => compactarPosicao(tx, ctx.seed.demo.grupoEmpresarial, empresa));
    };
    let compactacoes = 0;
    const respostas = await Promise.all([0, 1, 2, 3, 4].map(async (c) => {
      const r = [];
      for (const corpo of corpos.filter((_, i) => i % 5 === c)) {
        const res = await documento(admin, corpo);
        r.push(res.status);
        if (aleatorio() < 0.25) r.push((await admin('POST', `/estoqueDocumento/${res.body.data._id}/estornar`, { motivo: 'Errado' })).status);
        if (aleatorio() < 0.3) {
          compactacoes++;
          await compactar();
        }
      }
      return r;
    }));
    expect(compactacoes).toBeGreaterThan(0);
    expect(respostas.flat().every((s) => s === 201 || s === 200), JSON.stringify(respostas)).toBe(true);
    // Kept balances, average costs and the position's totals per location (recalcularEstoque checks them all).
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
    // The totals the screen shows with a page equal those summed from every line, with and without filters.
    const soma = (ls: { quantidade: string; valor: number; abaixoMinimo: boolean; produto: string }[]) => ({
      linhas: ls.length,
      quantidade: textoQtd(ls.reduce((t, l) => t + qtd(l.quantidade), 0n)),
      valor: ls.reduce((t, l) => t + l.valor, 0),
      abaixoMinimo: new Set(ls.filter((l) => l.abaixoMinimo).map((l) => l.produto)).size,
    });
    for (const filtro of [{}, { local: cozinha._id }, { local: principal._id, semZerados: true }, { semZerados: true }]) {
      const todas = (await posicao(admin, filtro)) as Parameters<typeof soma>[0];
      const pagina = (await admin('POST', '/relatorioEstoqueProduto', { ...filtro, limite: 1 })).body.data as { totais: unknown };
      expect(pagina.totais, JSON.stringify(filtro)).toEqual(soma(todas));
    }
  });
});

describe('the wall between groups and profiles', () => {
  it('another group sees none of these balances, movements or documents, and cannot use this group’s locations or products', async () => {
    const p = await produto('Segredo do chef');
    const doc = await entrada(p._id, '1', '100');
    expect((await posicao(vizinho)).some((l) => l.produto === p._id)).toBe(false);
    const k = await vizinho('POST', '/relatorioEstoqueFluxo', { produto: p._id, de: hoje, ate: hoje });
    expect(k.body.data.linhas).toEqual([]);
    expect((await vizinho('POST', '/estoqueDocumento/lista', { tipo: 'entradaManual' })).body.data).toEqual([]);
    expect((await vizinho('POST', `/estoqueDocumento/${doc.body.data._id}/estornar`, { motivo: 'Tentativa' })).status).toBe(404);
    const invasao = await documento(vizinho, { tipo: 'saidaManual', local: principal._id, motivo: 'Perda', itens: [{ produto: p._id, quantidade: '1' }] });
    expect(invasao.status).toBe(400);
  });

  it('a profile without the screen is refused (403) naming the screen and the action', async () => {
    const res = await documento(caixa, { tipo: 'saidaManual', local: principal._id, motivo: 'Perda', itens: [{ produto: (await produto())._id, quantidade: '1' }] });
    expect(res.status).toBe(403);
    expect(res.body.data.message).toMatch(/estoqueSaidaManual|Saída manual/);
    expect((await caixa('POST', '/relatorioEstoqueProduto', {})).status).toBe(403);
  });
});
