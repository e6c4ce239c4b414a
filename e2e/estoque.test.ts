import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { abrirComSessao, api, escolherOpcao, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

const shot = (page: Page, nome: string) => fotografar(page, nome);

/** The cells of the table's rows whose text has `texto`. */
const celulas = (page: Page, linha: string, texto: string) => page.getByTestId(linha).filter({ hasText: texto }).locator('td');

describe('stock screens', () => {
  it('a manual exit and a transfer through the screens move the position and show in the kardex with the running balance', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);

    // Setup through the API: a unit, two locations, a product and an entry of 10 KG at R$ 5,00.
    const unidades = await api<{ _id: string; sigla: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { lixo: false, busca: 'KG' }, sort: { sigla: 1 }, limit: 50, skip: 0 });
    const kg = unidades.find((u) => u.sigla === 'KG') ?? (await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true }));
    const deposito = await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Depósito E2E' });
    await api(page, 'estoqueCadastro', { descricao: 'Cozinha E2E' });
    const farinha = await api<{ _id: string; codigo: string }>(page, 'produtoGeral', { descricao: 'Farinha E2E', unidade: kg._id });
    await api(page, 'estoqueDocumento', { tipo: 'entradaManual', local: deposito._id, itens: [{ produto: farinha._id, quantidade: '10', custoUnitario: '500' }] });
    const rotuloProduto = `${farinha.codigo} - Farinha E2E`;

    // A manual exit of 1,5 KG: preview, then save.
    await page.goto(`${ctx.server.url}/estoqueSaidaManual`);
    await page.getByTestId('estoque-saida-manual').waitFor();
    await page.getByTestId('estoque-novo').click();
    await page.getByTestId('estoque-form').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('novo')).toBe('1');
    expect(await page.getByTestId('estoque-salvar').isDisabled()).toBe(true);
    await escolherOpcao(page, 'estoque-local', 'Depósito E2E');
    await escolherOpcao(page, 'estoque-motivo', 'Perda');
    await escolherOpcao(page, 'estoque-produto-0', rotuloProduto, 'Farinha E2E');
    // A quantity the server refuses is named next to its field.
    await page.getByTestId('estoque-quantidade-0').fill('0');
    await page.getByTestId('estoque-previa-botao').click();
    await expect.poll(() => page.getByTestId('estoque-form').textContent()).toContain('Quantidade maior que zero');
    await page.getByTestId('estoque-quantidade-0').fill('1,5');
    await page.getByTestId('estoque-previa-botao').click();
    await page.getByTestId('estoque-previa').waitFor();
    expect(await page.getByTestId('estoque-previa-saldo').first().textContent()).toBe('Depósito E2E10 KG → 8,5 KG');
    expect(await page.getByTestId('estoque-previa-custo').textContent()).toBe('R$ 5,00 → R$ 5,00');
    expect(await page.getByTestId('estoque-previa-valor').textContent()).toContain('R$ 7,50');
    await shot(page, 'estoque-saida-manual-previa');
    await page.getByTestId('estoque-salvar').click();
    await page.getByTestId('estoque-form').waitFor({ state: 'detached' });
    const saida = celulas(page, 'estoque-documento', 'Depósito E2E');
    await expect.poll(() => saida.count()).toBeGreaterThan(0);
    expect(await saida.nth(3).textContent()).toBe('Perda');
    expect(await saida.nth(4).textContent()).toBe('1 item');
    expect(await saida.nth(5).textContent()).toBe('R$ 7,50');
    expect(await saida.nth(1).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await shot(page, 'estoque-saida-manual');

    // The position report shows what is left, valued at the average cost.
    await page.goto(`${ctx.server.url}/relatorioEstoqueProduto?busca=Farinha+E2E`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const posicao = celulas(page, 'relatorio-linha', 'Depósito E2E');
    await expect.poll(() => posicao.nth(3).textContent()).toBe('8,5 KG');
    expect(await posicao.nth(4).textContent()).toBe('R$ 5,00');
    expect(await posicao.nth(5).textContent()).toBe('R$ 42,50');
    expect(await page.getByTestId('relatorio-totais').locator('td').nth(5).textContent()).toBe('R$ 42,50');

    // A transfer of 2 KG from the depot to the kitchen.
    await page.goto(`${ctx.server.url}/estoqueTransferenciaLocal?novo=1`);
    await page.getByTestId('estoque-form').waitFor();
    await escolherOpcao(page, 'estoque-local', 'Depósito E2E');
    await escolherOpcao(page, 'estoque-destino', 'Cozinha E2E');
    await escolherOpcao(page, 'estoque-produto-0', rotuloProduto, 'Farinha E2E');
    await page.getByTestId('estoque-quantidade-0').fill('2');
    await page.getByTestId('estoque-previa-botao').click();
    await page.getByTestId('estoque-previa').waitFor();
    const saldos = await page.getByTestId('estoque-previa-saldo').allTextContents();
    expect(saldos.sort()).toEqual(['Cozinha E2E0 KG → 2 KG', 'Depósito E2E8,5 KG → 6,5 KG']);
    await shot(page, 'estoque-transferencia-previa');
    await page.getByTestId('estoque-salvar').click();
    await page.getByTestId('estoque-form').waitFor({ state: 'detached' });
    const transferencia = celulas(page, 'estoque-documento', 'Cozinha E2E');
    await expect.poll(() => transferencia.count()).toBeGreaterThan(0);
    expect(await transferencia.nth(2).textContent()).toBe('Depósito E2E');
    expect(await transferencia.nth(3).textContent()).toBe('Cozinha E2E');
    await shot(page, 'estoque-transferencia-local');

    await page.goto(`${ctx.server.url}/relatorioEstoqueProduto?busca=Farinha+E2E`);
    await page.getByTestId('relatorio-tabela').waitFor();
    await expect.poll(() => celulas(page, 'relatorio-linha', 'Depósito E2E').nth(3).textContent()).toBe('6,5 KG');
    expect(await celulas(page, 'relatorio-linha', 'Cozinha E2E').nth(3).textContent()).toBe('2 KG');
    expect(await page.getByTestId('relatorio-totais').locator('td').nth(5).textContent()).toBe('R$ 42,50');
    await page.getByTestId('relatorio-grafico').waitFor();
    await shot(page, 'relatorio-estoque-produto');

    // The kardex: the entry, the exit and the transfer's two legs, with the company's running balance.
    await page.goto(`${ctx.server.url}/relatorioEstoqueFluxo?produto=${farinha._id}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const linhas = async () => (await page.getByTestId('kardex-linha').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? ''))));
    await expect.poll(async () => (await linhas()).length).toBe(5);
    const [inicial, entrada, saidaManual, ...legs] = await linhas();
    expect(inicial![1]).toBe('Saldo inicial');
    expect([entrada![1], entrada![5], entrada![8]]).toEqual(['Entrada', '+10 KG', '10 KG']);
    expect([saidaManual![1], saidaManual![2], saidaManual![5], saidaManual![8], saidaManual![9]]).toEqual(['Saída manual', 'Saída manual nº 1', '-1,5 KG', '8,5 KG', 'R$ 5,00']);
    expect(legs.map((l) => [l[1], l[5]])).toEqual([
      ['Transferência', '-2 KG'],
      ['Transferência', '+2 KG'],
    ]);
    expect(legs[1]![8]).toBe('8,5 KG');
    expect(await page.getByTestId('kardex-final-qtd').textContent()).toBe('8,5 KG');
    // For the whole company the transfer between its own locations is neither an entry nor an exit.
    expect(await page.getByTestId('kardex-entradas-qtd').textContent()).toBe('10 KG');
    await shot(page, 'relatorio-estoque-fluxo');

    // One location: its own running balance.
    await page.goto(`${ctx.server.url}/relatorioEstoqueFluxo?produto=${farinha._id}&local=${deposito._id}`);
    await expect.poll(async () => (await linhas()).length).toBe(4);
    expect((await linhas()).map((l) => l[8])).toEqual(['0 KG', '10 KG', '8,5 KG', '6,5 KG']);

    // Reversing the exit puts the 1,5 KG back and marks it.
    await page.goto(`${ctx.server.url}/estoqueSaidaManual`);
    await page.getByTestId('estoque-estornar').first().click();
    await page.getByRole('dialog', { name: 'Estornar o documento nº 1' }).waitFor();
    await page.getByTestId('estoque-estorno-motivo').fill('Lançada por engano');
    await shot(page, 'estoque-estorno');
    await page.getByTestId('estoque-estorno-ok').click();
    await page.getByTestId('estoque-estornado').waitFor();
    expect(await page.getByTestId('estoque-estornar').count()).toBe(0);
    const posicaoFinal = await api<{ localDescricao: string; quantidade: string }[]>(page, 'relatorioEstoqueProduto', { busca: 'Farinha E2E' });
    expect(posicaoFinal.map((l) => [l.localDescricao, l.quantidade])).toEqual([
      ['Cozinha E2E', '2.0000'],
      ['Depósito E2E', '8.0000'],
    ]);

    // Narrow screens.
    if (process.env.SCREENSHOTS_DIR) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${ctx.server.url}/estoqueSaidaManual`);
      await page.getByTestId('estoque-documentos').waitFor();
      await shot(page, 'estoque-saida-manual-390');
      await page.goto(`${ctx.server.url}/estoqueTransferenciaLocal?novo=1`);
      await page.getByTestId('estoque-form').waitFor();
      await escolherOpcao(page, 'estoque-local', 'Depósito E2E');
      await escolherOpcao(page, 'estoque-destino', 'Cozinha E2E');
      await escolherOpcao(page, 'estoque-produto-0', rotuloProduto, 'Farinha E2E');
      await page.getByTestId('estoque-quantidade-0').fill('1');
      await page.getByTestId('estoque-previa-botao').click();
      await page.getByTestId('estoque-previa').waitFor();
      await shot(page, 'estoque-transferencia-previa-390');
      await page.goto(`${ctx.server.url}/relatorioEstoqueProduto`);
      await page.getByTestId('relatorio-tabela').waitFor();
      await shot(page, 'relatorio-estoque-produto-390');
      await page.goto(`${ctx.server.url}/relatorioEstoqueFluxo?produto=${farinha._id}`);
      await page.getByTestId('relatorio-tabela').waitFor();
      await shot(page, 'relatorio-estoque-fluxo-390');
    }
  }, 240_000);
  it('the recipe sheet form shows the cost per unit from the average costs, the price in the company and the margin', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await abrirComSessao(page, ctx.server.url, '/estoqueFichaTecnica', page.getByTestId('recurso-novo'));

    // Ingredients with average costs (Carne R$ 32,90/KG, Arroz R$ 6,00/KG; Sal never entered), the dish sold at R$ 30,00.
    const unidades = await api<{ _id: string; sigla: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { lixo: false }, sort: { sigla: 1 }, limit: 200, skip: 0 });
    const kg = unidades.find((u) => u.sigla === 'KG') ?? (await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true }));
    const deposito = await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Depósito Ficha E2E' });
    const carne = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Carne Ficha E2E', unidade: kg._id });
    const arroz = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Arroz Ficha E2E', unidade: kg._id });
    const sal = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Sal Ficha E2E', unidade: kg._id });
    const prato = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Prato Ficha E2E', unidade: (unidades.find((u) => u.sigla === 'UN') ?? kg)._id });
    await api(page, 'estoqueDocumento', {
      tipo: 'entradaManual',
      local: deposito._id,
      itens: [
        { produto: carne._id, quantidade: '5', custoUnitario: '3290' },
        { produto: arroz._id, quantidade: '10', custoUnitario: '600' },
      ],
    });
    await api(page, 'produtoGeralEmpresa', { produtoGeral: prato._id, preco: 3000 });
    // Yields 2 dishes: 0,3 KG of meat, 0,2 KG of rice net with 20 % loss (0,25 KG gross), 0,01 KG of salt.
    const ficha = await api<{ _id: string }>(page, 'estoqueFichaTecnica', {
      produto: prato._id,
      rendimento: '2',
      itens: [
        { produto: carne._id, quantidade: '0.3' },
        { produto: arroz._id, quantidade: '0.2', perda: '20' },
        { produto: sal._id, quantidade: '0.01' },
      ],
    });
    // Per dish: 0,15 KG × R$ 32,90 + 0,125 KG × R$ 6,00 = R$ 4,935 + R$ 0,75 = R$ 5,685 → R$ 5,69; margin (30 − 5,685) ÷ 30.
    const custo = await api<{ custo: string; margem: string }>(page, `estoqueFichaTecnica/${ficha._id}/custo`);
    expect([custo.custo, custo.margem]).toEqual(['568.50', '81.05']);

    // A new sheet: the cost appears after saving.
    await page.getByTestId('recurso-novo').click();
    await page.getByTestId('ficha-custo-salve').waitFor();

    await page.goto(`${ctx.server.url}/estoqueFichaTecnica`);
    const linha = page.getByTestId('recurso-linha').filter({ hasText: 'Prato Ficha E2E' });
    await linha.getByTestId('recurso-acao-editar').click();
    await page.getByTestId('recurso-form').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('editar')).toBe(ficha._id);
    await page.getByTestId('ficha-custo-valor').waitFor();
    expect(await page.getByTestId('ficha-custo-valor').textContent()).toBe('R$ 5,69');
    expect(await page.getByTestId('ficha-custo-preco').textContent()).toBe('R$ 30,00');
    expect(await page.getByTestId('ficha-custo-margem').textContent()).toBe('81,05 %');
    expect(await page.getByTestId('ficha-custo-margem-nota').textContent()).toBe('acima de 30 %');
    expect(await page.getByTestId('ficha-custo').textContent()).toContain('custos médios atuais dos ingredientes nesta empresa');
    const ingredientes = await page.getByTestId('ficha-custo-ingrediente').evaluateAll((trs) =>
      trs.map((tr) => ['nome', 'qtd', 'medio', 'parcela'].map((c) => tr.querySelector(`[data-testid="ficha-custo-ingrediente-${c}"]`)?.textContent ?? tr.querySelector('[data-testid="ficha-custo-sem-custo"]')?.textContent ?? '')),
    );
    expect(ingredientes.sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual([
      ['Arroz Ficha E2E', '0,125 KG', 'R$ 6,00/KG', 'R$ 0,75'],
      ['Carne Ficha E2E', '0,15 KG', 'R$ 32,90/KG', 'R$ 4,94'],
      ['Sal Ficha E2E', '0,005 KG', 'sem custo: entre com uma entrada de estoque', '—'],
    ]);
    expect(await page.getByTestId('ficha-custo-incompleto').textContent()).toContain('1 ingrediente sem custo médio');
    await page.getByTestId('ficha-custo').scrollIntoViewIfNeeded();
    await shot(page, 'estoque-ficha-custo');

    // A price of R$ 7,00: the margin, (7 − 5,685) ÷ 7, is low and says so (in red).
    const [pge] = await api<{ _id: string; version: number }[]>(page, 'produtoGeralEmpresa/getPopulate', { filtro: { lixo: false, produtoGeral: prato._id }, sort: {}, limit: 1, skip: 0 });
    const status = await page.evaluate(
      async ([id, corpo]) => (await fetch(`/api/produtoGeralEmpresa/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(corpo) })).status,
      [pge!._id, { produtoGeral: prato._id, preco: 700, version: pge!.version }] as const,
    );
    expect(status).toBe(200);
    await page.reload();
    await page.getByTestId('ficha-custo-valor').waitFor();
    expect(await page.getByTestId('ficha-custo-margem').textContent()).toBe('18,79 %');
    expect(await page.getByTestId('ficha-custo-margem-nota').textContent()).toBe('baixa: abaixo de 30 %');
    await page.getByTestId('ficha-custo').scrollIntoViewIfNeeded();
    await shot(page, 'estoque-ficha-custo-baixa');
    if (process.env.SCREENSHOTS_DIR) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.getByTestId('ficha-custo-valor').waitFor();
      await page.getByTestId('ficha-custo').scrollIntoViewIfNeeded();
      await shot(page, 'estoque-ficha-custo-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  }, 180_000);
});
