import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perfilCaixaDemo } from '../src/seed/demo.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

let ctx: TestContext;
let admin: Api;
let c: CenarioVendas;
let visa: string;

/** An order closed at `hora` (São Paulo) on `dia`, paid by one method. */
function pedido(id: string, dia: string, hora: string, canal: string, itens: { produto: string; quantidade: string; precoUnitario: number }[], forma: string, tPag: string, bandeira?: string) {
  const total = itens.reduce((s, i) => s + Math.round(Number(i.quantidade) * i.precoUnitario), 0);
  return { pedidoId: id, canal, abertoEm: `${dia}T${hora}:00-03:00`, fechadoEm: `${dia}T${hora}:30-03:00`, itens, pagamentos: [{ formaPagamento: forma, tPag, valor: total, ...(bandeira ? { bandeira } : {}) }], total };
}

const periodo = { de: '2026-11-13', ate: '2026-11-20' };
const executar = (api: Api, corpo: Record<string, unknown>) => api('POST', '/relatoriosCriados/executar', { ...periodo, ...corpo });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  c = await prepararVendas(ctx, admin);
  visa = (await criar(admin, 'tipoPagamentoBandeira', { descricao: 'Visa', tBand: '01' }))._id;
  const { xis, suco, buffet, dinheiro, credito } = c.ids;
  const vendas = [
    pedido('A1', '2026-11-20', '12:10', 'Salão', [{ produto: xis, quantidade: '2', precoUnitario: 3290 }], credito, '03', visa),
    pedido('A2', '2026-11-20', '12:40', 'Balcão', [{ produto: suco, quantidade: '1', precoUnitario: 900 }], dinheiro, '01'),
    pedido('A3', '2026-11-20', '20:05', 'Delivery', [{ produto: xis, quantidade: '1', precoUnitario: 3290 }, { produto: suco, quantidade: '3', precoUnitario: 900 }], credito, '03'),
    pedido('A4', '2026-11-20', '20:50', 'Salão', [{ produto: buffet, quantidade: '0.512', precoUnitario: 6990 }], dinheiro, '01'),
    // 23:30 in São Paulo is already the 21st in UTC: it still counts on the 20th.
    pedido('A5', '2026-11-20', '23:30', 'Balcão', [{ produto: buffet, quantidade: '0.333', precoUnitario: 6990 }], dinheiro, '01'),
    pedido('B1', '2026-11-13', '12:20', 'Salão', [{ produto: xis, quantidade: '1', precoUnitario: 3290 }], credito, '03', visa),
  ];
  for (const v of vendas) expect((await c.enviar(v)).status).toBe(201);
  expect((await c.enviar({ usuario: ctx.seed.demo.admin, motivo: 'Estorno', em: '2026-11-20T21:00:00-03:00' }, c.token, '/api/vendas/A4/cancelar')).status).toBe(200);
});
afterAll(async () => ctx?.close());

