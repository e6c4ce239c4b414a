import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * The stock reports over documents: relatorioEstoqueSaidaManual and relatorioEstoqueInventario, with
 * the numbers of a small known workload, their filters, the wall between groups and bad filters.
 */
let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let caixa: Api;
let camara: string;
let seco: string;
const p = { Alcatra: '', Picanha: '', Arroz: '' };
const inv = { aprovado: '', aberto: '', cancelado: '' };
/** Today in the stores' clock (UTC−3), the period every document of this file falls in. */
const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
const ontem = new Date(Date.now() - 27 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
  const kg = await criar(admin, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true });
  camara = (await criar(admin, 'estoqueCadastro', { descricao: 'Câmara fria' }))._id;
  seco = (await criar(admin, 'estoqueCadastro', { descricao: 'Estoque seco' }))._id;
  for (const d of ['Alcatra', 'Picanha', 'Arroz'] as const) p[d] = (await criar(admin, 'produtoGeral', { descricao: d, unidade: kg._id }))._id;
  const doc = async (corpo: Record<string, unknown>) => {
    const r = await admin('POST', '/estoqueDocumento', corpo);
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    return r.body.data._id as string;
  };
  await doc({ tipo: 'entradaManual', local: camara, itens: [{ produto: p.Alcatra, quantidade: '10', custoUnitario: '4500' }, { produto: p.Picanha, quantidade: '5', custoUnitario: '8990' }] });
  await doc({ tipo: 'entradaManual', local: seco, itens: [{ produto: p.Arroz, quantidade: '50', custoUnitario: '589' }] });
  // Losses of two reasons (1,5 × R$ 45 + 0,25 × R$ 89,90 = R$ 67,50 + R$ 22,48; 2 × R$ 5,89), and one reversed.
  await doc({ tipo: 'saidaManual', local: camara, motivo: 'Perda', observacao: 'Caiu no chão', itens: [{ produto: p.Alcatra, quantidade: '1.5' }, { produto: p.Picanha, quantidade: '0.25' }] });
  await doc({ tipo: 'saidaManual', local: seco, motivo: 'Vencimento', itens: [{ produto: p.Arroz, quantidade: '2' }] });
  const estornada = await doc({ tipo: 'saidaManual', local: camara, motivo: 'Perda', itens: [{ produto: p.Alcatra, quantidade: '1' }] });
  const estorno = await admin('POST', `/estoqueDocumento/${estornada}/estornar`, { motivo: 'Lançada em dobro' });
  if (estorno.status !== 200) throw new Error(JSON.stringify(estorno.body));

  // Counts: one approved with a gain and a loss (the rice uncounted), one open, one cancelled.
  const abrir = async (descricao: string, locais: string[]) => (await admin('POST', '/estoqueInventario', { descricao, locais })).body.data._id as string;
  const contar = async (id: string, itens: { local: string; produto: string; contado: string }[]) => {
    const r = await admin('POST', `/estoqueInventario/${id}/contagem`, { itens });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  };
  inv.aprovado = await abrir('Contagem mensal', [camara, seco]);
  // Frozen: alcatra 8,5, picanha 4,75, arroz 48. Counted: alcatra 9 (+0,5 × R$ 45), picanha 4,5 (−0,25 × R$ 89,90).
  await contar(inv.aprovado, [{ local: camara, produto: p.Alcatra, contado: '9' }, { local: camara, produto: p.Picanha, contado: '4.5' }]);
  expect((await admin('POST', `/estoqueInventario/${inv.aprovado}/aprovar`)).status).toBe(200);
  inv.aberto = await abrir('Seco semanal', [seco]);
  await contar(inv.aberto, [{ local: seco, produto: p.Arroz, contado: '47' }]);
  inv.cancelado = await abrir('Câmara refeita', [camara]);
  expect((await admin('POST', `/estoqueInventario/${inv.cancelado}/cancelar`)).status).toBe(200);
});
afterAll(async () => ctx?.close());

