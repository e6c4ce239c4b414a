import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/**
 * The stock position a page at a time (issue 12): the screen shows 200 lines with the totals of every
 * line, the page is in the URL, and the CSV holds every line, not just the page on screen.
 */
describe('stock position by pages', () => {
  it('shows 200 lines with the totals of all 205, goes to page 2 through the URL, and exports the 205', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const local = await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Câmara Pag E2E' });
    const un = await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'PC', descricao: 'Peça', fracionado: false });
    const ids = await page.evaluate(
      async ([unidade]) => {
        const criados: string[] = [];
        for (let i = 0; i < 205; i++) {
          const res = await fetch('/api/produtoGeral', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ descricao: `Pag E2E ${String(i).padStart(3, '0')}`, unidade }) });
          criados.push(((await res.json()) as { data: { _id: string } }).data._id);
        }
        return criados;
      },
      [un._id] as const,
    );
    // 1 piece of each at R$ 1,00: 205 lines worth R$ 205,00.
    await api(page, 'estoqueDocumento', { tipo: 'entradaManual', local: local._id, itens: ids.map((produto) => ({ produto, quantidade: '1', custoUnitario: '100' })) });

    await page.goto(`${ctx.server.url}/relatorioEstoqueProduto?busca=Pag+E2E`);
    await page.getByTestId('relatorio-tabela').waitFor();
    await expect.poll(() => page.getByTestId('relatorio-linha').count()).toBe(200);
    expect(await page.getByTestId('posicao-resumo').textContent()).toBe('205 linhas · 0 produtos abaixo do mínimo');
    expect(await page.getByTestId('relatorio-paginacao-texto').textContent()).toBe('Linhas 1 a 200 de 205');
    expect(await page.getByTestId('relatorio-totais').locator('td').nth(5).textContent()).toBe('R$ 205,00');
    await fotografar(page, 'relatorio-estoque-produto-paginas');

    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect.poll(() => page.getByTestId('relatorio-linha').count()).toBe(5);
    expect(new URL(page.url()).searchParams.get('pagina')).toBe('2');
    expect(await page.getByTestId('relatorio-paginacao-texto').textContent()).toBe('Linhas 201 a 205 de 205');
    expect(await page.getByTestId('relatorio-linha').first().locator('td').nth(1).textContent()).toBe('Pag E2E 200');
    expect(await page.getByTestId('relatorio-totais').locator('td').nth(5).textContent()).toBe('R$ 205,00');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relatorio-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8').split(/\r?\n/).filter(Boolean);
    // Header, 205 lines and the totals row.
    expect(csv).toHaveLength(207);
    expect(csv[1]).toContain('Pag E2E 000');
    expect(csv[205]).toContain('Pag E2E 204');

    // A filter changed shows its first page again.
    await page.getByTestId('posicao-sem-zerados').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('pagina')).toBeNull();
    await expect.poll(() => page.getByTestId('relatorio-linha').count()).toBe(200);
  }, 240_000);
});
