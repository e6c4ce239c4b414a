import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, empresasDaSessao, type Api } from './resourceApi.ts';

/** Rules of the coupon and loyalty screens beyond the generic API tests of resources.test.ts. */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let empresas: string[];
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  empresas = await empresasDaSessao(api);
});
afterAll(async () => ctx?.close());

const cupom = (extra: Record<string, unknown> = {}) => ({ tipoDesconto: 'Percentual', percentual: 10, validoDe: '2026-05-01', ...extra });

describe('voucherECupomDesconto', () => {
  it('stores the code in capitals and refuses the same code in any case (409 naming Código)', async () => {
    const c = await criar(api, 'voucherECupomDesconto', cupom({ codigo: ' natal10 ' }));
    expect(c.codigo).toBe('NATAL10');
    const dup = await api('POST', '/voucherECupomDesconto', cupom({ codigo: 'Natal10' }));
    expect(dup.status).toBe(409);
    expect(dup.body.data).toEqual({ message: "Já existe Cupom de desconto com Código 'NATAL10'.", campos: { codigo: "Já existe Cupom de desconto com Código 'NATAL10'." } });
    // Another group may use it.
    expect((await vizinho('POST', '/voucherECupomDesconto', cupom({ codigo: 'NATAL10' }))).status).toBe(201);
  });

  it.each([
    [{ codigo: 'com espaço' }, 'codigo', 'Código: Use de 3 a 40 letras, números, - ou _ (sem espaços nem acentos).'],
    [{ codigo: 'P100', percentual: 100.01 }, 'percentual', 'Desconto (%): O percentual deve ser no máximo 100.'],
    [{ codigo: 'PZERO', percentual: 0 }, 'percentual', 'Desconto (%): O percentual deve ser maior que 0.'],
    [{ codigo: 'SEMPCT', percentual: null }, 'percentual', 'Desconto (%): Informe o percentual do desconto.'],
    [{ codigo: 'SEMVALOR', tipoDesconto: 'Valor', percentual: null }, 'valor', 'Desconto (R$): Informe o valor do desconto.'],
    [{ codigo: 'QUEBRADO', tipoDesconto: 'Valor', valor: 10.5 }, 'valor', 'Desconto (R$): Informe o valor em centavos.'],
    [{ codigo: 'MINNEG', pedidoMinimo: -1 }, 'pedidoMinimo', 'Pedido mínimo: O pedido mínimo não pode ser negativo.'],
    [{ codigo: 'INVERTIDO', validoDe: '2026-05-10', validoAte: '2026-05-09' }, 'validoAte', 'Válido até: O fim da validade não pode ser antes do início.'],
    [{ codigo: 'DATARUIM', validoDe: '2026-02-30' }, 'validoDe', 'Válido de: Informe o início da validade (AAAA-MM-DD).'],
    [{ codigo: 'LIMITES', limiteUsoTotal: 5, limitePorCliente: 6 }, 'limitePorCliente', 'Limite de usos por cliente: O limite por cliente não pode passar do limite total.'],
    [{ codigo: 'LIMZERO', limiteUsoTotal: 0 }, 'limiteUsoTotal', 'Limite de usos (total): O limite deve ser pelo menos 1 (deixe vazio para sem limite).'],
    [{ codigo: 'SEMCANAL', canais: [] }, 'canais', 'Canais: Escolha ao menos um canal.'],
    [{ codigo: 'CANALX', canais: ['Drive-thru'] }, 'canais.0', 'Canais: Canal desconhecido.'],
    [{ codigo: 'AGRX', agrupadores: ['nao-existe'] }, 'agrupadores', 'Agrupadores elegíveis: Agrupador não encontrado.'],
  ])('refuses %j with 400 naming the field', async (extra, campo, message) => {
    const res = await api('POST', '/voucherECupomDesconto', cupom(extra));
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe(message);
    expect(Object.keys(res.body.data.campos)).toContain(campo);
  });

  it('accepts 100 % and the same start and end day; keeps only the amount of the chosen kind', async () => {
    const cem = await criar(api, 'voucherECupomDesconto', cupom({ codigo: 'CORTESIA', percentual: 100, valor: 999, validoAte: '2026-05-01' }));
    expect(cem).toMatchObject({ percentual: '100.00', valor: null, validoAte: '2026-05-01', limitePorCliente: 1, limiteUsoTotal: null });
    const valor = await api('PUT', `/voucherECupomDesconto/${cem._id}`, { version: 1, tipoDesconto: 'Valor', valor: 2550 });
    expect(valor.body.data).toMatchObject({ tipoDesconto: 'Valor', valor: 2550, percentual: null });
  });

  it('populates the eligible groupers and filters by channel', async () => {
    const pizzas = await criar(api, 'agrupador', { descricao: 'Pizzas elegíveis' });
    const bebidas = await criar(api, 'agrupador', { descricao: 'Bebidas elegíveis' });
    const c = await criar(api, 'voucherECupomDesconto', cupom({ codigo: 'PIZZA20', agrupadores: [pizzas._id, bebidas._id, pizzas._id], canais: ['Totem'] }));
    const salao = await criar(api, 'voucherECupomDesconto', cupom({ codigo: 'SALAO5', canais: ['Salão', 'Balcão'] }));
    expect(c.agrupadores).toEqual([pizzas._id, bebidas._id, pizzas._id]);
    const res = await api('POST', '/voucherECupomDesconto/getPopulate', { filtro: { canais: 'Totem', _id: { $in: [c._id, salao._id] } }, populate: 'agrupadores' });
    expect(res.body.data.map((r: { codigo: string }) => r.codigo)).toEqual(['PIZZA20']);
    expect(res.body.data[0].agrupadores.map((a: { descricao: string }) => a.descricao)).toEqual(['Pizzas elegíveis', 'Bebidas elegíveis', 'Pizzas elegíveis']);
    // A grouper in the trash cannot be chosen.
    await api('DELETE', `/agrupador/${bebidas._id}`);
    const put = await api('PUT', `/voucherECupomDesconto/${c._id}`, { version: 1, descricao: 'outra' });
    expect(put.status).toBe(400);
    expect(put.body.data.campos).toEqual({ agrupadores: 'Agrupador não encontrado.' });
  });

  describe('gerarLote', () => {
    it('creates N unique codes with the prefix in one call, each with the shared fields', async () => {
      const res = await api('POST', '/voucherECupomDesconto/gerarLote', {
        prefixo: 'promo',
        quantidade: 50,
        tipo: 'Voucher',
        tipoDesconto: 'Valor',
        valor: 1000,
        validoDe: '2026-06-01',
        limiteUsoTotal: 1,
      });
      expect(res.status).toBe(201);
      const codigos = res.body.data.map((r: { codigo: string }) => r.codigo);
      expect(codigos).toHaveLength(50);
      expect(new Set(codigos).size).toBe(50);
      for (const codigo of codigos) expect(codigo).toMatch(/^PROMO-[A-HJ-NP-Z2-9]{8}$/);
      expect(res.body.data[0]).toMatchObject({ tipo: 'Voucher', valor: 1000, lote: 'PROMO', limiteUsoTotal: 1, lixo: false });
      const lista = await api('POST', '/voucherECupomDesconto/getPopulate', { filtro: { lote: 'PROMO' }, limit: 1 });
      expect(lista.headers['x-total-count']).toBe('50');
    });

    it('writes nothing when one record is refused', async () => {
      const antes = await api('POST', '/voucherECupomDesconto/getPopulate', { filtro: { lote: 'RUIM' } });
      const agrupador = await criar(api, 'agrupador', { descricao: 'Some no meio' });
      await api('DELETE', `/agrupador/${agrupador._id}`);
      const res = await api('POST', '/voucherECupomDesconto/gerarLote', { prefixo: 'RUIM', quantidade: 5, ...cupom({ agrupadores: [agrupador._id] }) });
      expect(res.status).toBe(400);
      expect(res.body.data.message).toBe('Agrupadores elegíveis: Agrupador não encontrado.');
      const depois = await api('POST', '/voucherECupomDesconto/getPopulate', { filtro: { lote: 'RUIM', lixo: { $in: [true, false] } } });
      expect(antes.body.data).toEqual([]);
      expect(depois.body.data).toEqual([]);
    });

    it.each([
      [{ prefixo: 'a', quantidade: 5 }, 'prefixo', 'Prefixo: Use de 2 a 20 letras ou números no prefixo (sem espaços nem acentos).'],
      [{ prefixo: 'LOTE', quantidade: 0 }, 'quantidade', 'Quantidade: Gere pelo menos 1 código.'],
      [{ prefixo: 'LOTE', quantidade: 1001 }, 'quantidade', 'Quantidade: No máximo 1000 códigos por lote.'],
      [{ prefixo: 'LOTE', quantidade: 2, percentual: 101 }, 'percentual', 'Desconto (%): O percentual deve ser no máximo 100.'],
    ])('refuses %j with 400 naming the field', async (corpo, campo, message) => {
      const res = await api('POST', '/voucherECupomDesconto/gerarLote', { ...cupom(), ...corpo });
      expect(res.status).toBe(400);
      expect(res.body.data.message).toBe(message);
      expect(Object.keys(res.body.data.campos)).toContain(campo);
    });

    it('needs a session, and the batch stays in the caller’s group', async () => {
      const anon = await ctx.app.inject({ method: 'POST', url: '/api/voucherECupomDesconto/gerarLote', payload: { prefixo: 'X1', quantidade: 1 } });
      expect(anon.statusCode).toBe(401);
      await vizinho('POST', '/voucherECupomDesconto/gerarLote', { prefixo: 'VIZ', quantidade: 3, ...cupom() });
      expect((await api('POST', '/voucherECupomDesconto/getPopulate', { filtro: { lote: 'VIZ' } })).body.data).toEqual([]);
      expect((await vizinho('POST', '/voucherECupomDesconto/getPopulate', { filtro: { lote: 'VIZ' } })).body.data).toHaveLength(3);
    });
  });
});

