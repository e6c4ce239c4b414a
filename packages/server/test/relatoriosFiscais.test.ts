import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { documentoDeTeste, prepararVendas, type CenarioVendas } from './vendasFixture.ts';

let ctx: TestContext;
let admin: Api;
let c: CenarioVendas;
let caixaId: string;
const periodo = { de: '2026-11-20', ate: '2026-11-20' };

type Item = { produto: string; quantidade: string; precoUnitario: number; cfop?: string; cst?: string; cancelado?: unknown };
/** An order of 2026-11-20 closed at `hora` (São Paulo) by `operador`, paid in cash. */
function pedido(id: string, hora: string, canal: string, operador: string, itens: Item[], extra: Record<string, unknown> = {}) {
  const total = itens.filter((i) => !i.cancelado).reduce((s, i) => s + Math.round(Number(i.quantidade) * i.precoUnitario), 0);
  return {
    pedidoId: id,
    canal,
    operador,
    abertoEm: `2026-11-20T${hora}:00-03:00`,
    fechadoEm: `2026-11-20T${hora}:30-03:00`,
    itens,
    pagamentos: [{ formaPagamento: c.ids.dinheiro, tPag: '01', valor: total }],
    total,
    ...extra,
  };
}
const nfce = documentoDeTeste;
const somar = (linhas: { total: number }[]) => linhas.reduce((s, l) => s + l.total, 0);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  c = await prepararVendas(ctx, admin);
  caixaId = ctx.seed.caixa.usuario;
  const adm = ctx.seed.demo.admin;
  const { xis, suco, buffet } = c.ids;
  // The burger's NFC-e codes come from its tax configuration in the company (SP, Simples Nacional).
  const config = await criar(admin, 'configuracaoImposto', { descricao: 'Simples tributado', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }] });
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: xis, preco: 3290, configuracaoImposto: config._id });
  const suco5405 = { produto: suco, precoUnitario: 900, cfop: '5405', cst: '500' };
  const mover = (item: number, deMesa: string, paraMesa: string, usuario: string, motivo: string | null, hora: string) => ({ item, deMesa, paraMesa, usuario, motivo, em: `2026-11-20T${hora}:00-03:00` });
  const vendas = [
    pedido('F1', '12:10', 'Salão', adm, [{ produto: xis, quantidade: '2', precoUnitario: 3290 }], { mesa: '5', documentoFiscal: nfce(1, 1, 'autorizada'), transferencias: [mover(0, '3', '5', adm, 'Juntou mesas', '12:05')] }),
    pedido('F2', '12:40', 'Balcão', caixaId, [{ ...suco5405, quantidade: '1' }], { documentoFiscal: nfce(7, 2, 'contingencia') }),
    pedido('F3', '20:05', 'Delivery', caixaId, [
      { produto: xis, quantidade: '1', precoUnitario: 3290 },
      { produto: suco, quantidade: '3', precoUnitario: 900 },
    ]),
    pedido('F4', '20:50', 'Salão', adm, [{ produto: buffet, quantidade: '0.5', precoUnitario: 6990 }], { mesa: '8', documentoFiscal: nfce(2, 1, 'cancelada'), transferencias: [mover(0, '8', '9', caixaId, 'Erro', '20:20')] }),
    pedido('F5', '21:00', 'Salão', caixaId, [
      { produto: xis, quantidade: '1', precoUnitario: 3290 },
      { ...suco5405, quantidade: '1', cancelado: { usuario: adm, motivo: 'Lançado em dobro', em: '2026-11-20T20:40:00-03:00' } },
    ], { mesa: '2', documentoFiscal: nfce(10, 1, 'autorizada', '55'), transferencias: [mover(0, '1', '2', caixaId, null, '20:45')] }),
  ];
  for (const v of vendas) expect((await c.enviar(v)).status).toBe(201);
  expect((await c.enviar({ usuario: adm, motivo: 'Estorno', em: '2026-11-20T21:10:00-03:00' }, c.token, '/api/vendas/F4/cancelar')).status).toBe(200);
});
afterAll(async () => ctx?.close());

