import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { abrirComSessao, api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { esperarPaginaParada, fotografar } from './support/foto.ts';

/**
 * Issue 13, defects 1, 4, 6 and 7, pixel-free: the form drawer's footer is never drawn under a
 * field (a select's icons) and its last field can be shown; the product list fits 1440 px; Ctrl+K
 * names a product by its description; the theme menu is not covered by its tooltip; the menu's label
 * is the page's title; required fields carry their mark; the help panel explains the screen.
 * One server and one browser for the file.
 */
const ctx = useServerAndBrowser({ browser: 'per-file' });
const DESKTOP = { width: 1440, height: 900 };
type Registro = { _id: string };

type Caixa = { x: number; y: number; width: number; height: number };
const sobrepoe = (a: Caixa, b: Caixa) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function caixa(l: Locator): Promise<Caixa> {
  const b = await l.boundingBox();
  expect(b, 'o elemento deveria estar na tela').not.toBeNull();
  return b!;
}

/** What the user sees at a point: the topmost element is inside `alvo` (elementFromPoint, no pixels). */
async function visivelEm(page: Page, alvo: Locator, x: number, y: number): Promise<boolean> {
  return alvo.evaluate((el, [px, py]) => {
    const topo = document.elementFromPoint(px!, py!);
    return Boolean(topo && (el === topo || el.contains(topo)));
  }, [x, y]);
}

/**
 * Scrolls whatever scrolls the form's fields (the first scrolling ancestor of `campo`, in any layout)
 * so that `campo`'s top lands at `topo` (px in the window), or to the very start.
 */
async function rolarCampos(page: Page, campo: Locator, topo: number | 'inicio') {
  await campo.evaluate((el, alvo) => {
    let rolagem: HTMLElement | null = el.parentElement;
    while (rolagem && !(rolagem.scrollHeight > rolagem.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(rolagem).overflowY))) rolagem = rolagem.parentElement;
    if (!rolagem) throw new Error('nada rola no formulário');
    rolagem.scrollTop = alvo === 'inicio' ? 0 : rolagem.scrollTop + el.getBoundingClientRect().top - alvo;
  }, topo);
  await quadro(page);
}

/** Two animation frames: the layout after a scroll is drawn. */
const quadro = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** A catalogue as a restaurant has it: long descriptions, a group, a unit, NCM and barcode. */
async function criarProdutos(page: Page) {
  const un = await api<Registro>(page, 'unidadeMedida', { sigla: 'UDF', descricao: 'Unidade defeitos' });
  const agrupador = await api<Registro>(page, 'agrupador', { descricao: 'Lanches artesanais da casa' });
  const descricoes = ['Pastel de queijo defeitos', 'X-Burguer artesanal com bacon crocante, cheddar inglês e cebola caramelizada', 'Refrigerante lata 350 ml Guaraná Antarctica zero açúcar'];
  for (const descricao of descricoes) await api<Registro>(page, 'produtoGeral', { descricao, unidade: un._id, agrupador: agrupador._id, ncm: '21069090', tipoProduto: 'normal' });
}

/** The new product and the new company product: the forms of the issue. */
const FORMULARIOS = ['produtoGeral', 'produtoGeralEmpresa'] as const;

async function abrirNovoProduto(page: Page, tela: string = 'produtoGeral') {
  await page.goto(`${ctx.server.url}/${tela}?novo=1`);
  await page.getByTestId('recurso-form').waitFor();
  await esperarPaginaParada(page);
}