const saidas = async (api: Api, filtro: Record<string, unknown> = {}) => api('POST', '/relatorioEstoqueSaidaManual', { de: hoje, ate: hoje, ...filtro });
const inventarios = async (api: Api, filtro: Record<string, unknown> = {}) => api('POST', '/relatorioEstoqueInventario', { de: hoje, ate: hoje, ...filtro });

describe('relatorioEstoqueSaidaManual', () => {
  it('values each line at cost, totals per reason and per product, and lists the reversed document without counting it', async () => {
    const r = await saidas(admin);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.linhas.map((l: Record<string, unknown>) => [l.numero, l.motivo, l.localDescricao, l.descricao, l.unidade, l.quantidade, l.custoUnitario, l.valor, l.estornado])).toEqual([
      [3, 'Perda', 'Câmara fria', 'Alcatra', 'KG', '1.0000', '4500.0000', 4500, true],
      [2, 'Vencimento', 'Estoque seco', 'Arroz', 'KG', '2.0000', '589.0000', 1178, false],
      [1, 'Perda', 'Câmara fria', 'Alcatra', 'KG', '1.5000', '4500.0000', 6750, false],
      [1, 'Perda', 'Câmara fria', 'Picanha', 'KG', '0.2500', '8990.0000', 2248, false],
    ]);
    expect(d.linhas[0]).toMatchObject({ usuario: expect.any(String), motivoEstorno: 'Lançada em dobro', estornadoEm: expect.stringMatching(/^\d{4}-/) });
    expect(d.linhas[2]).toMatchObject({ observacao: 'Caiu no chão', ocorridoEm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(d.porMotivo).toEqual([
      { motivo: 'Perda', documentos: 1, linhas: 2, valor: 8998 },
      { motivo: 'Vencimento', documentos: 1, linhas: 1, valor: 1178 },
    ]);
    expect(d.porProduto.map((x: Record<string, unknown>) => [x.descricao, x.unidade, x.linhas, x.quantidade, x.valor])).toEqual([
      ['Alcatra', 'KG', 1, '1.5000', 6750],
      ['Picanha', 'KG', 1, '0.2500', 2248],
      ['Arroz', 'KG', 1, '2.0000', 1178],
    ]);
    expect(d.totais).toEqual({ documentos: 2, linhas: 3, valor: 10176 });
    expect(d.estornados).toEqual({ documentos: 1, valor: 4500 });
    expect(d.truncado).toBe(false);
  });

  it('filters by reason, location, product, user and period', async () => {
    const valor = async (filtro: Record<string, unknown>) => {
      const d = (await saidas(admin, filtro)).body.data;
      return [d.linhas.length, d.totais.valor, d.estornados.valor];
    };
    expect(await valor({ motivos: ['Vencimento'] })).toEqual([1, 1178, 0]);
    expect(await valor({ motivos: ['Perda', 'Vencimento'] })).toEqual([4, 10176, 4500]);
    expect(await valor({ local: seco })).toEqual([1, 1178, 0]);
    expect(await valor({ local: camara })).toEqual([3, 8998, 4500]);
    expect(await valor({ produto: p.Alcatra })).toEqual([2, 6750, 4500]);
    expect(await valor({ produto: p.Picanha, motivos: ['Perda'] })).toEqual([1, 2248, 0]);
    expect(await valor({ usuario: ctx.seed.demo.admin })).toEqual([4, 10176, 4500]);
    expect(await valor({ usuario: ctx.seed.caixa.usuario })).toEqual([0, 0, 0]);
    expect(await valor({ de: ontem, ate: ontem })).toEqual([0, 0, 0]);
    expect(await valor({ local: '' })).toEqual([4, 10176, 4500]);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const erro = async (filtro: Record<string, unknown>) => {
      const r = await saidas(admin, filtro);
      return [r.status, r.body.data.message];
    };
    expect(await erro({ motivos: ['Furto'] })).toEqual([400, 'Motivos: Motivo desconhecido.']);
    expect(await erro({ motivos: 'Perda' })).toEqual([400, 'Motivos: Informe uma lista de motivos.']);
    expect(await erro({ de: '2026-02-30' })).toEqual([400, 'De: Use aaaa-mm-dd.']);
    expect(await erro({ de: hoje, ate: ontem })).toEqual([400, 'Até: O fim do período é anterior ao início.']);
    expect(await erro({ local: 'nao-existe' })).toEqual([400, 'Local de estoque: Não encontrado nesta empresa.']);
    expect(await erro({ produto: 'nao-existe' })).toEqual([400, 'Produto: Não encontrado neste grupo.']);
    expect(await erro({ usuario: 'nao-existe' })).toEqual([400, 'Usuário: Não encontrado neste grupo.']);
    const r = await admin('POST', '/relatorioEstoqueSaidaManual', {});
    expect([r.status, r.body.data.campos]).toEqual([400, { de: 'Use aaaa-mm-dd.', ate: 'Use aaaa-mm-dd.' }]);
  });
});

describe('relatorioEstoqueInventario', () => {
  it('lists the period’s counts with status and valued difference, and totals the approved ones', async () => {
    const r = await inventarios(admin);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.inventarios.map((i: Record<string, unknown>) => [i.descricao, i.status, i.locais, i.linhas, i.contadas, i.sobras, i.faltas, i.diferenca])).toEqual([
      ['Câmara refeita', 'cancelado', 'Câmara fria', 2, 0, 0, 0, 0],
      ['Seco semanal', 'aberto', 'Estoque seco', 1, 1, 0, -589, -589],
      ['Contagem mensal', 'aprovado', 'Câmara fria, Estoque seco', 3, 2, 2250, -2248, 2],
    ]);
    expect(d.inventarios[2]).toMatchObject({ numero: 1, criadoPor: expect.any(String), aprovadoPor: expect.any(String), aprovadoEm: expect.stringMatching(/^\d{4}-/) });
    expect(d.aprovados).toEqual({ inventarios: 1, sobras: 2250, faltas: -2248, diferenca: 2 });
    expect(d.detalhe).toBeNull();
  });

  it('shows one count’s lines by location with the frozen balance, count, difference and its value; only the differences when asked', async () => {
    const d = (await inventarios(admin, { inventario: inv.aprovado })).body.data.detalhe;
    expect(d).toMatchObject({ numero: 1, descricao: 'Contagem mensal', status: 'aprovado', totais: { linhas: 3, contadas: 2, sobras: 2250, faltas: -2248, diferenca: 2 } });
    expect(d.locais.map((l: Record<string, unknown>) => [l.localDescricao, l.linhas, l.contadas, l.sobras, l.faltas, l.diferenca])).toEqual([
      ['Câmara fria', 2, 2, 2250, -2248, 2],
      ['Estoque seco', 1, 0, 0, 0, 0],
    ]);
    expect(d.locais.flatMap((l: { itens: Record<string, unknown>[] }) => l.itens.map((i) => [i.descricao, i.congelado, i.contado, i.diferenca, i.custoMedio, i.valor]))).toEqual([
      ['Alcatra', '8.5000', '9.0000', '0.5000', '4500.0000', 2250],
      ['Picanha', '4.7500', '4.5000', '-0.2500', '8990.0000', -2248],
      ['Arroz', '48.0000', null, null, '589.0000', null],
    ]);
    const soDiferencas = (await inventarios(admin, { inventario: inv.aprovado, soDiferencas: true })).body.data.detalhe;
    expect(soDiferencas.locais.map((l: { localDescricao: string; itens: { descricao: string }[] }) => [l.localDescricao, l.itens.map((i) => i.descricao)])).toEqual([['Câmara fria', ['Alcatra', 'Picanha']]]);
    expect(soDiferencas.totais).toEqual(d.totais);
    // The detail does not depend on the period of the list.
    const outroPeriodo = (await inventarios(admin, { de: ontem, ate: ontem, inventario: inv.aprovado })).body.data;
    expect([outroPeriodo.inventarios, outroPeriodo.detalhe.numero]).toEqual([[], 1]);
  });

  it('filters by status and location (the differences of that location only)', async () => {
    const lista = async (filtro: Record<string, unknown>) => (await inventarios(admin, filtro)).body.data.inventarios.map((i: Record<string, unknown>) => [i.descricao, i.linhas, i.diferenca]);
    expect(await lista({ status: ['aprovado'] })).toEqual([['Contagem mensal', 3, 2]]);
    expect(await lista({ status: ['aberto', 'cancelado'] })).toEqual([['Câmara refeita', 2, 0], ['Seco semanal', 1, -589]]);
    expect(await lista({ local: seco })).toEqual([['Seco semanal', 1, -589], ['Contagem mensal', 1, 0]]);
    expect(await lista({ de: ontem, ate: ontem })).toEqual([]);
    const r = (await inventarios(admin, { local: seco, inventario: inv.aprovado })).body.data;
    expect(r.aprovados).toEqual({ inventarios: 1, sobras: 0, faltas: 0, diferenca: 0 });
    expect(r.detalhe.locais.map((l: { localDescricao: string }) => l.localDescricao)).toEqual(['Estoque seco']);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const erro = async (filtro: Record<string, unknown>) => {
      const r = await inventarios(admin, filtro);
      return [r.status, r.body.data.message];
    };
    expect(await erro({ status: ['fechado'] })).toEqual([400, 'Situação: Situação desconhecida: use aberto, aprovado ou cancelado.']);
    expect(await erro({ soDiferencas: 'sim' })).toEqual([400, 'Só diferenças: Use verdadeiro ou falso.']);
    expect(await erro({ ate: '23/11/2026' })).toEqual([400, 'Até: Use aaaa-mm-dd.']);
    expect(await erro({ inventario: 'nao-existe' })).toEqual([400, 'Inventário: Não encontrado nesta empresa.']);
    expect(await erro({ local: 'nao-existe' })).toEqual([400, 'Local de estoque: Não encontrado nesta empresa.']);
  });
});