describe('POST /api/relatorioVendasResumoFiscal', () => {
  it('counts the documents by model, status and series; items by CFOP and CST/CSOSN; the contingency to transmit', async () => {
    const res = await admin('POST', '/relatorioVendasResumoFiscal', periodo);
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.documentos).toEqual([
      { modelo: '65', status: 'autorizada', serie: 1, quantidade: 1, total: 6580, canceladas: 0, valorCancelado: 0 },
      { modelo: '65', status: 'contingencia', serie: 2, quantidade: 1, total: 900, canceladas: 0, valorCancelado: 0 },
      { modelo: '65', status: 'cancelada', serie: 1, quantidade: 1, total: 3495, canceladas: 1, valorCancelado: 3495 },
      { modelo: '55', status: 'autorizada', serie: 1, quantidade: 1, total: 3290, canceladas: 0, valorCancelado: 0 },
      { modelo: null, status: 'semDocumento', serie: null, quantidade: 1, total: 5990, canceladas: 0, valorCancelado: 0 },
    ]);
    // The cancelled sale (buffet) and the cancelled juice are out; the juice of F3 came without codes and has no configuration.
    expect(r.porCfop).toEqual([
      { cfop: '5102', itens: 3, total: 13160 },
      { cfop: null, itens: 1, total: 2700 },
      { cfop: '5405', itens: 1, total: 900 },
    ]);
    expect(r.porCst).toEqual([
      { cst: '102', itens: 3, total: 13160 },
      { cst: null, itens: 1, total: 2700 },
      { cst: '500', itens: 1, total: 900 },
    ]);
    expect(r.contingencia).toEqual([expect.objectContaining({ pedidoId: 'F2', loja: 'Restaurante Demonstração Centro', modelo: '65', serie: 2, numero: 7, total: 900 })]);
    expect(r.totais).toEqual({ quantidade: 5, total: 20255, canceladas: 1, valorCancelado: 3495, itens: 5, totalItens: 16760 });
    // Reconciles with relatorioVenda to the centavo: the documents less the cancelled sales, and the items (no fees, no discounts here).
    const venda = (await admin('POST', '/relatorioVenda', periodo)).body.data.totais;
    expect(venda).toMatchObject({ total: 16760, valorCancelado: 3495 });
    expect(r.totais.total - r.totais.valorCancelado).toBe(venda.total);
    expect(r.totais.totalItens).toBe(venda.total);
  });
});

describe('POST /api/relatorioVendaTransferencias', () => {
  it('lists the moves of not cancelled sales with product, value, who and why; totals per user', async () => {
    const res = await admin('POST', '/relatorioVendaTransferencias', periodo);
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.transferencias).toEqual([
      expect.objectContaining({ pedidoId: 'F1', em: '2026-11-20T15:05:00.000Z', loja: 'Restaurante Demonstração Centro', deMesa: '3', paraMesa: '5', produto: 'Xis bacon', quantidade: '2', valor: 6580, nome: 'Administrador Demonstração', motivo: 'Juntou mesas' }),
      expect.objectContaining({ pedidoId: 'F5', deMesa: '1', paraMesa: '2', produto: 'Xis bacon', quantidade: '1', valor: 3290, usuario: caixaId, nome: 'Caixa Demonstração', motivo: null }),
    ]);
    expect(r.porUsuario).toEqual([
      { usuario: ctx.seed.demo.admin, nome: 'Administrador Demonstração', transferencias: 1, valor: 6580 },
      { usuario: caixaId, nome: 'Caixa Demonstração', transferencias: 1, valor: 3290 },
    ]);
    expect(r.totais).toEqual({ transferencias: 2, valor: 9870 });
  });
});

