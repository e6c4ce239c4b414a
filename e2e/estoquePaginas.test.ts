import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/**
 * The stock reports a page at a time (issue 12): the position shows 200 lines with the totals of every
 * line, the page is in the URL, and the CSV holds every line, not just the page on screen; the kardex's
 * page 2 opens at the balance page 1 carried and runs on from it.
 */
/** Signed in on a wide screen, with a stock location and a whole-number unit of the test's own. */
async function entrar(descricaoLocal: string, unidade: { sigla: string; descricao: string }) {
  const { page } = ctx.browser;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ctx.server.url);
  const local = await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: descricaoLocal });
  const un = await api<{ _id: string }>(page, 'unidadeMedida', { ...unidade, fracionado: false });
  return { page, local, un };
}

describe('stock position by pages', () => {
  it('shows 200 lines with the totals of all 205, goes to page 2 through the URL, and exports the 205', async () => {
    const { page, local, un } = await entrar('Câmara Pag E2E', { sigla: 'PC', descricao: 'Peça' });
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
    await expect.poll(() => new URL(page.url()).searchParams.get('pagina')).toBe('2');
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

describe('kardex by pages', () => {
  it('page 2 (?pagina=2) opens at the balance page 1 carries and the running balance goes on from it', async () => {
    const { page, local, un } = await entrar('Câmara Kardex E2E', { sigla: 'PK', descricao: 'Pacote' });
    const produto = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Kardex Pag E2E', unidade: un._id });
    // 1,000 packs in, then 204 losses of one: 205 movements, page 1 ends at 801, page 2 runs from 800 to 796.
    await api(page, 'estoqueDocumento', { tipo: 'entradaManual', local: local._id, itens: [{ produto: produto._id, quantidade: '1000', custoUnitario: '100' }] });
    await page.evaluate(
      async ([local, produto]) => {
        for (let i = 0; i < 204; i++) {
          const res = await fetch('/api/estoqueDocumento', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ tipo: 'saidaManual', local, motivo: 'Perda', itens: [{ produto, quantidade: '1' }] }),
          });
          if (res.status !== 201) throw new Error(await res.text());
        }
      },
      [local._id, produto._id] as const,
    );

    const linhas = async () => page.getByTestId('kardex-linha').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
    const totais = async () => page.getByTestId('relatorio-totais').locator('td').allTextContents();
    await page.goto(`${ctx.server.url}/relatorioEstoqueFluxo?produto=${produto._id}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    // The opening line and 200 movements; the page closes at the balance it carries to the next.
    await expect.poll(async () => (await linhas()).length).toBe(201);
    expect(await page.getByTestId('relatorio-paginacao-texto').textContent()).toBe('Linhas 1 a 200 de 205');
    const primeira = await linhas();
    expect([primeira[0]![1], primeira[0]![8]]).toEqual(['Saldo inicial', '0 PK']);
    expect([primeira[200]![1], primeira[200]![5], primeira[200]![8]]).toEqual(['Saída manual', '-1 PK', '801 PK']);
    const fecha = await totais();
    expect([fecha[1], fecha[8]]).toEqual(['Saldo a transportar', '801 PK']);

    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('pagina')).toBe('2');
    await expect.poll(async () => (await linhas()).length).toBe(6);

    // The same page opened from its address, as a bookmark or a shared link would.
    await page.goto(`${ctx.server.url}/relatorioEstoqueFluxo?produto=${produto._id}&pagina=2`);
    await page.getByTestId('relatorio-tabela').waitFor();
    await expect.poll(async () => (await linhas()).length).toBe(6);
    expect(await page.getByTestId('relatorio-paginacao-texto').textContent()).toBe('Linhas 201 a 205 de 205');
    const segunda = await linhas();
    expect([segunda[0]![1], segunda[0]![8]]).toEqual(['Saldo da página anterior', '801 PK']);
    expect(segunda.slice(1).map((l) => [l[1], l[5], l[8]])).toEqual([800, 799, 798, 797, 796].map((saldo) => ['Saída manual', '-1 PK', `${saldo} PK`]));
    expect((await totais()).filter((_, i) => i === 1 || i === 8)).toEqual(['Saldo final', '796 PK']);
    // The cards are the whole period's on every page.
    expect(await page.getByTestId('kardex-final-qtd').textContent()).toBe('796 PK');
    expect(await page.getByTestId('kardex-saidas-qtd').textContent()).toBe('204 PK');
  }, 240_000);
});
