import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

let ctx: TestContext;
let admin: Api;
let c: CenarioVendas;
let visa: string;
let cielo: string;

type Pagamento = { tPag: string; valor: number; parcelas?: number; semOperadora?: boolean };
/** A sale closed at `fechadoEm` (São Paulo) paid by these card, voucher and pix payments. */
function venda(id: string, fechadoEm: string, pagamentos: Pagamento[]) {
  const total = pagamentos.reduce((s, p) => s + p.valor, 0);
  return {
    pedidoId: id,
    canal: 'Balcão',
    abertoEm: `${fechadoEm.slice(0, 11)}00:00:00-03:00`,
    fechadoEm,
    itens: [{ produto: c.ids.xis, quantidade: '1', precoUnitario: total }],
    pagamentos: pagamentos.map((p) => ({ formaPagamento: c.ids.credito, tPag: p.tPag, valor: p.valor, parcelas: p.parcelas ?? 1, bandeira: p.tPag === '17' ? null : visa, operadora: p.tPag === '17' || p.semOperadora ? null : cielo })),
    total,
  };
}
const previsao = (api: Api, body: Record<string, unknown>) => api('POST', '/calendarioRecebimento/previsao', body);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  c = await prepararVendas(ctx, admin);
  visa = (await criar(admin, 'tipoPagamentoBandeira', { descricao: 'Visa', tBand: '01' }))._id;
  cielo = (
    await criar(admin, 'operadora', {
      nome: 'Cielo',
      cnpj: '11.222.333/0001-81',
      taxaDebito: '1,99',
      taxaCredito: '3,19',
      taxaParcelado: '2,55',
      regras: [{ produto: 'voucherRefeicao', dias: 15, contagem: 'corridos', taxa: '4,5' }],
    })
  )._id;
  const vendas = [
    // Friday before Carnaval 2026: debit, credit in 3×, a meal voucher and pix.
    venda('R1', '2026-02-13T12:00:00-03:00', [
      { tPag: '04', valor: 5000 },
      { tPag: '03', valor: 10001, parcelas: 3 },
      { tPag: '11', valor: 4550 },
      { tPag: '17', valor: 2000 },
    ]),
    // Late that night: still the 13th in the store's clock (02:30 UTC of the 14th).
    venda('R2', '2026-02-13T23:30:00-03:00', [{ tPag: '04', valor: 5000 }]),
    // Cancelled: none of its receivables is expected.
    venda('R3', '2026-02-13T13:00:00-03:00', [{ tPag: '03', valor: 7000 }]),
    // The day before Consciência Negra (Friday): debit on Monday; credit à vista without operadora on Monday 21/12.
    venda('R4', '2026-11-19T15:00:00-03:00', [
      { tPag: '04', valor: 5000 },
      { tPag: '03', valor: 8000, semOperadora: true },
    ]),
    // Christmas Eve: debit on Monday 28/12.
    venda('R5', '2026-12-24T11:00:00-03:00', [{ tPag: '04', valor: 1000 }]),
  ];
  for (const v of vendas) expect((await c.enviar(v)).status).toBe(201);
  expect((await c.enviar({ usuario: ctx.seed.demo.admin, motivo: 'Erro', em: '2026-02-13T13:10:00-03:00' }, c.token, '/api/vendas/R3/cancelar')).status).toBe(200);
});
afterAll(async () => ctx?.close());