describe('programaFidelidade', () => {
  it('accepts the group’s companies and refuses another group’s or an unknown one', async () => {
    const p = await criar(api, 'programaFidelidade', { nome: 'Clube da casa', empresas });
    expect(p).toMatchObject({ empresas, canais: ['Salão', 'Balcão', 'Delivery', 'Delivery próprio', 'Totem', 'QR Code', 'App'], ativo: true });
    const doVizinho = await empresasDaSessao(vizinho);
    for (const [i, ids] of [[...empresas, doVizinho[0]], ['nao-existe']].entries()) {
      const res = await api('POST', '/programaFidelidade', { nome: `Clube recusado ${i}`, empresas: ids });
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual({ message: 'Empresas participantes: Empresa não encontrada.', campos: { empresas: 'Empresa não encontrada.' } });
    }
  });

  it('says what is missing or too long', async () => {
    for (const [corpo, message] of [
      [{ nome: 'Sem empresas' }, 'Empresas participantes: Escolha ao menos uma empresa.'],
      [{ empresas }, 'Nome: Informe o nome.'],
      [{ nome: 'x'.repeat(81), empresas }, 'Nome: No máximo 80 caracteres.'],
      [{ nome: 'Sem canal', empresas, canais: [] }, 'Canais: Escolha ao menos um canal.'],
    ] as const) {
      const res = await api('POST', '/programaFidelidade', corpo);
      expect(res.status).toBe(400);
      expect(res.body.data.message).toBe(message);
    }
  });

  it('cannot go to the trash while a rule of it is outside the trash', async () => {
    const p = await criar(api, 'programaFidelidade', { nome: 'Clube com regra', empresas });
    const regra = await criar(api, 'programaFidelidadePontos', { programa: p._id, descricao: 'Regra do clube', pontosPorReal: 1 });
    const res = await api('DELETE', `/programaFidelidade/${p._id}`);
    expect(res.status).toBe(409);
    expect(res.body.data.message).toBe('Este programa tem regras de pontos fora da lixeira; mova-as para a lixeira antes.');
    await api('DELETE', `/programaFidelidadePontos/${regra._id}`);
    expect((await api('DELETE', `/programaFidelidade/${p._id}`)).status).toBe(200);
    // A rule cannot point at a programme in the trash.
    const nova = await api('POST', '/programaFidelidadePontos', { programa: p._id, descricao: 'Órfã', pontosPorReal: 1 });
    expect(nova.body.data.campos).toEqual({ programa: 'Programa de fidelidade não encontrado.' });
  });
});