describe('the filters every sales report shares: terminals, operators, hour period', () => {
  it('an operator filter changes the numbers of every report and the parts add up to the whole', async () => {
    const doCaixa = { ...periodo, operadores: [caixaId] };
    const doAdmin = { ...periodo, operadores: [ctx.seed.demo.admin] };
    const venda = async (f: object) => (await admin('POST', '/relatorioVenda', f)).body.data.totais;
    expect(await venda(doCaixa)).toMatchObject({ vendas: 3, total: 10180, canceladas: 0 });
    expect(await venda(doAdmin)).toMatchObject({ vendas: 1, total: 6580, canceladas: 1 });
    expect(10180 + 6580).toBe((await venda(periodo)).total);
    expect(somar((await admin('POST', '/relatorioVendaProdutos', doCaixa)).body.data)).toBe(10180);
    expect((await admin('POST', '/relatorioVendaCancelamentos', doCaixa)).body.data.totais).toEqual({ vendas: 0, valorVendas: 0, itens: 1, valorItens: 900 });
    expect((await admin('POST', '/relatorioVendaCancelamentos', doAdmin)).body.data.totais).toEqual({ vendas: 1, valorVendas: 3495, itens: 0, valorItens: 0 });
    expect((await admin('POST', '/relatorioVendaDescontos', doCaixa)).status).toBe(200);
    const fiscal = (await admin('POST', '/relatorioVendasResumoFiscal', doAdmin)).body.data;
    expect(fiscal.documentos.map((d: { status: string }) => d.status)).toEqual(['autorizada', 'cancelada']);
    expect(fiscal.totais.totalItens).toBe(6580);
    const transf = (await admin('POST', '/relatorioVendaTransferencias', doCaixa)).body.data;
    expect(transf.transferencias.map((t: { pedidoId: string }) => t.pedidoId)).toEqual(['F5']);
  });

  it('an hour period (Almoço 11:00–15:00, or one past midnight) keeps the sales closed in it', async () => {
    const almoco = await criar(admin, 'periodoPorHora', { descricao: 'Almoço', horaInicio: '11:00', horaFim: '15:00' });
    const jantar = await criar(admin, 'periodoPorHora', { descricao: 'Jantar', horaInicio: '18:00', horaFim: '23:00' });
    const virada = await criar(admin, 'periodoPorHora', { descricao: 'Noite e manhã', horaInicio: '20:00', horaFim: '12:30' });
    const total = async (id: string) => (await admin('POST', '/relatorioVenda', { ...periodo, periodoPorHora: id })).body.data.totais.total;
    expect(await total(almoco._id)).toBe(7480);
    expect(await total(jantar._id)).toBe(9280);
    expect(7480 + 9280).toBe(16760);
    // 20:00 to 12:30: F1 at 12:10, F3 at 20:05 and F5 at 21:00 (F4, cancelled, out).
    expect(await total(virada._id)).toBe(15860);
    expect((await admin('POST', '/relatorioVendaCancelamentos', { ...periodo, periodoPorHora: almoco._id })).body.data.totais.vendas).toBe(0);
    expect((await admin('POST', '/relatorioVendasResumoFiscal', { ...periodo, periodoPorHora: almoco._id })).body.data.contingencia).toHaveLength(1);
  });

  it('a terminal filter keeps its sales only', async () => {
    const outro = await criar(admin, 'terminal', { descricao: 'PDV 2', tipo: 'PDV' });
    expect((await admin('POST', '/relatorioVenda', { ...periodo, terminais: [c.ids.terminal] })).body.data.totais.total).toBe(16760);
    expect((await admin('POST', '/relatorioVenda', { ...periodo, terminais: [outro._id] })).body.data.totais).toMatchObject({ vendas: 0, total: 0 });
    expect((await admin('POST', '/relatorioVendaTransferencias', { ...periodo, terminais: [outro._id] })).body.data.totais).toEqual({ transferencias: 0, valor: 0 });
  });
});

