import { contaPadrao } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, empresasDaSessao, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
let c: CenarioVendas;
let caixaId: string;
let debito: string;

type Pag = { forma: 'dinheiro' | 'credito' | 'debito'; valor: number; troco?: number };
/** A sale of `total` paid by these payments (cash may carry change), in a cash period or none. */
function venda(pedidoId: string, periodo: string | null, total: number, pagamentos: Pag[]) {
  const tPag = { dinheiro: '01', credito: '03', debito: '04' } as const;
  return {
    pedidoId,
    periodo,
    canal: 'Balcão',
    abertoEm: '2026-11-20T12:01:00-03:00',
    fechadoEm: '2026-11-20T12:05:00-03:00',
    itens: [{ produto: c.ids.suco, quantidade: '1', precoUnitario: total }],
    pagamentos: pagamentos.map((p) => ({ formaPagamento: p.forma === 'debito' ? debito : c.ids[p.forma], tPag: tPag[p.forma], valor: p.valor, troco: p.troco ?? 0 })),
    total,
  };
}
const abrir = async (body: Record<string, unknown> = {}) => c.enviar({ abertoEm: '2026-11-20T08:00:00-03:00', ...body }, c.token, '/api/periodo/abrir');
const fechar = async (id: string, token = c.token) => c.enviar({ fechadoEm: '2026-11-20T18:00:00-03:00' }, token, `/api/periodo/${id}/fechar`);
const vender = async (v: ReturnType<typeof venda>) => expect((await c.enviar(v)).status).toBe(201);
const resumo = async (id: string, cliente = api) => cliente('GET', `/conciliacaoCaixa/${id}`);
const linhaConta = async (conta: string) =>
  (await api('POST', '/financeiroMovimentacao/lista', { de: '2026-01-01', ate: '2026-12-31', conta })).body.data.linhas as { _id: string; valor: number; tipo: string; planoConta: string; documentoTipo: string; documentoId: string; descricao: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  c = await prepararVendas(ctx, api);
  debito = (await criar(api, 'formaPagamento', { descricao: 'Débito', tipo: 'Cartão de Débito' }))._id;
  caixaId = (await criar(api, 'caixa', { descricao: 'Caixa da frente', fundoTroco: 10000 }))._id;
  const terminal = (await api('GET', `/terminal/${c.ids.terminal}`)).body.data;
  expect((await api('PUT', `/terminal/${c.ids.terminal}`, { version: terminal.version, configuracoes: { ...terminal.configuracoes, caixa: caixaId } })).status).toBe(200);
});
afterAll(async () => ctx?.close());

