import { contaPadrao } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
let c: CenarioVendas;
let carteira: string;
let banco: string;
let venda: string;

/** A sale of R$ 100,00 paid R$ 30,00 in cash (payment 0) and R$ 70,00 by credit card (payment 1). */
const corpoVenda = (pedidoId: string) => ({
  pedidoId,
  canal: 'Balcão',
  abertoEm: '2026-11-10T12:01:00-03:00',
  fechadoEm: '2026-11-10T12:05:00-03:00',
  itens: [{ produto: c.ids.suco, quantidade: '1', precoUnitario: 10000 }],
  pagamentos: [
    { formaPagamento: c.ids.dinheiro, tPag: '01', valor: 3000, troco: 0 },
    { formaPagamento: c.ids.credito, tPag: '03', valor: 7000, troco: 0 },
  ],
  total: 10000,
});
const lista = async (cliente = api) => (await cliente('POST', '/calendarioRecebimento/chargebacks/lista', { de: '2026-11-01', ate: '2026-11-30' })).body.data as { _id: string; valor: number; pagamento: number; estorno: unknown }[];
const saldo = async (conta: string) => ((await api('GET', '/financeiroMovimentacao/saldos?data=2026-11-30')).body.data as { conta: string; saldo: number }[]).find((s) => s.conta === conta)!.saldo;
/** The forecast's day of the sales' card payments (none has an operadora: no fee), net of the standing chargebacks. */
const diaPrevisto = async () => {
  const d = (await api('POST', '/calendarioRecebimento/previsao', { de: '2026-11-10', ate: '2026-12-31' })).body.data.dias[0] as { bruto: number; taxas: number; chargeback: number; liquido: number };
  return [d.bruto, d.taxas, d.chargeback, d.liquido];
};
const marcar = (corpo: Record<string, unknown>, cliente = api) => cliente('POST', '/calendarioRecebimento/chargebacks', { venda, valor: 2500, data: '2026-11-25', motivo: 'Cliente não reconhece a compra', conta: carteira, ...corpo });

beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  c = await prepararVendas(ctx, api);
  carteira = (await criar(api, 'financeiroConta', { nome: 'Carteira Stone', tipo: 'Carteira de adquirente', saldoInicial: 50000, dataSaldoInicial: '2026-11-01' }))._id;
  banco = (await criar(api, 'financeiroConta', { nome: 'Banco', tipo: 'Banco', banco: '341', dataSaldoInicial: '2026-11-01' }))._id;
  expect((await c.enviar(corpoVenda('CB1'))).status).toBe(201);
  const dias = (await api('POST', '/calendarioRecebimento/previsao', { de: '2026-11-10', ate: '2026-12-31' })).body.data.dias as { data: string }[];
  const dia = dias[0]!.data;
  venda = (await api('POST', '/calendarioRecebimento/previsao', { de: dia, ate: dia, dia })).body.data.recebiveis[0].venda;
});
afterAll(async () => ctx?.close());

