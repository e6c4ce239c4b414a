import { escreverOfx } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

const hoje = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
/** A valid CNPJ from its first 12 digits (the check digits computed). */
function cnpj(base: string): string {
  const digito = (s: string) => {
    const pesos = s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const resto = [...s].reduce((t, c, i) => t + Number(c) * pesos[i]!, 0) % 11;
    return resto < 2 ? '0' : String(11 - resto);
  };
  const d1 = digito(base);
  return base + d1 + digito(base + d1);
}
const diasAntes = (n: number) => new Date(Date.parse(`${hoje()}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** A sale as a terminal sends it: POST /api/vendas with the terminal's credential, from outside the browser. */
async function vender(token: string, corpo: unknown) {
  const res = await fetch(`${ctx.server.url}/api/vendas`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
  expect(res.status, await res.clone().text()).toBe(201);
}
const semNbsp = (t: string | null) => (t ?? '').replace(/\u00a0/g, ' ');

describe('finance reports', () => {
  it('the aging puts a supplier’s open installments in their buckets, and a chosen tipo and person stay in the URL', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const plano = (await api<{ _id: string; codigo: string }[]>(page, 'financeiroPlanoConta/getPopulate', { filtro: { codigo: '3.01' } }))[0]!._id;
    const f = await api<{ _id: string }>(page, 'pessoa', { nome: 'Hortifruti Aging E2E', tipo: 'Jurídica', cpfCnpj: cnpj('998877660001'), fornecedor: true, cliente: false });
    const titulo = (valor: number, vencimento: string) => api(page, 'financeiroAgenda', { tipo: 'pagar', pessoa: f._id, planoConta: plano, descricao: 'Hortifruti', emissao: diasAntes(200), valor, vencimento });
    await titulo(12345, diasAntes(-5)); // a vencer
    await titulo(20000, diasAntes(10)); // 1–30
    await titulo(30050, diasAntes(45)); // 31–60
    await titulo(5000, diasAntes(120)); // > 90

    await page.goto(`${ctx.server.url}/relatorioFinanceiroAgenda`);
    await page.getByTestId('relatorio-aging').waitFor();
    await page.getByTestId('aging-tipo').getByText('A pagar').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tipo')).toBe('pagar');
    const linha = page.getByTestId('aging-linha').filter({ hasText: 'Hortifruti Aging E2E' });
    await linha.waitFor();
    const celulas = await linha.locator('td').allTextContents();
    expect(celulas.map((c) => c.replace(/\u00a0/g, ' '))).toEqual(['Hortifruti Aging E2E', 'R$ 123,45', 'R$ 200,00', 'R$ 300,50', 'R$ 0,00', 'R$ 50,00', 'R$ 673,95', '4']);
    await fotografar(page, 'relatorioFinanceiroAgenda', [[1440, 900], [390, 844]]);

    // Only this supplier: the cards are theirs, and the URL keeps the choice for a reload.
    await page.goto(`${ctx.server.url}/relatorioFinanceiroAgenda?tipo=pagar&pessoa=${f._id}`);
    await expect.poll(async () => (await page.getByTestId('aging-total-valor').textContent())?.replace(/\u00a0/g, ' ')).toBe('R$ 673,95');
    expect((await page.getByTestId('aging-vencido-valor').textContent())?.replace(/\u00a0/g, ' ')).toBe('R$ 550,50');
    expect(await page.getByTestId('aging-linha').count()).toBe(1);
    expect(await page.getByTestId('relatorio-grafico-barra').count()).toBe(5);
  });

  it('the finance dashboard shows the balances, what falls due and the 90-day flow, and opens the agenda filtered', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    await api(page, 'financeiroConta', { nome: 'Banco Resumo E2E', tipo: 'Banco', banco: '341', saldoInicial: 250000, dataSaldoInicial: diasAntes(20) });
    const antes = await api<{ pagar: { vencido: { quantidade: number; valor: number } } }>(page, 'financeiroResumo', {});
    const plano = (await api<{ _id: string }[]>(page, 'financeiroPlanoConta/getPopulate', { filtro: { codigo: '5.02' } }))[0]!._id;
    const f = await api<{ _id: string }>(page, 'pessoa', { nome: 'Energia Resumo E2E', tipo: 'Jurídica', cpfCnpj: cnpj('998877650001'), fornecedor: true, cliente: false });
    await api(page, 'financeiroAgenda', { tipo: 'pagar', pessoa: f._id, planoConta: plano, descricao: 'Conta de luz atrasada', emissao: diasAntes(30), valor: 43210, vencimento: diasAntes(4) });

    await page.goto(`${ctx.server.url}/financeiroResumo`);
    await page.getByTestId('financeiro-resumo').waitFor();
    const esperado = antes.pagar.vencido.valor + 43210;
    const reais = (c: number) => `R$ ${Math.floor(c / 100).toLocaleString('pt-BR')},${String(c % 100).padStart(2, '0')}`;
    await expect.poll(async () => (await page.getByTestId('resumo-pagar-vencido-valor').textContent())?.replace(/\u00a0/g, ' ')).toBe(reais(esperado));
    expect(await page.getByTestId('resumo-pagar-vencido-detalhe').textContent()).toBe(`${antes.pagar.vencido.quantidade + 1} parcelas`);
    expect(await page.getByTestId('fluxo-dia').count()).toBe(90);
    expect(await page.getByTestId('fluxo-dia').and(page.locator('[data-previsto="true"]')).count()).toBe(60);
    const conta = page.getByTestId('resumo-conta').filter({ hasText: 'Banco Resumo E2E' });
    expect((await conta.locator('td').allTextContents()).map((c) => c.replace(/\u00a0/g, ' '))).toEqual(['Banco Resumo E2E', 'Banco', expect.any(String), 'R$ 2.500,00']);
    await fotografar(page, 'financeiroResumo', [[1440, 900], [390, 844]]);

    // The overdue card opens the agenda on the overdue payables.
    await page.getByTestId('resumo-pagar-vencido-link').click();
    await page.waitForURL(/\/financeiroAgenda\?/);
    const url = new URL(page.url());
    expect([url.searchParams.get('tipo'), url.searchParams.get('status')]).toEqual(['pagar', 'vencida']);
    await page.getByText('Conta de luz atrasada').first().waitFor();
  });

  it('the card fee audit shows what the acquirer kept beyond its contract, per brand and day', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const un = await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'UNT', descricao: 'Unidade taxas' });
    const xis = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Xis taxas', unidade: un._id, ncm: '21069090' });
    const cartao = await api<{ _id: string }>(page, 'formaPagamento', { descricao: 'Cartão taxas', tipo: 'Cartão de Débito' });
    const visa = await api<{ _id: string }>(page, 'tipoPagamentoBandeira', { descricao: 'Visa taxas', tBand: '01' });
    const master = await api<{ _id: string }>(page, 'tipoPagamentoBandeira', { descricao: 'Mastercard taxas', tBand: '02' });
    const rede = await api<{ _id: string }>(page, 'operadora', { nome: 'Rede', cnpj: '01.425.787/0001-04', taxaDebito: '1,50' });
    const terminal = await api<{ _id: string }>(page, 'terminal', { descricao: 'PDV taxas', tipo: 'PDV' });
    const { token } = await api<{ token: string }>(page, `terminal/${terminal._id}/credencial`, {});
    // Monday 10/03/2025: two debits, paid by Rede on Tuesday net of 1,50% (197,00 + 98,50); the bank got 295,00.
    const pagar = (valor: number, bandeira: string) => ({ formaPagamento: cartao._id, tPag: '04', valor, bandeira, operadora: rede._id });
    await vender(token, {
      pedidoId: 'TAXA-1',
      canal: 'Balcão',
      abertoEm: '2025-03-10T12:00:00-03:00',
      fechadoEm: '2025-03-10T12:30:00-03:00',
      itens: [{ produto: xis._id, quantidade: '1', precoUnitario: 30000 }],
      pagamentos: [pagar(20000, visa._id), pagar(10000, master._id)],
      total: 30000,
    });
    // A Visa debit of 50,00 the customer disputed: Rede takes it back whole from Tuesday's payment (keeping its 0,75 fee).
    await vender(token, {
      pedidoId: 'TAXA-2',
      canal: 'Balcão',
      abertoEm: '2025-03-10T13:00:00-03:00',
      fechadoEm: '2025-03-10T13:10:00-03:00',
      itens: [{ produto: xis._id, quantidade: '1', precoUnitario: 5000 }],
      pagamentos: [pagar(5000, visa._id)],
      total: 5000,
    });
    const carteira = await api<{ _id: string }>(page, 'financeiroConta', { nome: 'Carteira Rede', tipo: 'Carteira de adquirente', dataSaldoInicial: '2025-03-01' });
    const previstos = await api<{ recebiveis: { venda: string; bruto: number }[] }>(page, 'calendarioRecebimento/previsao', { de: '2025-03-11', ate: '2025-03-11', dia: '2025-03-11' });
    const disputada = previstos.recebiveis.find((x) => x.bruto === 5000)!.venda;
    await api(page, 'calendarioRecebimento/chargebacks', { venda: disputada, valor: 5000, data: '2025-03-10', motivo: 'Cliente não reconhece a compra', conta: carteira._id });
    // Expected 196,25 (Visa: 250,00 − 3,75 − 50,00) + 98,50 (Mastercard) = 294,75; the bank got 294,25, shared by the expected nets
    // (largest remainder): Visa 195,92, Mastercard 98,33.
    const banco = await api<{ _id: string }>(page, 'financeiroConta', { nome: 'Banco taxas', tipo: 'Banco', banco: '001', dataSaldoInicial: '2025-03-01' });
    const ofx = escreverOfx({ banco: '001', numero: '7777-1' }, [{ fitid: 'R1', data: '2025-03-11', valor: 29425, memo: 'REDE DEBITO' }]);
    const importado = await api<{ conciliadas: number }>(page, 'financeiroConciliacaoBancaria/importar', { conta: banco._id, arquivo: { nome: 'extrato.ofx', conteudo: Buffer.from(ofx).toString('base64') } });
    expect(importado.conciliadas).toBe(1);

    await page.goto(`${ctx.server.url}/relatorioFinanceiroTaxasCartao?de=2025-03-01&ate=2025-03-31`);
    await page.getByTestId('relatorio-taxas-cartao').waitFor();
    await expect.poll(async () => semNbsp(await page.getByTestId('taxas-diferenca-valor').textContent())).toBe('R$ 0,50');
    expect(semNbsp(await page.getByTestId('taxas-contrato-valor').textContent())).toBe('R$ 5,25');
    expect(semNbsp(await page.getByTestId('taxas-cobrada-valor').textContent())).toBe('R$ 5,75');
    // The chargeback has its own card and column: it is not counted as fee.
    expect(semNbsp(await page.getByTestId('taxas-chargeback-valor').textContent())).toBe('R$ 50,00');
    const linhas = await page.getByTestId('taxas-linha').all();
    const celulas = await Promise.all(linhas.map(async (l) => (await l.locator('td').allTextContents()).map(semNbsp)));
    expect(celulas.map((c) => [c[0], c[1], c[2], c[4], c[5], c[6], c[7], c[8], c[9]])).toEqual([
      ['11/03/2025', 'Rede', 'Visa taxas', 'R$ 250,00', 'R$ 3,75', 'R$ 50,00', 'R$ 195,92', 'R$ 4,08', '+R$ 0,33'],
      ['11/03/2025', 'Rede', 'Mastercard taxas', 'R$ 100,00', 'R$ 1,50', 'R$ 0,00', 'R$ 98,33', 'R$ 1,67', '+R$ 0,17'],
    ]);
    await fotografar(page, 'relatorioFinanceiroTaxasCartao', [[1440, 900], [390, 844]]);

    // Tuesday 01/07/2025: R$ 1.000,00 in 2× to Cielo (3,00%): 485,00 expected on 31/07 and on 01/09 (30/08 is a Saturday).
    // Cielo anticipated both on its own on 03/07 at 2% a month pro rata (28 and 60 days): 28,45 less, 941,55 in the bank.
    const credito = await api<{ _id: string }>(page, 'formaPagamento', { descricao: 'Crédito taxas', tipo: 'Cartão de Crédito' });
    const cielo = await api<{ _id: string }>(page, 'operadora', { nome: 'Cielo', cnpj: '01.027.058/0001-91', diasCredito: 30, taxaParcelado: '3,00' });
    await vender(token, {
      pedidoId: 'TAXA-3',
      canal: 'Balcão',
      abertoEm: '2025-07-01T12:00:00-03:00',
      fechadoEm: '2025-07-01T12:30:00-03:00',
      itens: [{ produto: xis._id, quantidade: '1', precoUnitario: 100000 }],
      pagamentos: [{ formaPagamento: credito._id, tPag: '03', valor: 100000, parcelas: 2, bandeira: visa._id, operadora: cielo._id }],
      total: 100000,
    });
    const antecipacao = escreverOfx({ banco: '001', numero: '7777-1' }, [{ fitid: 'C1', data: '2025-07-03', valor: 94155, memo: 'CIELO ANTECIPACAO' }]);
    const antecipada = await api<{ conciliadas: number }>(page, 'financeiroConciliacaoBancaria/importar', { conta: banco._id, arquivo: { nome: 'antecipacao.ofx', conteudo: Buffer.from(antecipacao).toString('base64') } });
    expect(antecipada.conciliadas).toBe(1);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${ctx.server.url}/relatorioFinanceiroTaxasCartao?de=2025-07-01&ate=2025-09-30`);
    await page.getByTestId('relatorio-taxas-cartao').waitFor();
    // The discount is the anticipation's cost, with its rate; the fee kept is the contract's: nothing charged above it.
    await expect.poll(async () => semNbsp(await page.getByTestId('taxas-antecipacao-valor').textContent())).toBe('R$ 28,45');
    expect(semNbsp(await page.getByTestId('taxas-antecipacao-detalhe').textContent())).toBe('antecipada pela operadora a 2,00 % ao mês, fora da diferença');
    expect(semNbsp(await page.getByTestId('taxas-diferenca-valor').textContent())).toBe('R$ 0,00');
    expect(semNbsp(await page.getByTestId('taxas-cobrada-valor').textContent())).toBe('R$ 30,00');
    const dias = await page.getByTestId('taxas-linha').all();
    const doDia = await Promise.all(dias.map(async (l) => (await l.locator('td').allTextContents()).map(semNbsp)));
    expect(doDia.map((c) => [c[0], c[1], c[4], c[5], c[7], c[8], c[9], c[10], c[11]])).toEqual([
      ['31/07/2025', 'Cielo', 'R$ 500,00', 'R$ 15,00', 'R$ 475,95', 'R$ 15,00', 'R$ 9,05', '2,00 %', 'R$ 0,00'],
      ['01/09/2025', 'Cielo', 'R$ 500,00', 'R$ 15,00', 'R$ 465,60', 'R$ 15,00', 'R$ 19,40', '2,00 %', 'R$ 0,00'],
    ]);
    await fotografar(page, 'relatorioFinanceiroTaxasCartao-antecipacao', [[1440, 900], [390, 844]]);
    // The bank reconciliation says how the credit was matched.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${ctx.server.url}/financeiroConciliacaoBancaria?conta=${banco._id}`);
    const conciliadas = async () => (await page.getByTestId('conciliacao-conciliada').allTextContents()).map((x) => semNbsp(x).replace(/\s+/g, ' ').trim());
    await expect.poll(async () => (await conciliadas()).find((x) => x.includes('CIELO ANTECIPACAO'))).toBe(
      '03/07/2025CIELO ANTECIPACAOR$ 941,55Antecipação pela operadoraantecipa R$ 970,00 previstos a partir de 31/07/2025Desfazer',
    );
    await fotografar(page, 'conciliacao-bancaria-antecipacao');

    // Getnet pays credit at D+30, 3,00% by contract. Wednesday 01/10/2025: R$ 1.000,00, so 970,00 on Friday 31/10; the bank got
    // 950,00 (2% below: more than the automatic 1%). Matched by hand to that day, the audit shows the 20,00 kept above the contract.
    const getnet = await api<{ _id: string }>(page, 'operadora', { nome: 'Getnet', cnpj: '10.440.482/0001-54', diasCredito: 30, taxaCredito: '3,00' });
    await vender(token, {
      pedidoId: 'TAXA-4',
      canal: 'Balcão',
      abertoEm: '2025-10-01T12:00:00-03:00',
      fechadoEm: '2025-10-01T12:30:00-03:00',
      itens: [{ produto: xis._id, quantidade: '1', precoUnitario: 100000 }],
      pagamentos: [{ formaPagamento: credito._id, tPag: '03', valor: 100000, parcelas: 1, bandeira: visa._id, operadora: getnet._id }],
      total: 100000,
    });
    const aMao = escreverOfx({ banco: '001', numero: '7777-1' }, [{ fitid: 'G1', data: '2025-10-31', valor: 95000, memo: 'GETNET CREDITO' }]);
    expect((await api<{ conciliadas: number }>(page, 'financeiroConciliacaoBancaria/importar', { conta: banco._id, arquivo: { nome: 'getnet.ofx', conteudo: Buffer.from(aMao).toString('base64') } })).conciliadas).toBe(0);
    await page.reload();
    const aberta = page.getByTestId('conciliacao-aberta').filter({ hasText: 'GETNET CREDITO' });
    await aberta.getByTestId('conciliacao-abrir-recebivel').click();
    const modal = page.getByTestId('conciliacao-recebivel');
    await modal.getByTestId('conciliacao-recebivel-dia').first().waitFor();
    // The operadora the memo names is chosen; its open payout of 31/10 is offered.
    expect(await modal.getByTestId('conciliacao-recebivel-operadora').inputValue()).toBe('Getnet');
    const dia = modal.getByTestId('conciliacao-recebivel-dia').filter({ hasText: '31/10/2025' });
    expect(semNbsp(await dia.textContent())).toBe('31/10/2025R$ 1.000,00R$ 30,00R$ 970,00');
    await dia.getByRole('checkbox').check();
    expect(semNbsp(await modal.getByTestId('conciliacao-recebivel-resumo').textContent())).toBe('Previsto R$ 970,00 · crédito R$ 950,00 · diferença -R$ 20,00');
    await fotografar(page, 'conciliacao-bancaria-recebivel-manual', [[1440, 900], [390, 844]]);
    await modal.getByTestId('conciliacao-recebivel-confirmar').click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(async () => (await conciliadas()).find((x) => x.includes('GETNET CREDITO'))).toBe('31/10/2025GETNET CREDITOR$ 950,00Manualprevisto R$ 970,00 para 31/10/2025Desfazer');
    await page.goto(`${ctx.server.url}/relatorioFinanceiroTaxasCartao?de=2025-10-01&ate=2025-10-31`);
    await page.getByTestId('relatorio-taxas-cartao').waitFor();
    await expect.poll(async () => semNbsp(await page.getByTestId('taxas-diferenca-valor').textContent())).toBe('R$ 20,00');
    expect(semNbsp(await page.getByTestId('taxas-cobrada-valor').textContent())).toBe('R$ 50,00');
  });
});