describe('conciliacaoCaixa: cash periods and their closing', () => {
  let periodo: string;
  let conta: string;

  it('a terminal opens one period at a time, with its cashier and float; periodo/getPopulate (SPEC §7) reads it', async () => {
    expect((await c.enviar({}, 'rtq_outra', '/api/periodo/abrir')).status).toBe(401);
    const ruim = await abrir({ fundoTroco: -1 });
    expect(ruim.status).toBe(400);
    expect(ruim.body.data.message).toMatch(/^Fundo de troco: /);
    const aberto = await abrir();
    expect(aberto.status).toBe(201);
    expect(aberto.body.data).toMatchObject({ caixa: caixaId, terminal: c.ids.terminal, fundoTroco: 10000, periodoAberto: true, dataAbertura: '2026-11-20' });
    periodo = aberto.body.data._id;
    const outro = await abrir();
    expect(outro.status).toBe(409);
    expect(outro.body.data.message).toContain('já tem um período aberto');
    const lidos = await api('POST', '/periodo/getPopulate', { filtro: { periodoAberto: true } });
    expect(lidos.body.data.map((p: { _id: string }) => p._id)).toEqual([periodo]);
    // Another group never sees it.
    expect((await vizinho('POST', '/periodo/getPopulate', { filtro: {} })).body.data.map((p: { _id: string }) => p._id)).not.toContain(periodo);
  });

  it('system totals per method from the period’s sales to the centavo: net of change, cancelled and other periods out; sangria and suprimento move the drawer', async () => {
    await vender(venda('C1', periodo, 3750, [{ forma: 'dinheiro', valor: 5000, troco: 1250 }]));
    await vender(venda('C2', periodo, 2590, [{ forma: 'credito', valor: 2590 }]));
    await vender(venda('C3', periodo, 4001, [{ forma: 'dinheiro', valor: 1001 }, { forma: 'debito', valor: 3000 }]));
    await vender(venda('C4', periodo, 9999, [{ forma: 'dinheiro', valor: 9999 }]));
    expect((await c.enviar({ usuario: 'op', motivo: 'Cliente desistiu', em: '2026-11-20T12:30:00-03:00' }, c.token, '/api/vendas/C4/cancelar')).status).toBe(200);
    await vender(venda('C5', null, 7777, [{ forma: 'dinheiro', valor: 7777 }]));

    expect((await api('POST', `/conciliacaoCaixa/${periodo}/movimentos`, { tipo: 'sangria', valor: 3000, motivo: 'Depósito no cofre' })).status).toBe(201);
    const sup = await api('POST', `/conciliacaoCaixa/${periodo}/movimentos`, { tipo: 'suprimento', valor: 500, motivo: 'Moedas' });
    expect(sup.status).toBe(201);
    expect(sup.body.data).toMatchObject({ tipo: 'suprimento', valor: 500, motivo: 'Moedas', usuarioNome: expect.any(String) });

    const r = (await resumo(periodo)).body.data;
    expect(r.formas.map((f: { chave: string; vendido: number; pagamentos: number }) => [f.chave, f.vendido, f.pagamentos])).toEqual([
      ['dinheiro', 3750 + 1001, 2],
      [c.ids.credito, 2590, 1],
      [debito, 3000, 1],
    ]);
    expect(r).toMatchObject({ sangrias: 3000, suprimentos: 500, aprovacao: null });
    expect(r.periodo).toMatchObject({ situacao: 'aberto', vendas: 3, total: 3750 + 2590 + 4001, fundoTroco: 10000, caixaNome: 'Caixa da frente' });
  });

  it('bad input is a 400 naming the field, nothing written', async () => {
    const casos: [string, Record<string, unknown>, RegExp][] = [
      [`/conciliacaoCaixa/${periodo}/movimentos`, { tipo: 'retirada', valor: 100, motivo: 'x y z' }, /^Tipo: /],
      [`/conciliacaoCaixa/${periodo}/movimentos`, { tipo: 'sangria', valor: 0, motivo: 'Cofre' }, /^Valor: /],
      [`/conciliacaoCaixa/${periodo}/movimentos`, { tipo: 'sangria', valor: 10.5, motivo: 'Cofre' }, /^Valor: /],
      [`/conciliacaoCaixa/${periodo}/movimentos`, { tipo: 'sangria', valor: 100 }, /^Motivo: /],
      [`/conciliacaoCaixa/${periodo}/aprovar`, { declarado: { dinheiro: -5 } }, /^Declarado: /],
      [`/conciliacaoCaixa/${periodo}/aprovar`, { declarado: { outraForma: 5 } }, /^Declarado: /],
      ['/conciliacaoCaixa/periodos', { de: '2026-11-30', ate: '2026-11-01' }, /^Até: /],
    ];
    for (const [url, body, mensagem] of casos) {
      const res = await api('POST', url, body);
      expect(res.status, url).toBe(400);
      expect(res.body.data.message).toMatch(mensagem);
    }
    const r = (await resumo(periodo)).body.data;
    expect([r.movimentos.length, r.aprovacao]).toEqual([2, null]);
  });

  it('approval without a cash account is refused with nothing written; with one it posts the cash sold and the shortfall once', async () => {
    const semConta = await api('POST', `/conciliacaoCaixa/${periodo}/aprovar`, { declarado: {} });
    expect(semConta.status).toBe(409);
    expect(semConta.body.data.message).toContain('Nenhuma conta financeira do tipo Caixa');
    expect((await resumo(periodo)).body.data.periodo.situacao).toBe('aberto');

    conta = (await criar(api, 'financeiroConta', { nome: 'Caixa da loja', tipo: 'Caixa', saldoInicial: 20000, dataSaldoInicial: '2026-01-01' }))._id;
    const gaveta = 10000 + 4751 - 3000 + 500;
    const res = await api('POST', `/conciliacaoCaixa/${periodo}/aprovar`, { declarado: { dinheiro: gaveta - 250, [c.ids.credito]: 2590, [debito]: 2900 }, observacao: 'Faltou troco' });
    expect(res.status).toBe(200);
    const linhas = res.body.data.aprovacao.linhas.map((l: { chave: string; sistema: number; declarado: number; diferenca: number }) => [l.chave, l.sistema, l.declarado, l.diferenca]);
    expect(linhas).toEqual([
      ['dinheiro', gaveta, gaveta - 250, -250],
      [c.ids.credito, 2590, 2590, 0],
      [debito, 3000, 2900, -100],
    ]);
    expect(res.body.data.periodo.situacao).toBe('aprovado');

    const movs = (await linhaConta(conta)).filter((l) => l.documentoTipo === 'conciliacaoCaixa');
    expect(movs.map((l) => [l.tipo, l.valor, l.planoConta, l.documentoId])).toEqual([
      ['entrada', 4751, contaPadrao('1.01')._id, periodo],
      ['saida', -250, contaPadrao('6')._id, periodo],
    ]);
    expect(movs[1]!.descricao).toBe('Falta de caixa — Caixa da frente de 20/11/2026');
    // Its rows are not reversed one by one on the movements screen.
    const estorno = await api('POST', `/financeiroMovimentacao/${movs[1]!._id}/estornar`, { motivo: 'contagem errada' });
    expect([estorno.status, estorno.body.data.message]).toEqual([409, expect.stringContaining('fechamento de caixa aprovado')]);
    const saldos = (await api('GET', '/financeiroMovimentacao/saldos?data=2026-11-20')).body.data;
    expect(saldos.find((s: { conta: string }) => s.conta === conta)).toMatchObject({ saldo: 20000 + 4751 - 250, saldoNaData: 20000 + 4751 - 250 });

    // Approving again, a sangria after it, or editing the period's record: 409, nothing posted.
    const again = await api('POST', `/conciliacaoCaixa/${periodo}/aprovar`, { declarado: { dinheiro: gaveta } });
    expect(again.status).toBe(409);
    expect(again.body.data.message).toMatch(/já foi aprovado em \d{2}\/\d{2}\/\d{4}/);
    expect((await api('POST', `/conciliacaoCaixa/${periodo}/movimentos`, { tipo: 'sangria', valor: 100, motivo: 'Cofre' })).status).toBe(409);
    const registro = (await api('GET', `/periodo/${periodo}`)).body.data;
    expect(registro).toMatchObject({ periodoAberto: false, dataFechamento: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await api('PUT', `/periodo/${periodo}`, { version: registro.version, fundoTroco: 0 })).status).toBe(409);
    expect((await api('DELETE', `/periodo/${periodo}`)).status).toBe(409);
    expect((await linhaConta(conta)).filter((l) => l.documentoTipo === 'conciliacaoCaixa')).toHaveLength(2);
    // The terminal closing it afterwards (a retry) is answered as it is.
    const retry = await fechar(periodo);
    expect([retry.status, retry.body.data.jaFechado]).toEqual([200, true]);
  });

  it('two approvals at once post once; a sobra goes in as Outras receitas', async () => {
    const p = (await abrir({ fundoTroco: 0, abertoEm: '2026-11-21T08:00:00-03:00' })).body.data._id as string;
    await vender(venda('D1', p, 1000, [{ forma: 'dinheiro', valor: 1000 }]));
    expect((await fechar(p)).body.data.jaFechado).toBe(false);
    expect((await resumo(p)).body.data.periodo.situacao).toBe('fechado');
    const corpo = { declarado: { dinheiro: 1010 } };
    const respostas = await Promise.all([1, 2, 3].map(() => api('POST', `/conciliacaoCaixa/${p}/aprovar`, corpo)));
    expect(respostas.map((x) => x.status).sort()).toEqual([200, 409, 409]);
    const movs = (await linhaConta(conta)).filter((l) => l.documentoId === p);
    expect(movs.map((l) => [l.tipo, l.valor, l.planoConta])).toEqual([
      ['entrada', 1000, contaPadrao('1.01')._id],
      ['entrada', 10, contaPadrao('1.04')._id],
    ]);
  });

  it('the list filters by situation; the wall between groups holds on every endpoint', async () => {
    const lista = async (cliente: Api, filtro: Record<string, unknown> = {}) =>
      (await cliente('POST', '/conciliacaoCaixa/periodos', { de: '2026-11-01', ate: '2026-11-30', ...filtro })).body.data as { _id: string; situacao: string }[];
    expect((await lista(api, { situacao: 'aprovado' })).length).toBe(2);
    expect(await lista(api, { situacao: 'aberto' })).toEqual([]);
    expect((await lista(api)).map((p) => p._id)).toContain(periodo);

    expect(await lista(vizinho)).toEqual([]);
    expect((await resumo(periodo, vizinho)).status).toBe(404);
    expect((await vizinho('POST', `/conciliacaoCaixa/${periodo}/movimentos`, { tipo: 'suprimento', valor: 100, motivo: 'Troco' })).status).toBe(404);
    expect((await vizinho('POST', `/conciliacaoCaixa/${periodo}/aprovar`, { declarado: {} })).status).toBe(404);
    // Another terminal of the same company does not close this terminal's period.
    const outro = (await criar(api, 'terminal', { descricao: 'PDV 2', tipo: 'PDV' }))._id;
    const token = (await api('POST', `/terminal/${outro}/credencial`)).body.data.token as string;
    const p = (await abrir({ abertoEm: '2026-11-22T08:00:00-03:00' })).body.data._id as string;
    expect((await fechar(p, token)).status).toBe(404);
    // Without the screen's permission (the cashier's view-only profile): 403.
    const caixaUsuario = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixaUsuario('POST', `/conciliacaoCaixa/${p}/aprovar`, { declarado: {} })).status).toBe(403);
  });

  describe('sangrias from the terminal, reopening and approving again (issue 14)', () => {
    let p: string;
    /** The card receivables of the test's sales (all closed on 20/11), one by one, with the closing that confirmed them. */
    const recebiveis = async () => {
      const dias = (await api('POST', '/calendarioRecebimento/previsao', { de: '2026-11-20', ate: '2027-01-31' })).body.data.dias as { data: string }[];
      const todos = [];
      for (const d of dias) todos.push(...(await api('POST', '/calendarioRecebimento/previsao', { de: d.data, ate: d.data, dia: d.data })).body.data.recebiveis);
      return todos as { bruto: number; fechamento: { periodo: string; aprovadoEm: string } | null }[];
    };
    const confirmados = async () => (await recebiveis()).map((r) => [r.bruto, r.fechamento?.periodo ?? null]).sort((x, y) => Number(x[0]) - Number(y[0]));
    const movimento = (corpo: Record<string, unknown>, token = c.token) => c.enviar(corpo, token, `/api/periodo/${p}/movimentos`);
    const doPeriodo = async () => (await linhaConta(conta)).filter((l) => l.documentoId === p);
    const saldoDaConta = async () => (await api('GET', '/financeiroMovimentacao/saldos?data=2026-11-23')).body.data.find((x: { conta: string }) => x.conta === conta).saldo as number;

    it('the terminal sends a sangria of its own period with its credential; a resend of the same id records it once; it counts in the expected cash', async () => {
      // The terminal's period left open above is closed first (one open period per terminal).
      for (const aberto of (await api('POST', '/conciliacaoCaixa/periodos', { de: '2026-11-01', ate: '2026-11-30', situacao: 'aberto' })).body.data) await fechar(aberto._id);
      p = (await abrir({ fundoTroco: 5000, abertoEm: '2026-11-23T08:00:00-03:00' })).body.data._id;
      await vender(venda('E1', p, 12000, [{ forma: 'dinheiro', valor: 12000 }]));
      await vender(venda('E2', p, 4321, [{ forma: 'debito', valor: 4321 }]));
      expect((await c.enviar({ tipo: 'sangria', valor: 100, motivo: 'Cofre' }, 'rtq_outra', `/api/periodo/${p}/movimentos`)).status).toBe(401);
      const ruim = await movimento({ tipo: 'sangria', valor: 12.5, motivo: 'Cofre' });
      expect([ruim.status, ruim.body.data.message]).toEqual([400, expect.stringMatching(/^Valor: /)]);
      const corpo = { id: 'pdv1-sangria-1', tipo: 'sangria', valor: 8000, motivo: 'Depósito no cofre' };
      const [um, dois] = [await movimento(corpo), await movimento(corpo)];
      expect([um.status, dois.status]).toEqual([201, 201]);
      expect(dois.body.data).toEqual(um.body.data);
      expect(um.body.data).toMatchObject({ _id: 'pdv1-sangria-1', tipo: 'sangria', valor: 8000, usuario: null });
      // The same id on another period is a conflict, not a silent duplicate.
      const reuso = await c.enviar(corpo, c.token, `/api/periodo/${periodo}/movimentos`);
      expect([reuso.status, reuso.body.data.message]).toEqual([409, expect.stringContaining('já foi usado em outro período')]);
      // Another terminal of the company, or another group, does not reach this period.
      const outro = (await criar(api, 'terminal', { descricao: 'PDV 3', tipo: 'PDV' }))._id;
      const token = (await api('POST', `/terminal/${outro}/credencial`)).body.data.token as string;
      expect((await movimento({ tipo: 'suprimento', valor: 100, motivo: 'Troco' }, token)).status).toBe(404);
      const r = (await resumo(p)).body.data;
      expect(r).toMatchObject({ sangrias: 8000, suprimentos: 0 });
      expect(r.movimentos).toHaveLength(1);
    });

    it('approved, then reopened by a manager: the posted rows reversed by new rows, who/when/why kept; reopened again is 409', async () => {
      // The card totals of an approved closing show as confirmed by it in the receivables; not yet for p.
      expect(await confirmados()).toEqual([[2590, periodo], [3000, periodo], [4321, null]]);
      const aprovado = await api('POST', `/conciliacaoCaixa/${p}/aprovar`, { declarado: { dinheiro: 5000 + 12000 - 8000 - 300, [debito]: 4321 } });
      expect(await confirmados()).toEqual([[2590, periodo], [3000, periodo], [4321, p]]);
      expect(aprovado.body.data.aprovacao.linhas[0]).toMatchObject({ sistema: 9000, diferenca: -300 });
      const antes = await saldoDaConta();
      expect((await doPeriodo()).map((l) => l.valor)).toEqual([12000, -300]);

      const semMotivo = await api('POST', `/conciliacaoCaixa/${p}/reabrir`, { motivo: '' });
      expect([semMotivo.status, semMotivo.body.data.message]).toEqual([400, expect.stringMatching(/^Motivo: /)]);
      expect((await vizinho('POST', `/conciliacaoCaixa/${p}/reabrir`, { motivo: 'Contagem errada' })).status).toBe(404);
      const caixaUsuario = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
      expect((await caixaUsuario('POST', `/conciliacaoCaixa/${p}/reabrir`, { motivo: 'Contagem errada' })).status).toBe(403);

      const respostas = await Promise.all([1, 2].map(() => api('POST', `/conciliacaoCaixa/${p}/reabrir`, { motivo: 'Contagem errada' })));
      expect(respostas.map((x) => x.status).sort()).toEqual([200, 409]);
      const r = respostas.find((x) => x.status === 200)!.body.data;
      expect(r.aprovacao).toBeNull();
      expect(r.periodo.situacao).toBe('fechado');
      expect(await confirmados()).toEqual([[2590, periodo], [3000, periodo], [4321, null]]);
      expect(r.reaberturas).toEqual([
        expect.objectContaining({ motivo: 'Contagem errada', usuarioNome: expect.any(String), reabertoEm: expect.any(String), aprovacao: expect.objectContaining({ _id: aprovado.body.data.aprovacao._id }) }),
      ]);
      const linhas = await doPeriodo();
      expect(linhas.map((l) => [l.tipo, l.valor])).toEqual([['entrada', 12000], ['saida', -300], ['estorno', -12000], ['estorno', 300]]);
      expect(await saldoDaConta()).toBe(antes - 12000 + 300);
      // The record can be corrected again, and the period takes sangrias again.
      expect((await api('POST', `/conciliacaoCaixa/${p}/movimentos`, { tipo: 'sangria', valor: 300, motivo: 'Sangria esquecida' })).status).toBe(201);
    });

    it('approved again, it posts once more (twice at once: once), and the reopening stays in its history', async () => {
      const corpo = { declarado: { dinheiro: 8700 } };
      const respostas = await Promise.all([1, 2].map(() => api('POST', `/conciliacaoCaixa/${p}/aprovar`, corpo)));
      expect(respostas.map((x) => x.status).sort()).toEqual([200, 409]);
      const r = (await resumo(p)).body.data;
      expect(r.periodo.situacao).toBe('aprovado');
      expect(r.aprovacao.linhas[0]).toMatchObject({ sistema: 8700, diferenca: 0 });
      expect(r.reaberturas).toHaveLength(1);
      expect(await confirmados()).toEqual([[2590, periodo], [3000, periodo], [4321, p]]);
      expect((await doPeriodo()).map((l) => l.valor)).toEqual([12000, -300, -12000, 300, 12000]);
      const saldos = (await api('GET', '/financeiroMovimentacao/saldos?data=2026-11-23')).body.data;
      const ledger = (await linhaConta(conta)).reduce((soma, l) => soma + l.valor, 0); // the opening balance is a ledger row too
      expect(saldos.find((x: { conta: string }) => x.conta === conta).saldo).toBe(ledger);
    });
  });

  it('the company chooses the chart accounts of the difference (only its group’s: 400 naming the field); approvals post there, and without a choice to the defaults', async () => {
    const empresaId = ctx.seed.demo.empresas[0]!;
    const configurar = async (financeiro: Record<string, unknown>, cliente = api) => {
      const empresa = (await cliente('GET', `/empresa/${empresaId}`)).body.data;
      return cliente('PUT', `/empresa/${empresaId}`, { configuracoes: { ...empresa.configuracoes, financeiro }, version: empresa.version });
    };
    const periodo = (await abrir({ fundoTroco: 0, abertoEm: '2026-11-25T08:00:00-03:00' })).body.data._id as string;
    await vender(venda('Q1', periodo, 2000, [{ forma: 'dinheiro', valor: 2000 }]));
    expect((await resumo(periodo)).body.data.contasDiferenca).toEqual({
      sobra: { _id: contaPadrao('1.04')._id, nome: '1.04 Outras receitas', padrao: true },
      falta: { _id: contaPadrao('6')._id, nome: '6 Despesas administrativas', padrao: true },
    });
    const quebra = (await criar(api, 'financeiroPlanoConta', { codigo: '6.90', nome: 'Quebra de caixa', pai: contaPadrao('6')._id, natureza: 'Despesa' }))._id;
    const sobra = (await criar(api, 'financeiroPlanoConta', { codigo: '1.90', nome: 'Sobra de caixa', pai: contaPadrao('1')._id, natureza: 'Receita' }))._id;
    const deles = (await criar(vizinho, 'financeiroPlanoConta', { codigo: '6.91', nome: 'Quebra do vizinho', natureza: 'Despesa' }))._id;

    // Another group's account, or one that does not exist: 400 naming the field, nothing saved.
    for (const falta of [deles, 'nao-existe']) {
      const ruim = await configurar({ planoContaSobraCaixa: sobra, planoContaFaltaCaixa: falta });
      expect(ruim.status).toBe(400);
      expect(ruim.body.data.message).toMatch(/Falta de caixa: conta do plano/);
    }
    expect((await resumo(periodo)).body.data.contasDiferenca.falta.padrao).toBe(true);
    // The neighbour cannot point its company at this group's accounts either.
    const vizinhaId = (await empresasDaSessao(vizinho))[0]!;
    const vizinha = (await vizinho('GET', `/empresa/${vizinhaId}`)).body.data;
    const delesRuim = await vizinho('PUT', `/empresa/${vizinhaId}`, { configuracoes: { ...vizinha.configuracoes, financeiro: { planoContaSobraCaixa: sobra, planoContaFaltaCaixa: null } }, version: vizinha.version });
    expect([delesRuim.status, delesRuim.body.data.message]).toEqual([400, expect.stringMatching(/Sobra de caixa: conta do plano/)]);

    expect((await configurar({ planoContaSobraCaixa: sobra, planoContaFaltaCaixa: quebra })).status).toBe(200);
    expect((await resumo(periodo)).body.data.contasDiferenca).toEqual({
      sobra: { _id: sobra, nome: '1.90 Sobra de caixa', padrao: false },
      falta: { _id: quebra, nome: '6.90 Quebra de caixa', padrao: false },
    });
    // Short by 1,25: the shortage goes to Quebra de caixa.
    expect((await fechar(periodo)).status).toBe(200);
    expect((await api('POST', `/conciliacaoCaixa/${periodo}/aprovar`, { declarado: { dinheiro: 1875 } })).status).toBe(200);
    const linhas = (await api('POST', '/financeiroMovimentacao/lista', { de: '2026-11-25', ate: '2026-11-25' })).body.data.linhas as { valor: number; planoConta: string; documentoId: string }[];
    expect(linhas.filter((l) => l.documentoId === periodo).map((l) => [l.valor, l.planoConta]).sort((x, y) => Number(y[0]) - Number(x[0]))).toEqual([[2000, contaPadrao('1.01')._id], [-125, quebra]]);

    // Back to no choice: the defaults again.
    expect((await configurar({ planoContaSobraCaixa: null, planoContaFaltaCaixa: null })).status).toBe(200);
    expect((await resumo(periodo)).body.data.contasDiferenca.sobra._id).toBe(contaPadrao('1.04')._id);
  });
});
