import { describe, expect, it } from 'vitest';
import { signIn } from './support/app.ts';
import { diaNaLoja, linhasDaPlanilha, planilhasDoArquivo, useServerWithDemoSales } from './support/vendasDemo.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerWithDemoSales();

const ontem = () => diaNaLoja(1);
const semanaAntes = () => diaNaLoja(7);
const centavos = (texto: string) => Number(texto.replace(/[^\d]/g, ''));


describe('relatorioVendasResumoFiscal on demonstration sales', () => {
  it('shows the documents by status with totals, the CFOP and CST tables, the contingency lists (to transmit, transmitted), and exports XLSX', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/relatorioVendasResumoFiscal?de=${semanaAntes()}&ate=${ontem()}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const tabela = await page.getByTestId('relatorio-tabela').textContent();
    for (const texto of ['NFC-e (65)', 'Autorizada', 'Em contingência', 'Cancelada', 'Venda sem documento']) expect(tabela).toContain(texto);
    await page.getByTestId('relatorio-grafico').waitFor();
    const cfops = await page.getByTestId('resumo-fiscal-cfop-linha').allTextContents();
    expect(cfops.join(' ')).toMatch(/5102[\s\S]*5405|5405[\s\S]*5102/);
    expect(await page.getByTestId('resumo-fiscal-cst-linha').count()).toBe(2);
    expect(await page.getByTestId('resumo-fiscal-contingencia-linha').count()).toBeGreaterThan(0);
    // The demo transmits half its contingency notes: they show with when and the 15-digit protocol.
    const transmitidas = await page.getByTestId('resumo-fiscal-transmitidas-linha').allTextContents();
    expect(transmitidas.length).toBeGreaterThan(0);
    expect(transmitidas[0]).toMatch(/\d{2}\/\d{2}\/\d{4}[\s\S]*\d{15}/);
    // The documents' total less the cancelled sales is what the items add up to (the demo gives no item discounts; fees are on the sale).
    const totalDocs = (await page.getByTestId('relatorio-totais').first().locator('td').nth(4).textContent())!;
    expect(totalDocs).toMatch(/^R\$ [\d.]+,\d{2}$/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relatorio-xlsx').click()]);
    expect(download.suggestedFilename()).toBe(`resumo-fiscal-${semanaAntes()}-a-${ontem()}.xlsx`);
    const planilha = linhasDaPlanilha((await download.path())!);
    // The other tables on sheets of their own (names of at most 31 characters, without '/').
    expect(planilhasDoArquivo((await download.path())!)).toEqual(['Resumo fiscal de vendas', 'Itens por CFOP', 'Itens por CST CSOSN', 'Contingência pendente de transm', 'Contingência já transmitida']);
    expect(planilha[0]).toEqual(['Modelo', 'Situação', 'Série', 'Documentos', 'Valor', 'Vendas canceladas', 'Valor cancelado']);
    expect(planilha.at(-1)![0]).toBe('Total');
    // Empty cells (situação, série) are not written: the totals row reads Total, documents, value, cancelled, value cancelled.
    expect(Math.round(Number(planilha.at(-1)![2]) * 100)).toBe(centavos(totalDocs));
    const soma = planilha.slice(1, -1).reduce((s, l) => s + Math.round(Number(l[4]) * 100), 0);
    expect(soma).toBe(centavos(totalDocs));
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorio-resumo-fiscal.png`, fullPage: true });

    // A transmitted note's order opens its history: it came in contingency, then SEFAZ authorized it with the protocol listed.
    const linha = page.getByTestId('resumo-fiscal-transmitidas-linha').first();
    const protocolo = (await linha.textContent())!.match(/\d{15}/)![0];
    await linha.getByTestId('resumo-fiscal-historico').click();
    await expect.poll(() => page.getByTestId('historico-documento-passo').count()).toBeGreaterThanOrEqual(2);
    expect(page.url()).toContain('documento=');
    const passos = await page.getByTestId('historico-documento-passo').allTextContents();
    expect(passos[0]).toContain('Em contingência');
    expect(passos[0]).toContain('Recebido com a venda');
    expect(passos[1]).toContain('Autorizada');
    expect(passos[1]).toContain(`Protocolo ${protocolo}`);
    expect(await page.getByTestId('historico-documento-titulo').textContent()).toMatch(/^NFC-e \(65\) série \d+ nº \d+, pedido /);
    await fotografar(page, 'relatorio-resumo-fiscal-historico');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.url()).not.toContain('documento=');
  });
});

describe('relatorioVendaTransferencias on demonstration sales', () => {
  it('lists the transfers with totals per user; an operator picked in the filter goes to the URL and narrows the list', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/relatorioVendaTransferencias?de=${semanaAntes()}&ate=${ontem()}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const linhas = page.getByTestId('relatorio-linha');
    /** The rows once the report answered, or null while it loads (the table is gone then). */
    const contarSeCarregado = async () => ((await page.getByTestId('relatorio-carregando').count()) || !(await page.getByTestId('relatorio-totais').count()) ? null : linhas.count());
    let antes = 0;
    await expect.poll(async () => (antes = (await contarSeCarregado()) ?? 0)).toBeGreaterThan(1);
    const porUsuario = await page.getByTestId('transferencias-usuario-linha').allTextContents();
    expect(porUsuario.length).toBeGreaterThan(0);
    // The per-user total and the list's total are the same money.
    const totalUsuarios = (await page.getByTestId('transferencias-usuarios').getByTestId('relatorio-totais').locator('td').nth(2).textContent())!;
    const totalLista = (await page.getByTestId('relatorio-tabela').getByTestId('relatorio-totais').locator('td').allTextContents()).find((c) => c.startsWith('R$'));
    expect(totalLista).toBe(totalUsuarios);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorio-transferencias.png`, fullPage: true });

    await page.getByTestId('relatorio-operadores').click();
    await page.getByRole('option', { name: 'Caixa Demonstração' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.getAll('operador').length).toBe(1);
    // The count is read once the report answered; the list may be asked again right after (null then).
    let filtradas = 0;
    await expect
      .poll(async () => {
        const n = await contarSeCarregado();
        if (n !== null) filtradas = n;
        return n ?? antes;
      })
      .toBeLessThan(antes);
    // The demonstration data is random: this operator may have closed no sale with a transfer (0 rows).
    // A reload keeps the filter: the same narrowed list.
    await page.reload();
    await expect.poll(contarSeCarregado).toBe(filtradas);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorio-transferencias-filtro.png`, fullPage: true });
  });
});

describe('the shared filters on relatorioVenda and the catalogue', () => {
  it('an hour period picked in the filter goes to the URL and narrows the totals; both new reports are ready in relatoriosDoSistema', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/relatorioVenda?de=${semanaAntes()}&ate=${ontem()}&agrupar=hora`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const total = async () => centavos((await page.getByTestId('relatorio-totais').locator('td').nth(6).textContent())!);
    const dia = await total();
    const horas = page.getByTestId('relatorio-linha');
    const horasDoDia = await horas.count();
    await page.getByTestId('relatorio-periodo-hora').click();
    await page.getByRole('option', { name: 'Almoço (11:00–15:00)' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('periodoPorHora')).toBeTruthy();
    // Only 11h to 14h remain, and they are less than the whole day.
    await expect.poll(() => horas.allTextContents().then((l) => l.map((t) => t.slice(0, 3)))).toEqual(['11h', '12h', '13h', '14h']);
    expect(horasDoDia).toBeGreaterThan(4);
    const almoco = await total();
    expect(almoco).toBeGreaterThan(0);
    expect(almoco).toBeLessThan(dia);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorio-venda-almoco.png`, fullPage: true });

    await page.goto(`${ctx.server.url}/relatoriosDoSistema?busca=fiscal`);
    const card = page.getByTestId('relatorio-card-relatorioVendasResumoFiscal');
    await card.waitFor();
    expect(await card.textContent()).not.toContain('Em construção');
    await page.goto(`${ctx.server.url}/relatoriosDoSistema?busca=transfer`);
    expect(await page.getByTestId('relatorio-card-relatorioVendaTransferencias').textContent()).not.toContain('Em construção');

    // Pictures of both reports in the dark theme, for a person to look at.
    if (process.env.SCREENSHOTS_DIR) {
      await page.evaluate(() => localStorage.setItem('retaguarda.tema', 'dark'));
      for (const [tela, arquivo] of [['relatorioVendasResumoFiscal', 'relatorio-resumo-fiscal-dark'], ['relatorioVendaTransferencias', 'relatorio-transferencias-dark']] as const) {
        await page.goto(`${ctx.server.url}/${tela}?de=${semanaAntes()}&ate=${ontem()}`);
        await page.getByTestId('relatorio-tabela').waitFor();
        await fotografar(page, arquivo);
      }
      await page.evaluate(() => localStorage.removeItem('retaguarda.tema'));
    }
  });
});
