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
});
