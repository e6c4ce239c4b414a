import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { salvarFormulario, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

// One browser for the file: the steps build on each other like a person's session.
const ctx = useServerAndBrowser({ browser: 'per-file' });

const AVISO = 'Existem produtos na listaPromocaoProduto que não estão mais cadastrados, favor revisar o mesmo';
const foto = async (page: Page, nome: string) => {
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${nome}.png` });
};

/** A call of the signed-in session (same cookies as the page). */
async function post(page: Page, caminho: string, data: unknown, metodo: 'POST' | 'DELETE' = 'POST') {
  const res = await page.request.fetch(`${ctx.server.url}/api/${caminho}`, { method: metodo, data: metodo === 'POST' ? (data as object) : undefined });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${metodo} ${caminho}: ${res.status()} ${JSON.stringify(body)}`);
  return body.data as { _id: string; descricao: string };
}

describe('promotions with a product that is gone (SPEC.md §5)', () => {
  it('warns on the list, word for word, and on the form of the promotion to review', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const un = await post(page, 'unidadeMedida', { sigla: 'UNP', descricao: 'Unidade promo' });
    const pizza = await post(page, 'produtoGeral', { descricao: 'Pizza margherita', unidade: un._id });
    const calzone = await post(page, 'produtoGeral', { descricao: 'Calzone', unidade: un._id });
    await post(page, 'produtoPromocao', {
      descricao: 'Terça da pizza',
      validoDe: '2026-11-01',
      diasSemana: ['Terça'],
      horaInicio: '18:00',
      horaFim: '23:00',
      canais: ['Delivery', 'App'],
      produtos: [
        { produto: pizza._id, precoPromocional: 3990 },
        { produto: calzone._id, precoPromocional: 2990 },
      ],
    });
    await post(page, 'produtoPromocao', { descricao: 'Happy hour', tipo: 'Percentual de desconto', percentual: '15', validoDe: '2026-11-01', produtos: [{ produto: pizza._id }] });
    await post(page, `produtoGeral/${calzone._id}`, undefined, 'DELETE');

    await page.goto(`${ctx.server.url}/produtoPromocao`);
    const aviso = page.getByTestId('promocao-produtos-removidos');
    await aviso.waitFor();
    expect(await page.getByTestId('promocao-aviso-texto').first().textContent()).toBe(AVISO);
    expect(await aviso.textContent()).toContain('Terça da pizza');
    expect(await aviso.textContent()).not.toContain('Happy hour');
    await expect.poll(() => page.getByTestId('recurso-linha').count()).toBe(2);
    // The configuration loader (promotion products, SPEC.md §7) says it too, once.
    await expect.poll(() => page.locator('.mantine-Notification-description', { hasText: AVISO }).count()).toBeGreaterThan(0);
    await foto(page, 'promocao-lista-aviso');

    await page.getByTestId('promocao-revisar').click();
    const noForm = page.getByTestId('promocao-form-produtos-removidos');
    await noForm.waitFor();
    expect(await noForm.textContent()).toContain('Remova ou troque o produto da linha 2 da lista de produtos.');
    await foto(page, 'promocao-form-aviso');
    await page.getByTestId('lista-produtos-remover').nth(1).click();
    await noForm.waitFor({ state: 'hidden' });
    await salvarFormulario(page);
    await aviso.waitFor({ state: 'hidden' });
  });

  it('shows a percentage promotion with its exact percent on the list', async () => {
    const { page } = ctx.browser;
    const linha = page.getByTestId('recurso-linha').filter({ hasText: 'Happy hour' });
    expect(await linha.textContent()).toMatch(/15,00\s?%/);
  });
});

describe('combos, price tables, transfer prices and upsell screens', () => {
  it('open their forms (pictures for a person to look at)', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/produtoCombo?novo=1`);
    await page.getByTestId('recurso-form').waitFor();
    await page.getByTestId('lista-agrupadores-adicionar').click();
    await foto(page, 'combo-form');
    await page.goto(`${ctx.server.url}/tabelaVenda?novo=1`);
    await page.getByTestId('recurso-form').waitFor();
    await page.getByTestId('lista-itens-adicionar').click();
    await foto(page, 'tabela-venda-form');
    await page.goto(`${ctx.server.url}/tabelaPrecoTransferenciasLojas?novo=1`);
    await page.getByTestId('recurso-form').waitFor();
    await foto(page, 'tabela-transferencia-form');
    await page.goto(`${ctx.server.url}/vendaSugestaoProduto?novo=1`);
    await page.getByTestId('recurso-form').waitFor();
    await foto(page, 'sugestao-form');
    await page.goto(`${ctx.server.url}/produtoPromocao?novo=1`);
    await page.getByTestId('recurso-form').waitFor();
    await foto(page, 'promocao-form-novo');
  });
});
