import { contaPadrao, escreverOfx, hojeNoFuso, somarDias } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, cnpjNovo, criar, empresasDaSessao, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/** The finance reports (issue 14): the aging, the dashboard and the card fee audit. */

let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let c: CenarioVendas;
let n = 0;
const ALUGUEL = contaPadrao('5.01')._id;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  c = await prepararVendas(ctx, admin);
});
afterAll(async () => ctx?.close());

const pessoa = async (nome: string) => (await criar(admin, 'pessoa', { nome, tipo: 'Jurídica', cpfCnpj: cnpjNovo(), cliente: true, fornecedor: true }))._id;
const conta = async (extra: Record<string, unknown> = {}) => (await criar(admin, 'financeiroConta', { nome: `Conta ${++n}`, tipo: 'Caixa', dataSaldoInicial: '2026-01-01', ...extra }))._id;
type T = { _id: string; parcelas: { _id: string; valor: number }[] };
const titulo = async (extra: Record<string, unknown>): Promise<T> => {
  const res = await admin('POST', '/financeiroAgenda', { tipo: 'pagar', planoConta: ALUGUEL, descricao: `Título ${++n}`, emissao: '2026-01-01', valor: 10000, vencimento: '2026-07-05', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data[0];
};
const baixar = async (parcela: string, contaId: string, data: string, valor: number) => {
  const res = await admin('POST', `/financeiroAgenda/parcelas/${parcela}/baixar`, { conta: contaId, data, valor });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
const faixas = (l: Record<string, number>) => [l.aVencer, l.ate30, l.ate60, l.ate90, l.mais90, l.total, l.parcelas];

describe('relatorioFinanceiroAgenda: the aging', () => {
  it('puts what is open at the reference date in its bucket to the centavo: partial settlements, later ones and cancelled títulos', async () => {
    const f = await pessoa('Distribuidora Aging');
    const banco = await conta();
    await titulo({ pessoa: f, valor: 10000, vencimento: '2026-07-05' }); // current at 30/06
    const b = await titulo({ pessoa: f, valor: 20000, vencimento: '2026-06-20' }); // 10 days late
    await baixar(b.parcelas[0]!._id, banco, '2026-06-25', 5000); // partial, before the date: 150,00 open
    await titulo({ pessoa: f, valor: 30000, vencimento: '2026-05-31' }); // 30 days: still 1–30
    await titulo({ pessoa: f, valor: 40000, vencimento: '2026-05-01' }); // 60 days: 31–60
    await titulo({ pessoa: f, valor: 50000, vencimento: '2026-04-01' }); // 90 days: 61–90
    const paga = await titulo({ pessoa: f, valor: 60000, vencimento: '2026-03-01' }); // 121 days: > 90
    await baixar(paga.parcelas[0]!._id, banco, '2026-07-10', 60000); // settled after the date: open at it, not today
    const cancelada = await titulo({ pessoa: f, valor: 70000, vencimento: '2026-06-29' });
    expect((await admin('POST', `/financeiroAgenda/${cancelada._id}/cancelar`, { motivo: 'Lançado em dobro' })).status).toBe(200);
    await titulo({ pessoa: f, valor: 10001, parcelas: 3, vencimento: '2026-06-15' }); // 33,35 late 15 days; 33,33 twice to come

    const res = await admin('POST', '/relatorioFinanceiroAgenda', { tipo: 'pagar', data: '2026-06-30', pessoa: f });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.linhas.map((l: { pessoaNome: string }) => l.pessoaNome)).toEqual(['Distribuidora Aging']);
    expect(faixas(res.body.data.linhas[0])).toEqual([16666, 48335, 40000, 50000, 60000, 215001, 9]);
    expect(faixas(res.body.data.totais)).toEqual([16666, 48335, 40000, 50000, 60000, 215001, 9]);

    // Today the open amount is the agenda's: the 600,00 settled and the cancelled one out.
    const hoje = (await admin('POST', '/relatorioFinanceiroAgenda', { tipo: 'pagar', pessoa: f })).body.data;
    const agenda = (await admin('POST', '/financeiroAgenda/lista', { tipo: 'pagar', pessoa: f })).body.data;
    expect(hoje.data).toBe(hojeNoFuso());
    expect(hoje.totais.total).toBe(155001);
    expect(agenda.aberto).toBe(155001);
    // Receivables are another report: none of these.
    expect((await admin('POST', '/relatorioFinanceiroAgenda', { tipo: 'receber', pessoa: f })).body.data.linhas).toEqual([]);
  });

  it('refuses bad filters naming the field, and another group sees nothing of this one', async () => {
    const f = await pessoa('Fornecedor do muro');
    await titulo({ pessoa: f, valor: 12345, vencimento: '2026-02-10' });
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ tipo: 'talvez' }, /^Tipo: /],
      [{ data: '31/12/2026' }, /^Data de referência: /],
      [{ planoConta: 'nao-existe' }, /^Plano de contas: /],
      [{ empresas: ['outra'] }, /^Empresas: /],
    ];
    for (const [corpo, mensagem] of casos) {
      const res = await admin('POST', '/relatorioFinanceiroAgenda', corpo);
      expect(res.status).toBe(400);
      expect(res.body.data.message).toMatch(mensagem);
    }
    const alheia = await vizinho('POST', '/relatorioFinanceiroAgenda', { tipo: 'pagar', pessoa: f });
    expect(alheia.status).toBe(400);
    expect(alheia.body.data.message).toBe('Pessoa: Pessoa não encontrada.');
    const deles = await vizinho('POST', '/relatorioFinanceiroAgenda', { tipo: 'pagar' });
    expect(deles.status).toBe(200);
    expect(deles.body.data.linhas.map((l: { pessoa: string }) => l.pessoa)).not.toContain(f);
    const [empresa] = await empresasDaSessao(admin);
    expect((await vizinho('POST', '/relatorioFinanceiroAgenda', { empresas: [empresa] })).status).toBe(400);
  });
});