describe('POST /api/relatoriosCriados/executar', () => {
  it('reconciles to the centavo with relatorioVenda for every grouping it offers', async () => {
    const medidas = ['vendas', 'bruto', 'descontos', 'taxaServico', 'taxaEntrega', 'total', 'ticketMedio', 'canceladas', 'valorCancelado'];
    for (const agrupar of ['dia', 'empresa', 'canal', 'hora', 'diaDaSemana', 'terminal']) {
      const venda = (await admin('POST', '/relatorioVenda', { ...periodo, agrupar })).body.data;
      const res = await executar(admin, { definicao: { conjunto: 'vendas', colunas: [agrupar, ...medidas] } });
      expect(res.status, agrupar).toBe(200);
      const { linhas, totais } = res.body.data;
      expect(linhas.map((l: Record<string, unknown>) => [l[agrupar], ...medidas.map((m) => l[m])]), agrupar).toEqual(
        venda.linhas.map((l: Record<string, unknown>) => [l.rotulo, ...medidas.map((m) => l[m])]),
      );
      expect(medidas.map((m) => totais[m]), agrupar).toEqual(medidas.map((m) => venda.totais[m]));
    }
    // The filters every sales report shares apply the same way.
    const filtros = { canais: ['Salão', 'Balcão'], terminais: [c.ids.terminal] };
    const filtrada = (await admin('POST', '/relatorioVenda', { ...periodo, ...filtros, agrupar: 'canal' })).body.data;
    const minha = (await executar(admin, { ...filtros, definicao: { conjunto: 'vendas', colunas: ['canal', 'total', 'canceladas'] } })).body.data;
    expect(minha.linhas.map((l: Record<string, unknown>) => [l.canal, l.total])).toEqual(filtrada.linhas.map((l: Record<string, unknown>) => [l.rotulo, l.total]));
    expect(minha.totais.total).toBe(filtrada.totais.total);
    const dia = (await executar(admin, { definicao: { conjunto: 'vendas', colunas: ['dia', 'total', 'canceladas'] } })).body.data;
    expect(dia.colunas).toEqual([
      { nome: 'dia', rotulo: 'Dia', papel: 'dimensao', tipo: 'texto' },
      { nome: 'total', rotulo: 'Total', papel: 'medida', tipo: 'dinheiro' },
      { nome: 'canceladas', rotulo: 'Canceladas', papel: 'medida', tipo: 'inteiro' },
    ]);
    // 65,80 + 9,00 + 59,90 + 23,28 (0,333 kg of buffet) on the 20th; the 35,79 plate was cancelled.
    expect(dia.linhas).toEqual([
      { _tipo: 'linha', dia: '13/11/2026', total: 3290, canceladas: 0 },
      { _tipo: 'linha', dia: '20/11/2026', total: 15798, canceladas: 1 },
    ]);
  });

  it('adds items by product as relatorioVendaProdutos does, exact quantities, subtotals and distinct sales in the totals', async () => {
    const produtos = (await admin('POST', '/relatorioVendaProdutos', periodo)).body.data;
    const res = await executar(admin, { definicao: { conjunto: 'itensVendidos', colunas: ['produto', 'quantidade', 'vendas', 'total'], ordenacao: [{ coluna: 'total', direcao: 'desc' }] } });
    expect(res.status).toBe(200);
    expect(res.body.data.linhas.map((l: Record<string, unknown>) => [l.produto, l.quantidade, l.vendas, l.total])).toEqual(
      produtos.map((p: Record<string, unknown>) => [p.descricao, p.quantidade, p.vendas, p.total]),
    );
    // The cancelled buffet plate (0,512 kg) is out; 0,333 kg stays exact.
    expect(res.body.data.linhas.find((l: Record<string, unknown>) => l.produto === 'Buffet por quilo').quantidade).toBe('0.333');

    const porCanal = (await executar(admin, { definicao: { conjunto: 'itensVendidos', colunas: ['canal', 'produto', 'vendas', 'total'], agrupamento: 'canal' } })).body.data;
    expect(porCanal.linhas.map((l: Record<string, unknown>) => [l._tipo, l.canal, l.produto, l.vendas, l.total])).toEqual([
      ['linha', 'Balcão', 'Buffet por quilo', 1, 2328],
      ['linha', 'Balcão', 'Suco de laranja', 1, 900],
      ['subtotal', 'Subtotal Balcão', '', 2, 3228],
      ['linha', 'Delivery', 'Suco de laranja', 1, 2700],
      ['linha', 'Delivery', 'Xis bacon', 1, 3290],
      // One sale with two products: one sale, not two.
      ['subtotal', 'Subtotal Delivery', '', 1, 5990],
      ['linha', 'Salão', 'Xis bacon', 2, 9870],
      ['subtotal', 'Subtotal Salão', '', 2, 9870],
    ]);
    const venda = (await admin('POST', '/relatorioVenda', periodo)).body.data.totais;
    expect(porCanal.totais).toMatchObject({ canal: 'Total', vendas: venda.vendas, total: venda.total });
  });

  it('adds payments by method and brand, as the dashboard mixes them; cancellations only when asked', async () => {
    const def = { conjunto: 'pagamentos', colunas: ['formaPagamento', 'bandeira', 'pagamentos', 'total'] };
    const res = (await executar(admin, { definicao: def })).body.data;
    expect(res.linhas.map((l: Record<string, unknown>) => [l.formaPagamento, l.bandeira, l.pagamentos, l.total])).toEqual([
      ['Crédito', 'Visa', 2, 9870],
      ['Crédito', 'Não informado', 1, 5990],
      ['Dinheiro', 'Não informado', 2, 3228],
    ]);
    const painel = (await admin('POST', '/dashboard', { data: '2026-11-20' })).body.data.porPagamento;
    const dia = (await executar(admin, { de: '2026-11-20', ate: '2026-11-20', definicao: { conjunto: 'pagamentos', colunas: ['formaPagamento', 'total'] } })).body.data;
    expect(dia.linhas.map((l: Record<string, unknown>) => [l.formaPagamento, l.total]).sort()).toEqual(painel.map((p: { descricao: string; total: number }) => [p.descricao, p.total]).sort());
    const comCanceladas = (await executar(admin, { definicao: { ...def, colunas: ['formaPagamento', 'total'], incluirCancelados: true } })).body.data;
    expect(comCanceladas.totais.total).toBe(res.totais.total + 3579);
    const filtrado = (await executar(admin, { definicao: { ...def, filtros: [{ dimensao: 'bandeira', valores: [visa] }] } })).body.data;
    expect(filtrado.totais).toMatchObject({ pagamentos: 2, total: 6580 + 3290 });
  });

  it("groups by the sale's operator, by name, and filters by operator", async () => {
    const { xis, dinheiro } = c.ids;
    const operador = ctx.seed.demo.admin;
    expect((await c.enviar({ ...pedido('O1', '2026-11-10', '19:00', 'Salão', [{ produto: xis, quantidade: '1', precoUnitario: 3290 }], dinheiro, '01'), operador })).status).toBe(201);
    expect((await c.enviar(pedido('O2', '2026-11-10', '19:30', 'Salão', [{ produto: xis, quantidade: '2', precoUnitario: 3290 }], dinheiro, '01'))).status).toBe(201);
    const dia = { de: '2026-11-10', ate: '2026-11-10' };
    const res = (await executar(admin, { ...dia, definicao: { conjunto: 'vendas', colunas: ['operador', 'vendas', 'total'] } })).body.data;
    expect(res.linhas.map((l: Record<string, unknown>) => [l.operador, l.vendas, l.total])).toEqual([
      ['Administrador Demonstração', 1, 3290],
      ['Não informado', 1, 6580],
    ]);
    const filtrado = (await executar(admin, { ...dia, definicao: { conjunto: 'itensVendidos', colunas: ['quantidade'], filtros: [{ dimensao: 'operador', valores: [operador] }] } })).body.data;
    expect(filtrado.linhas).toEqual([]);
    expect(filtrado.totais.quantidade).toBe('1');
  });

  it('refuses, naming it, an unknown column or filter, a bad period, and a definition that is missing', async () => {
    const coluna = await executar(admin, { definicao: { conjunto: 'vendas', colunas: ['dia', 'venda.total; drop table venda', 'total'] } });
    expect(coluna.status).toBe(400);
    expect(coluna.body.data).toEqual({ message: 'Colunas: Coluna desconhecida em Vendas: venda.total; drop table venda.', campos: { colunas: 'Coluna desconhecida em Vendas: venda.total; drop table venda.' } });
    const filtro = await executar(admin, { definicao: { conjunto: 'vendas', colunas: ['total'], filtros: [{ dimensao: 'produto', valores: [c.ids.xis] }] } });
    expect(filtro.status).toBe(400);
    expect(filtro.body.data.message).toBe('Filtros: Filtro desconhecido em Vendas: produto.');
    const conjunto = await executar(admin, { definicao: { conjunto: 'estoque', colunas: ['total'] } });
    expect(conjunto.body.data.message).toMatch(/^Conjunto de dados: Escolha o conjunto de dados/);
    const ano = await executar(admin, { de: '2025-01-01', ate: '2026-11-20', definicao: { conjunto: 'vendas', colunas: ['total'] } });
    expect(ano.body.data.message).toBe('Até: No máximo um ano por consulta.');
    expect((await admin('POST', '/relatoriosCriados/executar', periodo)).body.data.message).toBe('Definição: envie a definição do relatório ou o relatório salvo.');
  });

  it('keeps the tenant wall: another group sees none of these sales, nor the saved reports', async () => {
    const salvo = await criar(admin, 'relatorioCriado', { nome: 'Do grupo', conjunto: 'vendas', colunas: ['total'], compartilhado: true });
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const deles = await executar(vizinho, { definicao: { conjunto: 'vendas', colunas: ['canal', 'vendas', 'total'] } });
    expect(deles.status).toBe(200);
    expect(deles.body.data.linhas).toEqual([]);
    expect(deles.body.data.totais).toMatchObject({ vendas: 0, total: 0 });
    expect((await executar(vizinho, { relatorio: salvo._id })).status).toBe(404);
    expect((await vizinho('POST', '/relatorioCriado/getPopulate', {})).body.data).toEqual([]);
    const alheia = await executar(vizinho, { definicao: { conjunto: 'vendas', colunas: ['total'], filtros: [{ dimensao: 'empresa', valores: ctx.seed.demo.empresas }] } });
    expect(alheia.status).toBe(400);
  });
});