describe('calendarioRecebimento: the receivables forecast', () => {
  it("answers each day's totals to the centavo, across Carnaval, a weekend and holidays, without cancelled sales", async () => {
    const res = await previsao(admin, { de: '2026-02-01', ate: '2026-03-31' });
    expect(res.status).toBe(200);
    const dias = res.body.data.dias.map((d: Record<string, unknown>) => [d.data, d.bruto, d.taxas, d.liquido, d.quantidade]);
    expect(dias).toEqual([
      ['2026-02-13', 2000, 0, 2000, 1], // pix D+0
      ['2026-02-18', 10000, 200, 9800, 2], // two debits D+1 business day past Carnaval: 1,99% of 50,00 = 0,995 → 1,00 each
      ['2026-03-02', 4550, 205, 4345, 1], // voucher D+15 = Saturday 28/02 → Monday; 4,5% of 45,50 = 2,0475 → 2,05
      ['2026-03-16', 3335, 85, 3250, 1], // credit 1/3: D+30 = Sunday 15/03; the odd centavo on the first; 2,55% → 0,85
    ]);
    expect(res.body.data.totais).toEqual({ bruto: 19885, taxas: 490, chargeback: 0, liquido: 19395, quantidade: 5 });
    const debitos = res.body.data.dias[1];
    expect(debitos.porOperadora).toEqual([
      { id: cielo, nome: 'Cielo', bruto: 10000, taxas: 200, chargeback: 0, liquido: 9800, quantidade: 2, porBandeira: [{ id: visa, nome: 'Visa', bruto: 10000, taxas: 200, chargeback: 0, liquido: 9800, quantidade: 2 }] },
    ]);
    expect(debitos.porBandeira).toEqual([{ id: visa, nome: 'Visa', bruto: 10000, taxas: 200, chargeback: 0, liquido: 9800, quantidade: 2 }]);
    expect(res.body.data.dias[0].porOperadora[0]).toMatchObject({ id: null, nome: 'Sem operadora' });
    expect(res.body.data.avisos).toEqual([
      { mensagem: 'Taxa de 4,50% acima do teto de 3,6% para vale-refeição e vale-alimentação (Decreto 12.712/2025, PAT).', pagamentos: 1 },
      { mensagem: 'Repasse em 17 dias corridos: o Decreto 12.712/2025 (PAT) exige no máximo 15 dias corridos para vale-refeição e vale-alimentação.', pagamentos: 1 },
    ]);
  });

  it('reads the later installments of a sale two months back', async () => {
    const res = await previsao(admin, { de: '2026-04-01', ate: '2026-05-31' });
    expect(res.body.data.dias.map((d: Record<string, unknown>) => [d.data, d.bruto, d.liquido])).toEqual([
      ['2026-04-14', 3333, 3248],
      ['2026-05-14', 3333, 3248],
    ]);
    expect(res.body.data.avisos).toEqual([]);
  });

  it('lists the receivables of a day one by one with their sale', async () => {
    const res = await previsao(admin, { de: '2026-02-01', ate: '2026-02-28', dia: '2026-02-18' });
    expect(res.body.data.recebiveis.map((r: Record<string, unknown>) => [r.dataVenda, r.produto, r.operadoraNome, r.bandeiraNome, r.parcela, r.vencimento, r.bruto, r.mdr, r.liquido])).toEqual([
      ['2026-02-13', 'debito', 'Cielo', 'Visa', 1, '2026-02-18', 5000, 100, 4900],
      ['2026-02-13', 'debito', 'Cielo', 'Visa', 1, '2026-02-18', 5000, 100, 4900],
    ]);
    expect(res.body.data.recebiveis.map((r: { venda: string; empresa: string }) => r.empresa)).toEqual([ctx.seed.demo.empresas[0], ctx.seed.demo.empresas[0]]);
    expect(new Set(res.body.data.recebiveis.map((r: { venda: string }) => r.venda)).size).toBe(2);
    const parcela = await previsao(admin, { de: '2026-05-01', ate: '2026-05-31', dia: '2026-05-14' });
    expect(parcela.body.data.recebiveis).toMatchObject([{ produto: 'creditoParceladoLojista', parcela: 3, parcelas: 3, bruto: 3333, mdr: 85, liquido: 3248 }]);
  });

  it('moves receivables past 20/11 and Christmas; a card payment without operadora takes no fee', async () => {
    const res = await previsao(admin, { de: '2026-11-01', ate: '2026-12-31' });
    expect(res.body.data.dias.map((d: Record<string, unknown>) => [d.data, d.bruto, d.liquido])).toEqual([
      ['2026-11-23', 5000, 4900],
      ['2026-12-21', 8000, 8000],
      ['2026-12-28', 1000, 980],
    ]);
  });

  it('keeps the wall between groups', async () => {
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const deles = await previsao(vizinho, { de: '2026-02-01', ate: '2026-03-31' });
    expect(deles.status).toBe(200);
    expect(deles.body.data).toMatchObject({ dias: [], totais: { bruto: 0, quantidade: 0 } });
    const alheia = await previsao(vizinho, { de: '2026-02-01', ate: '2026-03-31', empresas: [ctx.seed.demo.empresas[0]] });
    expect(alheia.status).toBe(400);
    expect(alheia.body.data.message).toBe(`Empresas: empresa não encontrada: ${ctx.seed.demo.empresas[0]}.`);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ ate: '2026-02-01' }, 'De: use aaaa-mm-dd.'],
      [{ de: '2026-02-30', ate: '2026-03-01' }, 'De: use aaaa-mm-dd.'],
      [{ de: '2026-03-01', ate: '2026-02-01' }, 'Até: O fim do período é anterior ao início.'],
      [{ de: '2026-01-01', ate: '2026-12-31' }, 'Até: No máximo três meses por consulta.'],
      [{ de: '2026-02-01', ate: '2026-02-28', dia: '2026-03-05' }, 'Dia: O dia deve estar dentro do período.'],
      [{ de: '2026-02-01', ate: '2026-02-28', empresas: 'todas' }, 'Empresas: Informe as empresas em uma lista de ids.'],
    ];
    for (const [body, mensagem] of casos) {
      const res = await previsao(admin, body);
      expect(res.status, mensagem).toBe(400);
      expect(res.body.data.message).toBe(mensagem);
    }
  });
});