describe('defeitos de tela (issue 13)', () => {
  it('form drawer: no field nor select icon is drawn over the footer, and Salvar is what is seen there', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize(DESKTOP);
    await signIn(page, ctx.server.url);
    await criarProdutos(page);
    for (const tela of FORMULARIOS) {
    await abrirNovoProduto(page, tela);
    const salvar = page.getByTestId('recurso-salvar');
    // Bring each select of the form right under the footer, then look at what is on top there.
    const selects = page.getByTestId('recurso-form').locator('.mantine-Select-root, .mantine-MultiSelect-root');
    const n = await selects.count();
    expect(n).toBeGreaterThan(1);
    for (let i = 0; i < n; i++) {
      const select = selects.nth(i);
      if (!(await select.isVisible())) continue;
      await rolarCampos(page, select, (await caixa(salvar)).y - 4);
      // In the page, in one go: points over Salvar show Salvar; an icon of a select over the footer is not seen.
      const problemas = await salvar.evaluate((botao) => {
        const achados: string[] = [];
        const s = botao.getBoundingClientRect();
        for (const fx of [0.1, 0.5, 0.9])
          for (const fy of [0.25, 0.5, 0.75]) {
            const topo = document.elementFromPoint(s.x + s.width * fx, s.y + s.height * fy);
            if (!topo || !botao.contains(topo)) achados.push(`sobre o Salvar: ${topo?.className}`);
          }
        const rodape = botao.closest('[data-testid="recurso-form"] > *:last-child') ?? botao;
        const r = rodape.getBoundingClientRect();
        for (const icone of Array.from(document.querySelectorAll('[data-testid="recurso-form"] .mantine-Input-section'))) {
          const b = icone.getBoundingClientRect();
          const x = b.x + b.width / 2;
          const y = b.y + b.height / 2;
          if (b.width && y >= r.top && y <= r.bottom && x >= r.left && x <= r.right) {
            const topo = document.elementFromPoint(x, y);
            if (topo && icone.contains(topo)) achados.push('ícone de select visível sobre o rodapé');
          }
        }
        return achados;
      });
      expect(problemas, `${tela}: select ${i}`).toEqual([]);
    }
    await fotografar(page, `defeitos-formulario-rodape-${tela}`);
    }
  });

  it('form drawer: every field reached with Tab, down to the last, is shown above the footer', async () => {
    const { page } = ctx.browser;
    for (const tela of FORMULARIOS) {
      await abrirNovoProduto(page, tela);
      const campos = page.getByTestId('recurso-form').locator('input:visible, textarea:visible');
      await rolarCampos(page, campos.first(), 'inicio');
      await campos.first().focus();
      // Tab through the form as a person would; each field that takes the focus must be seen, not under the footer.
      for (let passo = 0; passo < 80; passo++) {
        await page.keyboard.press('Tab');
        const foco = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const rodape = document.querySelector('[data-testid="recurso-form"] > *:last-child');
          if (!el || !rodape || rodape.contains(el)) return { fim: true, coberto: false, nome: '' };
          const alvo = el.getAttribute('type') === 'checkbox' ? (el.parentElement ?? el) : el;
          const b = alvo.getBoundingClientRect();
          const topo = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
          const coberto = b.width > 0 && !(topo && (alvo.contains(topo) || topo.contains(alvo)));
          return { fim: false, coberto, nome: el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.tagName };
        });
        expect(foco.coberto, `${tela}: ${foco.nome} coberto ao receber o foco`).toBe(false);
        if (foco.fim) break;
      }
      await fotografar(page, `defeitos-formulario-ultimo-campo-${tela}`);
    }
  });

  it('required fields carry the mark, from the entity schema', async () => {
    const { page } = ctx.browser;
    await abrirNovoProduto(page);
    const form = page.getByTestId('recurso-form');
    const rotulo = (texto: string) => form.locator('label').filter({ hasText: new RegExp(`^${texto}\\s*\\*?$`) }).first();
    // Descrição and Unidade are required by produtoGeral's schema; Código de barras (GTIN) is not.
    for (const obrigatorio of ['Descrição', 'Unidade']) expect(await rotulo(obrigatorio).locator('.mantine-InputWrapper-required').count(), obrigatorio).toBe(1);
    expect(await form.locator('.mantine-InputWrapper-required').count()).toBeLessThan(await form.locator('label').count());
    await page.keyboard.press('Escape');
  });

  it('the product list has no sideways scroll at 1440 px', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${ctx.server.url}/produtoGeral`);
    await page.getByTestId('recurso-tabela').waitFor();
    await esperarPaginaParada(page);
    const viewport = page.getByTestId('recurso-rolagem').locator('.mantine-ScrollArea-viewport').first();
    const medidas = await viewport.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(medidas.scroll, 'a tabela rola para o lado').toBeLessThanOrEqual(medidas.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    // The last column (actions) is inside the window.
    const ultimaColuna = page.getByTestId('recurso-tabela').locator('thead th').last();
    const c = await caixa(ultimaColuna);
    expect(c.x + c.width).toBeLessThanOrEqual(DESKTOP.width);
    await fotografar(page, 'defeitos-lista-produtos-1440');
  });

  it("the recipe sheets' list fits 1440 px: a long list of ingredients takes two lines, all of it on hover", async () => {
    const { page } = ctx.browser;
    await page.setViewportSize(DESKTOP);
    await abrirComSessao(page, ctx.server.url, '/estoqueFichaTecnica', page.getByTestId('recurso-novo'));
    const kg = await api<Registro>(page, 'unidadeMedida', { sigla: 'KGF', descricao: 'Quilo ficha defeitos', fracionado: true });
    const nomes = ['Farinha de trigo tipo 1 especial', 'Queijo muçarela fatiado', 'Molho de tomate artesanal', 'Calabresa defumada fatiada', 'Azeitona preta sem caroço', 'Orégano desidratado', 'Cebola roxa em rodelas', 'Azeite extravirgem português'];
    const itens = [];
    for (const descricao of nomes) itens.push({ produto: (await api<Registro>(page, 'produtoGeral', { descricao, unidade: kg._id }))._id, quantidade: '0.125' });
    const pizza = await api<Registro>(page, 'produtoGeral', { descricao: 'Pizza calabresa defeitos', unidade: kg._id });
    await api<Registro>(page, 'estoqueFichaTecnica', { produto: pizza._id, itens });
    await page.reload();
    const linha = page.getByTestId('recurso-linha').filter({ hasText: 'Pizza calabresa defeitos' });
    await linha.waitFor();
    await esperarPaginaParada(page);
    const viewport = page.getByTestId('recurso-rolagem').locator('.mantine-ScrollArea-viewport').first();
    const medidas = await viewport.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(medidas.scroll, 'a tabela rola para o lado').toBeLessThanOrEqual(medidas.client);
    const resumo = linha.getByTestId('celula-resumo');
    expect(await resumo.getAttribute('title')).toContain('Azeite extravirgem português 0,125');
    const alturaLinha = await resumo.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await caixa(resumo)).height).toBeLessThanOrEqual(alturaLinha * 2 + 1);
    await fotografar(page, 'defeitos-lista-fichas-1440');
  });

  it('Ctrl+K names a product by its description, its code underneath', async () => {
    const { page } = ctx.browser;
    const produto = (await api<{ codigo: string }[]>(page, 'produtoGeral/getPopulate', { filtro: { busca: 'pastel queijo defeitos' } }))[0]!;
    await page.keyboard.press('Control+K');
    await page.getByTestId('busca-rapida-campo').fill('pastel queijo defeitos');
    const item = page.getByTestId('busca-rapida-item').filter({ hasText: 'Pastel de queijo defeitos' });
    await item.waitFor();
    const linhas = (await item.locator('p').allTextContents()).map((s) => s.trim()).filter(Boolean);
    expect(linhas[0]).toBe('Pastel de queijo defeitos');
    expect(linhas).toContain(String(produto.codigo));
    await fotografar(page, 'defeitos-busca-rapida');
    await page.keyboard.press('Escape');
  });

  it('the theme menu is not covered by its tooltip', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/dashboardDefault`);
    const botao = page.getByTestId('tema');
    await botao.hover();
    await page.locator('.mantine-Tooltip-tooltip').waitFor();
    await botao.click();
    await page.getByTestId('tema-claro').waitFor();
    await esperarPaginaParada(page);
    const menu = await caixa(page.locator('.mantine-Menu-dropdown'));
    const dicas = page.locator('.mantine-Tooltip-tooltip:visible');
    for (let i = 0; i < (await dicas.count()); i++) expect(sobrepoe(await caixa(dicas.nth(i)), menu), 'a dica cobre o menu').toBe(false);
    for (const item of ['tema-claro', 'tema-escuro', 'tema-automatico']) {
      const b = await caixa(page.getByTestId(item));
      expect(await visivelEm(page, page.getByTestId(item), b.x + b.width / 2, b.y + b.height / 2), item).toBe(true);
    }
    await fotografar(page, 'defeitos-menu-tema');
    await page.keyboard.press('Escape');
  });

  it('the side menu calls a screen what its page calls itself', async () => {
    const { page } = ctx.browser;
    for (const tela of ['dashboardDefault', 'dashboardDefault2']) {
      await page.goto(`${ctx.server.url}/${tela}`);
      const titulo = page.locator('main h2').first();
      await titulo.waitFor();
      const menu = page.getByTestId(`menu-tela-${tela}`);
      await menu.waitFor({ state: 'attached' });
      expect((await menu.locator('.mantine-NavLink-label').textContent())?.trim(), tela).toBe((await titulo.textContent())?.trim());
    }
  });

  it('the help panel explains the screen that is open', async () => {
    const { page } = ctx.browser;
    const ajudas = new Set<string>();
    for (const tela of ['produtoGeral', 'dashboardDefault', 'unidadeMedida']) {
      await page.goto(`${ctx.server.url}/${tela}`);
      await page.getByTestId('contexto-toggle').click();
      const ajuda = page.getByTestId('painel-ajuda');
      await ajuda.waitFor();
      const texto = (await ajuda.textContent()) ?? '';
      expect(texto, tela).not.toMatch(/ainda não foi escrita/);
      expect(texto.length, tela).toBeGreaterThan(80);
      ajudas.add(texto);
      if (tela === 'produtoGeral') await fotografar(page, 'defeitos-ajuda');
      await page.getByTestId('contexto-toggle').click();
    }
    expect(ajudas.size).toBe(3);
  });
});