describe('POST /api/{relatório}/filtros', () => {
  it("offers the group's terminals (with the store), users and hour periods, with the report's permission", async () => {
    const res = await admin('POST', '/relatorioVendasResumoFiscal/filtros', {});
    expect(res.status).toBe(200);
    expect(res.body.data.terminais).toContainEqual({ _id: c.ids.terminal, descricao: 'PDV 1', loja: 'Restaurante Demonstração Centro' });
    expect(res.body.data.operadores).toContainEqual({ _id: caixaId, nome: 'Caixa Demonstração' });
    expect(res.body.data.periodosPorHora.map((p: { descricao: string }) => p.descricao)).toEqual(expect.arrayContaining(['Almoço', 'Jantar']));
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const deles = (await vizinho('POST', '/relatorioVendaTransferencias/filtros', {})).body.data;
    expect(deles.terminais.map((t: { _id: string }) => t._id)).not.toContain(c.ids.terminal);
    expect(deles.operadores.map((o: { _id: string }) => o._id)).not.toContain(caixaId);
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixa('POST', '/relatorioVenda/filtros', {})).status).toBe(403);
  });
});

describe('tenant wall, permissions and bad filters', () => {
  it("another group sees nothing and cannot send this group's ids; the cashier has no reports; a wrong filter is named", async () => {
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const fiscal = await vizinho('POST', '/relatorioVendasResumoFiscal', periodo);
    expect(fiscal.status).toBe(200);
    expect(fiscal.body.data).toMatchObject({ documentos: [], porCfop: [], contingencia: [], totais: { quantidade: 0, total: 0 } });
    expect((await vizinho('POST', '/relatorioVendaTransferencias', periodo)).body.data).toEqual({ transferencias: [], porUsuario: [], totais: { transferencias: 0, valor: 0 } });
    // Cancellations in one statement: the neighbour's own (none), and this group's store asked is not one of theirs.
    expect((await vizinho('POST', '/relatorioVendaCancelamentos', periodo)).body.data).toEqual({ vendas: [], itens: [], totais: { vendas: 0, valorVendas: 0, itens: 0, valorItens: 0 } });
    const loja = ctx.seed.demo.empresas[0];
    expect((await vizinho('POST', '/relatorioVendaCancelamentos', { ...periodo, empresas: [loja] })).body.data.campos).toEqual({ empresas: `Empresa não encontrada: ${loja}.` });
    const terminal = await vizinho('POST', '/relatorioVendaTransferencias', { ...periodo, terminais: [c.ids.terminal] });
    expect(terminal.status).toBe(400);
    expect(terminal.body.data).toEqual({ message: `Terminais: Terminal não encontrado: ${c.ids.terminal}.`, campos: { terminais: `Terminal não encontrado: ${c.ids.terminal}.` } });
    const operador = await vizinho('POST', '/relatorioVendasResumoFiscal', { ...periodo, operadores: [caixaId] });
    expect(operador.body.data.message).toBe(`Operadores: Usuário não encontrado: ${caixaId}.`);
    // An id of the group but of another kind is not a terminal either.
    expect((await admin('POST', '/relatorioVenda', { ...periodo, terminais: [caixaId] })).body.data.campos).toEqual({ terminais: `Terminal não encontrado: ${caixaId}.` });

    const lista = await admin('POST', '/relatorioVendaTransferencias', { ...periodo, operadores: 'todos' });
    expect(lista.status).toBe(400);
    expect(lista.body.data.message).toBe('Operadores: Informe os operadores em uma lista de ids.');
    const hora = await admin('POST', '/relatorioVendasResumoFiscal', { ...periodo, periodoPorHora: 'nao-existe' });
    expect(hora.body.data.message).toBe('Período por hora: Período por hora não encontrado: nao-existe.');
    const invertido = await admin('POST', '/relatorioVendasResumoFiscal', { de: '2026-11-21', ate: '2026-11-20' });
    expect(invertido.body.data.campos).toEqual({ ate: 'O fim do período é anterior ao início.' });

    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixa('POST', '/relatorioVendasResumoFiscal', periodo)).status).toBe(403);
    expect((await caixa('POST', '/relatorioVendaTransferencias', periodo)).status).toBe(403);
  });
});