describe('financeiroResumo: the finance dashboard', () => {
  it('adds a new account, what falls due today and overdue, and the realised and projected flow to the centavo', async () => {
    const hoje = hojeNoFuso();
    const antes = (await admin('POST', '/financeiroResumo', {})).body.data;
    const banco = await conta({ nome: 'Banco do resumo', tipo: 'Banco', banco: '001', saldoInicial: 100000, dataSaldoInicial: somarDias(hoje, -40) });
    const mov = await admin('POST', '/financeiroMovimentacao', { tipo: 'entrada', conta: banco, data: hoje, valor: 25000, planoConta: contaPadrao('1.04')._id, descricao: 'Aporte' });
    expect(mov.status, JSON.stringify(mov.body)).toBe(201);
    const ontem = await admin('POST', '/financeiroMovimentacao', { tipo: 'saida', conta: banco, data: somarDias(hoje, -1), valor: 4000, planoConta: ALUGUEL, descricao: 'Chaveiro' });
    expect(ontem.status).toBe(201);
    const f = await pessoa('Fornecedor do resumo');
    await titulo({ pessoa: f, valor: 5000, vencimento: hoje });
    await titulo({ tipo: 'receber', valor: 3000, vencimento: somarDias(hoje, -3) });
    await titulo({ pessoa: f, valor: 7000, vencimento: somarDias(hoje, 10) });
    await titulo({ tipo: 'receber', valor: 9000, vencimento: somarDias(hoje, 10) });
    const res = await admin('POST', '/financeiroResumo', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.contas.find((x: { conta: string }) => x.conta === banco)).toMatchObject({ nome: 'Banco do resumo', saldo: 121000 });
    expect(d.saldoTotal - antes.saldoTotal).toBe(121000);
    expect([d.pagar.hoje.quantidade - antes.pagar.hoje.quantidade, d.pagar.hoje.valor - antes.pagar.hoje.valor]).toEqual([1, 5000]);
    expect([d.receber.vencido.quantidade - antes.receber.vencido.quantidade, d.receber.vencido.valor - antes.receber.vencido.valor]).toEqual([1, 3000]);
    expect(d.fluxo).toHaveLength(90);
    type Dia = { data: string; entradas: number; saidas: number; saldo: number; previsto: boolean };
    const dia = (r: { fluxo: Dia[] }, data: string) => r.fluxo.find((x) => x.data === data)!;
    // The opening balance is not cash flow; the day's entrada is, and so is yesterday's saída.
    expect(dia(d, hoje).entradas - dia(antes, hoje).entradas).toBe(25000);
    expect(dia(d, somarDias(hoje, -1)).saidas - dia(antes, somarDias(hoje, -1)).saidas).toBe(-4000);
    expect(dia(d, hoje)).toMatchObject({ previsto: false, saldo: d.saldoTotal });
    expect(dia(d, somarDias(hoje, -1)).saldo).toBe(d.saldoTotal - dia(d, hoje).entradas - dia(d, hoje).saidas);
    const daqui10 = dia(d, somarDias(hoje, 10));
    expect(daqui10.previsto).toBe(true);
    expect([daqui10.entradas - dia(antes, somarDias(hoje, 10)).entradas, daqui10.saidas - dia(antes, somarDias(hoje, 10)).saidas]).toEqual([9000, -7000]);
    expect(daqui10.saldo).toBe(dia(d, somarDias(hoje, 9)).saldo + daqui10.entradas + daqui10.saidas);
  });

  it('projects a card sale of today at its net on the acquirer’s day', async () => {
    const visa = (await criar(admin, 'tipoPagamentoBandeira', { descricao: 'Visa resumo', tBand: '01' }))._id;
    const getnet = (await criar(admin, 'operadora', { nome: 'Getnet', cnpj: '10.440.482/0001-54', taxaDebito: '2,00' }))._id;
    const antes = (await admin('POST', '/financeiroResumo', {})).body.data;
    const agora = new Date(Date.now() - 60_000).toISOString();
    const venda = {
      pedidoId: `RES-${Date.now()}`,
      canal: 'Balcão',
      abertoEm: agora,
      fechadoEm: agora,
      itens: [{ produto: c.ids.xis, quantidade: '1', precoUnitario: 12345 }],
      pagamentos: [{ formaPagamento: c.ids.credito, tPag: '04', valor: 12345, parcelas: 1, bandeira: visa, operadora: getnet }],
      total: 12345,
    };
    expect((await c.enviar(venda)).status).toBe(201);
    const depois = (await admin('POST', '/financeiroResumo', {})).body.data;
    // 2% of 123,45 = 2,469 → 2,47: 120,98 on the next business day.
    expect(depois.previsto.cartoes - antes.previsto.cartoes).toBe(12098);
  });

  it('shows another group none of this one, and refuses stores that are not the user’s', async () => {
    const minhas = (await admin('POST', '/financeiroResumo', {})).body.data.contas.map((x: { conta: string }) => x.conta);
    const deles = await vizinho('POST', '/financeiroResumo', {});
    expect(deles.status).toBe(200);
    for (const id of minhas) expect(deles.body.data.contas.map((x: { conta: string }) => x.conta)).not.toContain(id);
    const [empresa] = await empresasDaSessao(admin);
    const res = await vizinho('POST', '/financeiroResumo', { empresas: [empresa] });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toMatch(/^Empresas: /);
    expect((await admin('POST', '/financeiroResumo', { empresas: 'todas' })).status).toBe(400);
  });
});