describe('record filters of a created report', () => {
  it("refuse, naming the filter, an id of another group's record or company, on save and on every run", async () => {
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const bandeiraDeles = (await criar(vizinho, 'tipoPagamentoBandeira', { descricao: 'Elo', tBand: '06' }))._id;
    const agrupadorDeles = (await criar(vizinho, 'agrupador', { descricao: 'Lanches do vizinho' }))._id;
    const casos = [
      { conjunto: 'pagamentos', dimensao: 'bandeira', id: bandeiraDeles, mensagem: `Filtros: Bandeira não encontrada: ${bandeiraDeles}.` },
      { conjunto: 'itensVendidos', dimensao: 'agrupador', id: agrupadorDeles, mensagem: `Filtros: Agrupador não encontrado: ${agrupadorDeles}.` },
      { conjunto: 'vendas', dimensao: 'operador', id: ctx.seed.vizinho.admin, mensagem: `Filtros: Operador não encontrado: ${ctx.seed.vizinho.admin}.` },
      { conjunto: 'vendas', dimensao: 'empresa', id: ctx.seed.vizinho.empresas[0]!, mensagem: `Filtros: Empresa não encontrada: ${ctx.seed.vizinho.empresas[0]}.` },
      // A record of our group but of another register (a payment brand as a terminal) is refused too.
      { conjunto: 'vendas', dimensao: 'terminal', id: visa, mensagem: `Filtros: Terminal não encontrado: ${visa}.` },
    ];
    for (const caso of casos) {
      // Next to a valid id of our own, so the whole filter is checked and not only its first value.
      const proprio = caso.dimensao === 'empresa' ? [ctx.seed.demo.empresas[0]!] : caso.dimensao === 'operador' ? [ctx.seed.demo.admin] : [];
      const definicao = { conjunto: caso.conjunto, colunas: ['vendas'], filtros: [{ dimensao: caso.dimensao, valores: [...proprio, caso.id] }] };
      const rodar = await executar(admin, { definicao });
      expect(rodar.status, caso.dimensao).toBe(400);
      expect(rodar.body.data.message, caso.dimensao).toBe(caso.mensagem);
      expect(rodar.body.data.campos, caso.dimensao).toEqual({ filtros: caso.mensagem.replace('Filtros: ', '') });
      const salvar = await admin('POST', '/relatorioCriado', { nome: `Com ${caso.dimensao} alheio`, ...definicao });
      expect(salvar.status, caso.dimensao).toBe(400);
      expect(salvar.body.data.message, caso.dimensao).toBe(caso.mensagem);
    }
    // Nothing half-written: none of the refused reports was saved.
    const nomes = (await admin('POST', '/relatorioCriado/getPopulate', { filtro: { lixo: false } })).body.data.map((r: { nome: string }) => r.nome);
    expect(nomes.filter((n: string) => n.endsWith('alheio'))).toEqual([]);

    // A changed saved report is checked again, and the group's own ids are fine.
    const salvo = await criar(admin, 'relatorioCriado', { nome: 'Só Visa', conjunto: 'pagamentos', colunas: ['pagamentos', 'total'], filtros: [{ dimensao: 'bandeira', valores: [visa] }] });
    expect((await executar(admin, { relatorio: salvo._id })).body.data.totais).toMatchObject({ pagamentos: 2, total: 9870 });
    const trocado = await admin('PUT', `/relatorioCriado/${salvo._id}`, { filtros: [{ dimensao: 'bandeira', valores: [visa, bandeiraDeles] }], version: salvo.version });
    expect(trocado.status).toBe(400);
    expect(trocado.body.data.message).toBe(`Filtros: Bandeira não encontrada: ${bandeiraDeles}.`);
    expect((await admin('GET', `/relatorioCriado/${salvo._id}`)).body.data.filtros).toEqual([{ dimensao: 'bandeira', valores: [visa] }]);
    await admin('DELETE', `/relatorioCriado/${salvo._id}`);
  });
});