describe('programaFidelidadePontos', () => {
  it('keeps the rewards catalogue and names the reward sub-field that is wrong', async () => {
    const p = await criar(api, 'programaFidelidade', { nome: 'Clube pontos', empresas });
    const ok = await criar(api, 'programaFidelidadePontos', {
      programa: p._id,
      descricao: 'Pontos padrão',
      pontosPorReal: 0.5,
      recompensas: [
        { descricao: 'R$ 5 off', pontos: 50, tipo: 'Desconto', desconto: 500 },
        { descricao: 'Refrigerante lata', pontos: 80, tipo: 'Produto' },
      ],
    });
    expect(ok.recompensas).toEqual([
      { descricao: 'R$ 5 off', pontos: 50, tipo: 'Desconto', desconto: 500 },
      { descricao: 'Refrigerante lata', pontos: 80, tipo: 'Produto', desconto: null },
    ]);
    expect(ok.validadeDias).toBe(365);
    for (const [recompensa, campo, msg] of [
      [{ descricao: 'Sem valor', pontos: 10, tipo: 'Desconto' }, 'recompensas.0.desconto', 'Informe o valor do desconto.'],
      [{ descricao: 'Pontos quebrados', pontos: 1.5, tipo: 'Produto' }, 'recompensas.0.pontos', 'Informe um número inteiro de pontos.'],
      [{ descricao: '', pontos: 10, tipo: 'Produto' }, 'recompensas.0.descricao', 'Informe a descrição.'],
    ] as const) {
      const res = await api('POST', '/programaFidelidadePontos', { programa: p._id, descricao: `Ruim ${campo}`, pontosPorReal: 1, recompensas: [recompensa] });
      expect(res.status).toBe(400);
      expect(res.body.data.message).toBe(`Catálogo de recompensas: ${msg}`);
      expect(res.body.data.campos).toEqual({ [campo]: msg });
    }
  });

  it('takes points per real with up to two decimals and positive expiry days', async () => {
    const p = await criar(api, 'programaFidelidade', { nome: 'Clube casas', empresas });
    for (const [corpo, message] of [
      [{ pontosPorReal: 0 }, 'Pontos por real: A quantidade de pontos por real deve ser maior que 0.'],
      [{ pontosPorReal: '1,005' }, 'Pontos por real: A quantidade de pontos por real: use no máximo 2 casas decimais.'],
      [{ pontosPorReal: 1, validadeDias: 0 }, 'Validade dos pontos (dias): A validade deve ser de pelo menos 1 dia.'],
    ] as const) {
      const res = await api('POST', '/programaFidelidadePontos', { programa: p._id, descricao: 'Casas', ...corpo });
      expect(res.body.data.message).toBe(message);
    }
    expect((await criar(api, 'programaFidelidadePontos', { programa: p._id, descricao: 'Casas', pontosPorReal: '1,25' })).pontosPorReal).toBe('1.25');
  });
});