describe('relatorioFinanceiroTaxasCartao: the card fee audit', () => {
  let rede: string;
  let visa: string;
  let master: string;
  beforeAll(async () => {
    visa = (await criar(admin, 'tipoPagamentoBandeira', { descricao: 'Visa', tBand: '01' }))._id;
    master = (await criar(admin, 'tipoPagamentoBandeira', { descricao: 'Mastercard', tBand: '02' }))._id;
    rede = (await criar(admin, 'operadora', { nome: 'Rede', cnpj: '01.425.787/0001-04', taxaDebito: '1,50', taxaCredito: '3,00' }))._id;
    // Monday 10/03/2025: two debits, paid by Rede on Tuesday 11/03 net of 1,50%: 197,00 + 98,50 = 295,50.
    const pagamentos = [
      { formaPagamento: c.ids.credito, tPag: '04', valor: 20000, parcelas: 1, bandeira: visa, operadora: rede },
      { formaPagamento: c.ids.credito, tPag: '04', valor: 10000, parcelas: 1, bandeira: master, operadora: rede },
    ];
    const venda = { pedidoId: 'TX1', canal: 'Balcão', abertoEm: '2025-03-10T12:00:00-03:00', fechadoEm: '2025-03-10T12:30:00-03:00', itens: [{ produto: c.ids.xis, quantidade: '1', precoUnitario: 30000 }], pagamentos, total: 30000 };
    expect((await c.enviar(venda)).status).toBe(201);
    const banco = await conta({ tipo: 'Banco', banco: '001' });
    // The bank credited 295,00: Rede kept 0,50 more than the contract.
    const ofx = escreverOfx({ banco: '001', numero: '7777-1' }, [{ fitid: 'R1', data: '2025-03-11', valor: 29500, memo: 'REDE DEBITO' }]);
    const imp = await admin('POST', '/financeiroConciliacaoBancaria/importar', { conta: banco, arquivo: { nome: 'extrato.ofx', conteudo: Buffer.from(ofx).toString('base64') } });
    expect(imp.status, JSON.stringify(imp.body)).toBe(200);
    expect(imp.body.data.conciliadas).toBe(1);
  });

  it('compares the contract fee with what was kept, per brand and day, the credit shared to the centavo', async () => {
    const res = await admin('POST', '/relatorioFinanceiroTaxasCartao', { de: '2025-03-01', ate: '2025-03-31' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    const linha = (l: Record<string, unknown>) => [l.data, l.operadoraNome, l.bandeiraNome, l.bruto, l.taxaContrato, l.liquidoPrevisto, l.pago, l.taxaCobrada, l.diferenca];
    expect(r.linhas.map(linha)).toEqual([
      ['2025-03-11', 'Rede', 'Visa', 20000, 300, 19700, 19667, 333, 33],
      ['2025-03-11', 'Rede', 'Mastercard', 10000, 150, 9850, 9833, 167, 17],
    ]);
    expect(r.totais).toEqual({ bruto: 30000, taxaContrato: 450, chargeback: 0, liquidoPrevisto: 29550, pago: 29500, taxaCobrada: 500, antecipacao: 0, antecipacaoPrazo: 0, diferenca: 50 });
    expect(r.porOperadora).toEqual([{ operadora: rede, operadoraNome: 'Rede', dias: 1, bruto: 30000, taxaContrato: 450, chargeback: 0, liquidoPrevisto: 29550, pago: 29500, taxaCobrada: 500, antecipacao: 0, antecipacaoPrazo: 0, diferenca: 50 }]);
    expect((await admin('POST', '/relatorioFinanceiroTaxasCartao', { de: '2025-03-01', ate: '2025-03-31', operadora: rede })).body.data.totais.diferenca).toBe(50);
    expect((await admin('POST', '/relatorioFinanceiroTaxasCartao', { de: '2025-04-01', ate: '2025-04-30' })).body.data.linhas).toEqual([]);
  });

  it('shows a chargeback in its own column, out of the fee: the forecast and its net without it, a reversed one not counted', async () => {
    const carteira = await conta({ tipo: 'Carteira de adquirente' });
    // Tuesday 13/05/2025: two Visa debits of 200,00 and 50,00, paid by Rede on Wednesday 14/05.
    const venda = (pedidoId: string, valor: number) => ({
      pedidoId, canal: 'Balcão', abertoEm: '2025-05-13T12:00:00-03:00', fechadoEm: '2025-05-13T12:30:00-03:00',
      itens: [{ produto: c.ids.xis, quantidade: '1', precoUnitario: valor }],
      pagamentos: [{ formaPagamento: c.ids.credito, tPag: '04', valor, parcelas: 1, bandeira: visa, operadora: rede }], total: valor,
    });
    expect((await c.enviar(venda('TX2', 20000))).status).toBe(201);
    expect((await c.enviar(venda('TX3', 5000))).status).toBe(201);
    const previsao = (corpo: Record<string, unknown>) => admin('POST', '/calendarioRecebimento/previsao', { de: '2025-05-14', ate: '2025-05-14', ...corpo });
    const recebiveis = (await previsao({ dia: '2025-05-14' })).body.data.recebiveis as { venda: string; bruto: number }[];
    const daVenda = (bruto: number) => recebiveis.find((r) => r.bruto === bruto)!.venda;
    const chargeback = async (venda: string, valor: number) => {
      const res = await admin('POST', '/calendarioRecebimento/chargebacks', { venda, valor, data: '2025-05-13', motivo: 'Cliente não reconhece a compra', conta: carteira });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id as string;
    };
    // The 50,00 sale charged back whole; 30,00 of the 200,00 one too, but that dispute is won (reversed).
    await chargeback(daVenda(5000), 5000);
    const ganho = await chargeback(daVenda(20000), 3000);
    expect((await admin('POST', `/calendarioRecebimento/chargebacks/${ganho}/estornar`, { motivo: 'Contestação ganha' })).status).toBe(200);

    // The forecast: gross 250,00, contract fees 1,50% (3,00 + 0,75, kept by the acquirer), chargeback 50,00, net 196,25.
    const dia = (await previsao({})).body.data.dias[0];
    expect([dia.data, dia.bruto, dia.taxas, dia.chargeback, dia.liquido]).toEqual(['2025-05-14', 25000, 375, 5000, 19625]);
    expect(dia.porOperadora.map((o: Record<string, unknown>) => [o.nome, o.chargeback, o.liquido])).toEqual([['Rede', 5000, 19625]]);
    // One by one: the charged-back receivable is net of it (minus its fee), the other whole.
    const doDia = (await previsao({ dia: '2025-05-14' })).body.data.recebiveis as { bruto: number; liquido: number; chargeback: number }[];
    expect(doDia.map((r) => [r.bruto, r.liquido, r.chargeback]).sort((x, y) => y[0]! - x[0]!)).toEqual([[20000, 19700, 0], [5000, -75, 5000]]);

    // Rede credited exactly that net: the match finds it, and no fee difference comes out of the chargeback.
    const banco = await conta({ tipo: 'Banco', banco: '001' });
    const ofx = escreverOfx({ banco: '001', numero: '7777-2' }, [{ fitid: 'R2', data: '2025-05-14', valor: 19625, memo: 'REDE DEBITO' }]);
    const imp = await admin('POST', '/financeiroConciliacaoBancaria/importar', { conta: banco, arquivo: { nome: 'extrato.ofx', conteudo: Buffer.from(ofx).toString('base64') } });
    expect(imp.body.data.conciliadas, JSON.stringify(imp.body)).toBe(1);
    const r = (await admin('POST', '/relatorioFinanceiroTaxasCartao', { de: '2025-05-01', ate: '2025-05-31' })).body.data;
    const linha = (l: Record<string, unknown>) => [l.data, l.bandeiraNome, l.bruto, l.taxaContrato, l.chargeback, l.liquidoPrevisto, l.pago, l.taxaCobrada, l.diferenca];
    expect(r.linhas.map(linha)).toEqual([['2025-05-14', 'Visa', 25000, 375, 5000, 19625, 19625, 375, 0]]);
    expect(r.totais).toEqual({ bruto: 25000, taxaContrato: 375, chargeback: 5000, liquidoPrevisto: 19625, pago: 19625, taxaCobrada: 375, antecipacao: 0, antecipacaoPrazo: 0, diferenca: 0 });
  });

  it('a chargeback after the payout leaves that payout as it was and comes off the payout of its own day, even months later', async () => {
    const carteira = await conta({ tipo: 'Carteira de adquirente' });
    // Tuesday 10/06/2025: a Visa debit of 80,00, paid on the 11th net of 1,50%; disputed on Monday 25/08.
    const venda = { pedidoId: 'TX4', canal: 'Balcão', abertoEm: '2025-06-10T12:00:00-03:00', fechadoEm: '2025-06-10T12:30:00-03:00', itens: [{ produto: c.ids.xis, quantidade: '1', precoUnitario: 8000 }], pagamentos: [{ formaPagamento: c.ids.credito, tPag: '04', valor: 8000, parcelas: 1, bandeira: visa, operadora: rede }], total: 8000 };
    expect((await c.enviar(venda)).status).toBe(201);
    const vendaId = (await admin('POST', '/calendarioRecebimento/previsao', { de: '2025-06-11', ate: '2025-06-11', dia: '2025-06-11' })).body.data.recebiveis[0].venda as string;
    const marcado = await admin('POST', '/calendarioRecebimento/chargebacks', { venda: vendaId, valor: 8000, data: '2025-08-25', motivo: 'Cliente não reconhece a compra', conta: carteira });
    expect(marcado.status, JSON.stringify(marcado.body)).toBe(201);
    const dia = async (data: string) => {
      const d = (await admin('POST', '/calendarioRecebimento/previsao', { de: data, ate: data })).body.data.dias[0];
      return [d.data, d.bruto, d.taxas, d.chargeback, d.liquido, d.quantidade, d.porOperadora.map((o: Record<string, unknown>) => [o.nome, o.chargeback, o.liquido])];
    };
    expect(await dia('2025-06-11')).toEqual(['2025-06-11', 8000, 120, 0, 7880, 1, [['Rede', 0, 7880]]]);
    expect(await dia('2025-08-25')).toEqual(['2025-08-25', 0, 0, 8000, -8000, 0, [['Rede', 8000, -8000]]]);
  });

  it('refuses bad input naming the field, and another group sees none of it', async () => {
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ de: '2025-03-31', ate: '2025-03-01' }, /^Até: O fim do período é anterior ao início\.$/],
      [{ de: '2025-01-01', ate: '2025-06-30' }, /^Até: No máximo três meses/],
      [{ ate: '2025-03-31' }, /^De: /],
      [{ de: '2025-03-01', ate: '2025-03-31', operadora: 'nao-existe' }, /^Operadora: Operadora não encontrada\.$/],
    ];
    for (const [corpo, mensagem] of casos) {
      const res = await admin('POST', '/relatorioFinanceiroTaxasCartao', corpo);
      expect(res.status).toBe(400);
      expect(res.body.data.message).toMatch(mensagem);
    }
    const deles = await vizinho('POST', '/relatorioFinanceiroTaxasCartao', { de: '2025-03-01', ate: '2025-03-31' });
    expect(deles.status).toBe(200);
    expect(deles.body.data.linhas).toEqual([]);
    expect((await vizinho('POST', '/relatorioFinanceiroTaxasCartao', { de: '2025-03-01', ate: '2025-03-31', operadora: rede })).status).toBe(400);
  });
});
