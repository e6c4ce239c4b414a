import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { escolher, salvarFormulario, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { impressoraDeRede } from '../packages/server/test/impressoraDeRede.ts';

// One browser for the file: the steps build on each other like a person's session.
const ctx = useServerAndBrowser({ browser: 'per-file' });
const shot = async (page: Page, nome: string) => {
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${nome}.png`, fullPage: true });
};

/** Text as a person reads it (Intl puts a no-break space after R$). */
const texto = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').replace(/\u00a0/g, ' ');

/** The builder's section names, top to bottom. */
const ordemSecoes = (page: Page) =>
  page.locator('[data-testid^="secao-arrastar-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('secao-arrastar-', '')));

describe('menu builder (criarCardapio)', () => {
  it('creates a product with a modifier group and prices it in the active company', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const un = await page.request.post(`${ctx.server.url}/api/unidadeMedida`, { data: { sigla: 'UN', descricao: 'Unidade' } });
    expect(un.status()).toBe(201);

    await page.goto(`${ctx.server.url}/produtoGeral?novo=1`);
    await page.getByTestId('campo-descricao').fill('X-Burger da casa');
    await escolher(page, 'unidade', 'Unidade', 'Unidade');
    await page.getByTestId('lista-complementos-adicionar').click();
    await page.getByTestId('campo-complementos.0.nome').fill('Adicionais');
    await page.getByTestId('campo-complementos.0.maximo').fill('2');
    await page.getByTestId('lista-complementos.0.itens-adicionar').click();
    await page.getByTestId('campo-complementos.0.itens.0.descricao').fill('Ovo');
    await page.getByTestId('campo-complementos.0.itens.0.precoAdicional').fill('3,00');
    await salvarFormulario(page);

    await page.goto(`${ctx.server.url}/produtoGeralEmpresa?novo=1`);
    await page.getByTestId('campo-produtoGeral').click();
    await page.getByTestId('campo-produtoGeral').fill('burger');
    await page.getByRole('option', { name: /X-Burger da casa/ }).click();
    await page.getByTestId('campo-preco').fill('32,90');
    await salvarFormulario(page);
  });

  it('adds it to a new menu and sees it in the customer preview with the price and the modifier group', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/criarCardapio`);
    await page.getByTestId('cardapio-descricao').fill('Almoço executivo');
    for (const secao of ['Lanches', 'Bebidas']) {
      await page.getByTestId('cardapio-nova-secao').fill(secao);
      await page.getByTestId('cardapio-adicionar-secao').click();
    }
    const picker = page.getByTestId('secao-adicionar-Lanches');
    await picker.click();
    await picker.fill('burger');
    await page.getByRole('option', { name: /X-Burger da casa/ }).click();
    await page.getByTestId('produto-Lanches-X-Burger da casa').waitFor();

    const item = page.getByTestId('vitrine-item-X-Burger da casa');
    await item.waitFor();
    const cartao = await texto(page, 'vitrine-item-X-Burger da casa');
    expect(cartao).toContain('R$ 32,90');
    expect(cartao).toContain('Adicionais');
    expect(cartao).toContain('Ovo (+ R$ 3,00)');
    expect(await page.getByTestId('cardapio-nao-salvo').count()).toBe(1);

    // Offered on weekdays from 11:00 to 15:00; an overlapping second window is refused on saving.
    for (const [i, dias] of [[0, ['Segunda', 'Sexta']], [1, ['Sexta']]] as const) {
      await page.getByTestId('cardapio-adicionar-horario').click();
      const linha = page.getByTestId(`horario-${i}-dias`);
      await linha.click();
      for (const dia of dias) await page.getByRole('option', { name: dia }).click();
      await page.keyboard.press('Escape');
    }
    expect(await texto(page, 'vitrine-horarios')).toBe('Seg, Sex 11:00–15:00 · Sex 11:00–15:00');
    await page.getByTestId('cardapio-salvar').click();
    await expect.poll(() => texto(page, 'cardapio-erro')).toBe('Horários de disponibilidade: Este horário se sobrepõe a outro do mesmo dia.');
    await page.getByRole('button', { name: 'Remover horário' }).nth(1).click();
    await shot(page, 'criar-cardapio-previa');
  });

  it('orders sections by dragging and with the keyboard buttons', async () => {
    const { page } = ctx.browser;
    expect(await ordemSecoes(page)).toEqual(['Lanches', 'Bebidas']);
    await page.getByTestId('secao-arrastar-Bebidas').dragTo(page.getByTestId('secao-Lanches'));
    await expect.poll(() => ordemSecoes(page)).toEqual(['Bebidas', 'Lanches']);
    await page.getByRole('button', { name: 'Subir a seção Lanches' }).click();
    await expect.poll(() => ordemSecoes(page)).toEqual(['Lanches', 'Bebidas']);
    await page.getByTestId('secao-arrastar-Lanches').focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => ordemSecoes(page)).toEqual(['Bebidas', 'Lanches']);

    // A product dragged into another section moves there, and back.
    const alca = page.getByRole('button', { name: /^Mover X-Burger da casa/ });
    await alca.dragTo(page.getByTestId('secao-Bebidas'));
    await page.getByTestId('produto-Bebidas-X-Burger da casa').waitFor();
    expect(await page.getByTestId('produto-Lanches-X-Burger da casa').count()).toBe(0);
    await page.getByTestId('vitrine-secao-Bebidas').waitFor();
    await alca.dragTo(page.getByTestId('secao-Lanches'));
    await page.getByTestId('produto-Lanches-X-Burger da casa').waitFor();
  });

  it('publishes: the published view keeps the version, and an edit turns the menu into changed-after-publishing', async () => {
    const { page } = ctx.browser;
    await page.getByTestId('cardapio-publicar').click();
    await expect.poll(() => page.getByTestId('cardapio-situacao').textContent()).toContain('Versão 1 publicada');
    expect(await page.getByTestId('cardapio-erro').count()).toBe(0);
    expect(await page.getByTestId('cardapio-situacao').textContent()).toContain('Publicado');
    await expect.poll(() => new URL(page.url()).searchParams.get('cardapio')).toBeTruthy();
    await page.getByTestId('cardapio-visao').getByText('Publicado').click();
    expect(await texto(page, 'vitrine-item-X-Burger da casa')).toContain('R$ 32,90');
    expect(await texto(page, 'vitrine-horarios')).toBe('Seg, Sex 11:00–15:00');
    await shot(page, 'criar-cardapio-publicado');

    await page.getByRole('button', { name: 'Subir a seção Lanches' }).click();
    await page.getByTestId('cardapio-salvar').click();
    await expect.poll(() => page.getByTestId('cardapio-situacao').textContent()).toContain('Alterado após publicar');
    await page.reload();
    await expect.poll(() => page.getByTestId('cardapio-situacao').textContent()).toContain('Alterado após publicar');
    expect(await ordemSecoes(page)).toEqual(['Lanches', 'Bebidas']);
  });

  it('prints price labels of the product: preview in the label size, the .zpl file for a USB printer, straight to a network printer', async () => {
    const { page } = ctx.browser;
    const api = `${ctx.server.url}/api`;
    expect((await page.request.post(`${api}/impressora`, { data: { descricao: 'Zebra balcão', conexao: 'USB' } })).status()).toBe(201);
    await page.goto(`${ctx.server.url}/gerenciarEtiquetas?novo=1`);
    await page.getByTestId('campo-descricao').fill('Gôndola 75x40');
    await page.getByTestId('campo-validadeDias').fill('3');
    await salvarFormulario(page);

    await page.getByTestId('etiquetas-impressora').click();
    await page.getByRole('option', { name: 'Zebra balcão' }).click();
    await page.getByTestId('etiquetas-modelo').click();
    await page.getByRole('option', { name: 'Gôndola 75x40' }).click();
    await page.getByTestId('etiquetas-produto').click();
    await page.getByTestId('etiquetas-produto').fill('burger');
    await page.getByRole('option', { name: /X-Burger da casa/ }).click();
    await page.getByTestId('campo-etiquetas-fabricacao').fill('20261120');
    await expect.poll(() => page.getByTestId('campo-etiquetas-validade').inputValue()).toBe('2026/11/23');

    await expect.poll(() => texto(page, 'etiqueta-previa')).toContain('R$ 32,90');
    expect(await texto(page, 'etiqueta-previa')).toContain('Validade: 23/11/2026');
    expect(await texto(page, 'etiquetas-sem-rede')).toContain('Zebra balcão está ligada por USB');
    expect(await page.getByTestId('etiquetas-imprimir-rede').isDisabled()).toBe(true);
    await page.getByLabel('Cópias de X-Burger da casa').fill('2');
    await shot(page, 'etiquetas');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('etiquetas-baixar').click()]);
    expect(download.suggestedFilename()).toBe('etiquetas-2026-11-20.zpl');
    const { readFile } = await import('node:fs/promises');
    const zpl = await readFile((await download.path())!, 'utf8');
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toContain('^FDX-Burger da casa^FS');
    expect(zpl).toContain('^FDR$ 32,90^FS');
    expect(zpl).toContain('^FDValidade: 23/11/2026^FS');

    // A network label printer (raw port 9100) prints through the server.
    const impressora = await impressoraDeRede();
    const recebido = impressora.proxima();
    try {
      expect((await page.request.post(`${api}/impressora`, { data: { descricao: 'Argox rede', conexao: 'Rede', endereco: `127.0.0.1:${impressora.porta}` } })).status()).toBe(201);
      await page.reload();
      await page.getByTestId('etiquetas-impressora').click();
      await page.getByRole('option', { name: 'Argox rede' }).click();
      if (!(await page.getByTestId('etiquetas-modelo').inputValue())) {
        await page.getByTestId('etiquetas-modelo').click();
        await page.getByRole('option', { name: 'Gôndola 75x40' }).click();
      }
      await page.getByTestId('etiquetas-produto').click();
      await page.getByTestId('etiquetas-produto').fill('burger');
      await page.getByRole('option', { name: /X-Burger da casa/ }).click();
      await page.getByLabel('Cópias de X-Burger da casa').fill('3');
      expect(await page.getByTestId('etiquetas-sem-rede').count()).toBe(0);
      await page.getByTestId('etiquetas-imprimir-rede').click();
      await page.getByText('3 etiquetas enviadas para Argox rede.').waitFor();
      await shot(page, 'etiquetas-rede');
      const impresso = await recebido;
      expect(impresso.match(/\^XA/g)).toHaveLength(3);
      expect(impresso).toContain('^FDR$ 32,90^FS');
    } finally {
      impressora.fechar();
    }
  });
});