describe('chargebacks of card receivables', () => {
  it('bad input is a 400 naming the field; nothing written', async () => {
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ valor: 0 }, /^Valor: /],
      [{ valor: 10.5 }, /^Valor: /],
      [{ data: '25/11/2026' }, /^Data: /],
      [{ motivo: '' }, /^Motivo: /],
      [{ venda: 'nao-existe' }, /^Venda: /],
      [{ pagamento: 0 }, /^Pagamento: /], // the cash payment
      [{ conta: banco }, /^Conta da adquirente: /],
    ];
    for (const [corpo, mensagem] of casos) {
      const res = await marcar(corpo);
      expect(res.status, JSON.stringify(corpo)).toBe(400);
      expect(res.body.data.message).toMatch(mensagem);
    }
    expect(await lista()).toEqual([]);
    expect(await saldo(carteira)).toBe(50000);
  });

  it('marked: the wallet debited on the day, the receivable shows it; more than what remains of the payment is 409, even at once', async () => {
    const res = await marcar({});
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ venda, pagamento: 1, tPag: '03', valorPagamento: 7000, valor: 2500, data: '2026-11-25', contaNome: 'Carteira Stone', estorno: null });
    expect(await saldo(carteira)).toBe(50000 - 2500);
    const movs = (await api('POST', '/financeiroMovimentacao/lista', { de: '2026-11-01', ate: '2026-11-30', conta: carteira })).body.data.linhas as { valor: number; planoConta: string; documentoTipo: string; _id: string }[];
    const debito = movs.find((m) => m.documentoTipo === 'chargeback')!;
    expect([debito.valor, debito.planoConta]).toEqual([-2500, contaPadrao('2')._id]);
    // Not reversed on the movements screen: it says where.
    const direto = await api('POST', `/financeiroMovimentacao/${debito._id}/estornar`, { motivo: 'engano' });
    expect([direto.status, direto.body.data.message]).toEqual([409, expect.stringContaining('chargeback')]);

    const dias = (await api('POST', '/calendarioRecebimento/previsao', { de: '2026-11-10', ate: '2026-12-31' })).body.data.dias as { data: string }[];
    const recebivel = (await api('POST', '/calendarioRecebimento/previsao', { de: dias[0]!.data, ate: dias[0]!.data, dia: dias[0]!.data })).body.data.recebiveis[0];
    expect(recebivel).toMatchObject({ venda, pagamento: 1, chargeback: 2500, bruto: 7000, liquido: 4500 });
    expect(await diaPrevisto()).toEqual([7000, 0, 2500, 4500]);

    // 4.500 remain: two of 3.000 at once, one passes.
    const duas = await Promise.all([1, 2].map(() => marcar({ valor: 3000, pagamento: 1 })));
    expect(duas.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(duas.find((r) => r.status === 409)!.body.data.message).toContain('no máximo R$ 15,00');
    expect((await lista()).map((x) => x.valor).sort()).toEqual([2500, 3000]);
    expect(await saldo(carteira)).toBe(50000 - 5500);
    expect(await diaPrevisto()).toEqual([7000, 0, 5500, 1500]);
  });

  it("shows on its own payment only: another sale's card payment of the same day reads no chargeback", async () => {
    expect((await c.enviar(corpoVenda('CB2'))).status).toBe(201);
    const dias = (await api('POST', '/calendarioRecebimento/previsao', { de: '2026-11-10', ate: '2026-12-31' })).body.data.dias as { data: string }[];
    const recebiveis = (await api('POST', '/calendarioRecebimento/previsao', { de: dias[0]!.data, ate: dias[0]!.data, dia: dias[0]!.data })).body.data.recebiveis as { venda: string; pagamento: number; chargeback: number }[];
    expect(recebiveis.map((r) => [r.venda === venda, r.pagamento, r.chargeback]).sort()).toEqual([[false, 1, 0], [true, 1, 5500]]);
    expect(await diaPrevisto()).toEqual([14000, 0, 5500, 8500]);
  });

  it('reversed once (the dispute won): a new row, the debit reversed; again, even at once, 409', async () => {
    const alvo = (await lista()).find((x) => x.valor === 2500)!;
    const duas = await Promise.all([1, 2].map(() => api('POST', `/calendarioRecebimento/chargebacks/${alvo._id}/estornar`, { motivo: 'Contestação ganha' })));
    expect(duas.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(duas.find((r) => r.status === 200)!.body.data.estorno).toMatchObject({ motivo: 'Contestação ganha', usuarioNome: expect.any(String) });
    expect(await saldo(carteira)).toBe(50000 - 3000);
    // The list keeps both chargebacks (the reversal is shown on its original, not as a row of its own).
    expect(await lista()).toHaveLength(2);
    // The reversed one no longer comes off the forecast.
    expect(await diaPrevisto()).toEqual([14000, 0, 3000, 11000]);
    // What the reversal freed can be charged back again.
    expect((await marcar({ valor: 4000 })).status).toBe(201);
    expect(await diaPrevisto()).toEqual([14000, 0, 7000, 7000]);
  });

  it('the wall: another group neither reads, marks nor reverses them; without the permission 403', async () => {
    const alvo = (await lista())[0]!;
    expect(await lista(vizinho)).toEqual([]);
    expect((await marcar({}, vizinho)).status).toBe(400); // its sale is not found in the neighbour's company
    expect((await vizinho('POST', `/calendarioRecebimento/chargebacks/${alvo._id}/estornar`, { motivo: 'Contestação ganha' })).status).toBe(404);
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await marcar({}, caixa)).status).toBe(403);
    expect(await saldo(carteira)).toBe(50000 - 7000);
  });
});