describe('programaFidelidadeCashBack', () => {
  it('refuses a repeated channel and a channel the programme does not run in', async () => {
    const p = await criar(api, 'programaFidelidade', { nome: 'Clube cashback', empresas, canais: ['Delivery', 'App'] });
    const repetido = await api('POST', '/programaFidelidadeCashBack', {
      programa: p._id,
      descricao: 'Repetido',
      percentuais: [
        { canal: 'Delivery', percentual: 5 },
        { canal: 'Delivery', percentual: 3 },
      ],
    });
    expect(repetido.body.data).toEqual({ message: 'Cashback por canal: O canal Delivery aparece mais de uma vez.', campos: { 'percentuais.1.canal': 'O canal Delivery aparece mais de uma vez.' } });
    const fora = await api('POST', '/programaFidelidadeCashBack', { programa: p._id, descricao: 'Fora', percentuais: [{ canal: 'App', percentual: 5 }, { canal: 'Salão', percentual: 2 }] });
    expect(fora.status).toBe(400);
    expect(fora.body.data).toEqual({ message: 'Cashback por canal: O canal Salão não faz parte dos canais do programa.', campos: { 'percentuais.1.canal': 'O canal Salão não faz parte dos canais do programa.' } });
    const vazio = await api('POST', '/programaFidelidadeCashBack', { programa: p._id, descricao: 'Vazio', percentuais: [] });
    expect(vazio.body.data.message).toBe('Cashback por canal: Informe o percentual de ao menos um canal.');
  });

  it('keeps cap and minimum in centavos', async () => {
    const p = await criar(api, 'programaFidelidade', { nome: 'Clube teto', empresas });
    const ok = await criar(api, 'programaFidelidadeCashBack', { programa: p._id, descricao: 'Teto', percentuais: [{ canal: 'Salão', percentual: 3.5 }], limitePorCompra: 1999, minimoResgate: 500 });
    expect(ok).toMatchObject({ limitePorCompra: 1999, minimoResgate: 500, validadeDias: 90, percentuais: [{ canal: 'Salão', percentual: '3.50' }] });
    const quebrado = await api('POST', '/programaFidelidadeCashBack', { programa: p._id, descricao: 'Quebrado', percentuais: [{ canal: 'Salão', percentual: 3 }], limitePorCompra: 19.99 });
    expect(quebrado.body.data.message).toBe('Teto por compra: Informe o valor em centavos.');
  });
});