describe('the stock reports over documents and the wall between groups', () => {
  it('another group sees none of it, not even through this group’s ids', async () => {
    const s = (await saidas(vizinho)).body.data;
    expect([s.linhas, s.porMotivo, s.porProduto, s.totais, s.estornados]).toEqual([[], [], [], { documentos: 0, linhas: 0, valor: 0 }, { documentos: 0, valor: 0 }]);
    const i = (await inventarios(vizinho)).body.data;
    expect([i.inventarios, i.detalhe]).toEqual([[], null]);
    for (const [filtro, mensagem] of [
      [{ local: camara }, 'Local de estoque: Não encontrado nesta empresa.'],
      [{ produto: p.Alcatra }, 'Produto: Não encontrado neste grupo.'],
      [{ usuario: ctx.seed.demo.admin }, 'Usuário: Não encontrado neste grupo.'],
    ] as const) {
      const r = await saidas(vizinho, filtro);
      expect([r.status, r.body.data.message]).toEqual([400, mensagem]);
    }
    const detalhe = await inventarios(vizinho, { inventario: inv.aprovado });
    expect([detalhe.status, detalhe.body.data.message]).toEqual([400, 'Inventário: Não encontrado nesta empresa.']);
    const usuarios = (await vizinho('POST', '/relatorioEstoqueSaidaManual/filtros')).body.data.usuarios.map((u: { _id: string }) => u._id);
    expect(usuarios).not.toContain(ctx.seed.demo.admin);
    expect(usuarios).toContain(ctx.seed.vizinho.admin);
  });

  it('offers the group’s users to the filters, and a profile without the screens gets 403', async () => {
    for (const tela of ['relatorioEstoqueSaidaManual', 'relatorioMovimentacaoProdutos']) {
      const r = await admin('POST', `/${tela}/filtros`);
      expect(r.status).toBe(200);
      expect(r.body.data.usuarios.map((u: { _id: string }) => u._id)).toEqual(expect.arrayContaining([ctx.seed.demo.admin, ctx.seed.caixa.usuario]));
      expect((await caixa('POST', `/${tela}/filtros`)).status).toBe(403);
    }
    expect((await saidas(caixa)).status).toBe(403);
    expect((await inventarios(caixa)).status).toBe(403);
  });
});