describe('saved reports (relatorioCriado)', () => {
  let caixa: Api;

  it('need the relatoriosCriados screen: the cashier profile is refused', async () => {
    caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    const res = await executar(caixa, { definicao: { conjunto: 'vendas', colunas: ['total'] } });
    expect(res.status).toBe(403);
    expect((await caixa('POST', '/relatorioCriado', { nome: 'x', conjunto: 'vendas', colunas: ['total'] })).status).toBe(403);
    expect((await caixa('POST', '/relatorioCriado/getPopulate', {})).status).toBe(403);
  });

  it('are private to their author unless shared: on the server, for listing, reading, running and changing', async () => {
    const perfil = (await admin('GET', `/acessoSistema/${ctx.seed.caixa.perfil}`)).body.data;
    const telas = { ...perfilCaixaDemo.telas, relatoriosCriados: ['ver', 'criar', 'editar', 'lixeira'] };
    expect((await admin('PUT', `/acessoSistema/${perfil._id}`, { telas, version: perfil.version })).status).toBe(200);

    // The author is the session's user, whatever the body says.
    const privado = await criar(admin, 'relatorioCriado', { nome: 'Meu privado', conjunto: 'vendas', colunas: ['dia', 'total'], autor: ctx.seed.caixa.usuario });
    expect(privado.autor).toBe(ctx.seed.demo.admin);
    const compartilhado = await criar(admin, 'relatorioCriado', { nome: 'Itens por produto', conjunto: 'itensVendidos', colunas: ['produto', 'total'], compartilhado: true });

    const nomes = async (api: Api) => (await api('POST', '/relatorioCriado/getPopulate', { filtro: { lixo: false }, sort: { nome: 1 } })).body.data.map((r: { nome: string }) => r.nome);
    expect(await nomes(caixa)).toEqual(['Do grupo', 'Itens por produto']);
    expect((await caixa('GET', `/relatorioCriado/${privado._id}`)).status).toBe(404);
    expect((await executar(caixa, { relatorio: privado._id })).status).toBe(404);
    expect((await caixa('PUT', `/relatorioCriado/${privado._id}`, { nome: 'Tomado', version: privado.version })).status).toBe(404);
    expect((await caixa('DELETE', `/relatorioCriado/${privado._id}`)).status).toBe(404);

    // Shared: the group runs it (same numbers as the author) but only the author changes it.
    const rodado = await executar(caixa, { relatorio: compartilhado._id });
    expect(rodado.status).toBe(200);
    expect(rodado.body.data.totais.total).toBe((await executar(admin, { relatorio: compartilhado._id })).body.data.totais.total);
    const alterar = await caixa('PUT', `/relatorioCriado/${compartilhado._id}`, { nome: 'Meu agora', version: compartilhado.version });
    expect(alterar.status).toBe(403);
    expect(alterar.body.data.message).toBe('Só quem criou o relatório pode alterá-lo: salve uma cópia para mudá-lo.');
    expect((await caixa('DELETE', `/relatorioCriado/${compartilhado._id}`)).status).toBe(403);

    // The cashier's own private report is invisible to the administrator too.
    const doCaixa = await criar(caixa, 'relatorioCriado', { nome: 'Do caixa', conjunto: 'pagamentos', colunas: ['formaPagamento', 'total'] });
    expect(await nomes(admin)).toEqual(['Do grupo', 'Itens por produto', 'Meu privado']);
    expect((await executar(admin, { relatorio: doCaixa._id })).status).toBe(404);

    // Unsharing hides it again.
    const desfeito = await admin('PUT', `/relatorioCriado/${compartilhado._id}`, { compartilhado: false, version: compartilhado.version });
    expect(desfeito.status).toBe(200);
    expect(await nomes(caixa)).toEqual(['Do caixa', 'Do grupo']);
  });

  it('refuses to save a definition with a column its data set does not have, naming it', async () => {
    const res = await admin('POST', '/relatorioCriado', { nome: 'Errado', conjunto: 'pagamentos', colunas: ['produto', 'total'] });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe('Colunas: Coluna desconhecida em Pagamentos: produto.');
  });
});
