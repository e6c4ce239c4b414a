import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';
import { diaNaLoja } from './support/vendasDemo.ts';

/**
 * Issue 13, defects 3, 5 and 9, pixel-free: the header and the product list on a phone (390×844), the
 * charts' labels, value axis and tooltip at 390 and 1440 px, and the side menu marking the screens not
 * built yet. A week of sales in the group's two stores is sent as the terminals send it (quicker than
 * the seed command: one server, well under a minute of set-up).
 */
const ctx = useServerAndBrowser({ browser: 'per-file' });

/** Days 1 to 6 ago in both stores, a few sales each at lunch (12h) and dinner (20h): different totals per day and store. */
const DIAS = [6, 5, 4, 3, 2, 1];
beforeAll(async () => {
  const { page } = ctx.browser;
  await signIn(page, ctx.server.url);
  const un = await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'UE', descricao: 'Unidade E2E' });
  const produtos = await Promise.all(['Xis salada E2E', 'Suco de laranja E2E', 'Prato feito E2E'].map((descricao) => api<{ _id: string }>(page, 'produtoGeral', { descricao, unidade: un._id, ncm: '21069090' })));
  const sessao = await api<{ empresas: { _id: string }[]; empresa: { _id: string } }>(page, 'sessao');
  for (const [loja, empresa] of sessao.empresas.entries()) {
    await api(page, 'sessao/empresa', { empresa: empresa._id });
    // Payment methods and terminals belong to a store.
    const dinheiro = await api<{ _id: string }>(page, 'formaPagamento', { descricao: `Dinheiro E2E ${loja}`, tipo: 'Dinheiro', permiteTroco: true });
    const terminal = await api<{ _id: string }>(page, 'terminal', { descricao: `PDV E2E ${loja}`, tipo: 'PDV' });
    const { token } = await api<{ token: string }>(page, `terminal/${terminal._id}/credencial`, {});
    // The store's sales at once (each its own order): the terminals send them independently.
    const vendas = DIAS.flatMap((dias, i) =>
      ['12', '20'].map(async (hora) => {
        const quantidade = 1 + ((i + loja * 2 + Number(hora)) % 5);
        const preco = 2990 + loja * 1000 + i * 350;
        const total = quantidade * preco;
        const res = await fetch(`${ctx.server.url}/api/vendas`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            pedidoId: `TELA-PEQUENA-${loja}-${dias}-${hora}`,
            canal: 'Salão',
            abertoEm: `${diaNaLoja(dias)}T${hora}:01:00-03:00`,
            fechadoEm: `${diaNaLoja(dias)}T${hora}:40:00-03:00`,
            itens: [{ produto: produtos[i % 3]!._id, quantidade: String(quantidade), precoUnitario: preco }],
            pagamentos: [{ formaPagamento: dinheiro._id, tPag: '01', valor: total, troco: 0 }],
            total,
          }),
        });
        expect(res.status, await res.clone().text()).toBe(201);
      }),
    );
    await Promise.all(vendas);
  }
  await api(page, 'sessao/empresa', { empresa: sessao.empresa._id });
}, 120_000);

const CELULAR = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function caixa(l: Locator) {
  const b = await l.boundingBox();
  expect(b, 'o elemento deveria estar na tela').not.toBeNull();
  return b!;
}
const sobrepoe = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every label of a chart shown whole: dd/mm (when `datas`), no ellipsis, inside the chart and apart from each other. */
async function rotulosLegiveis(page: Page, testid: string, datas: boolean) {
  const grafico = await caixa(page.getByTestId(testid));
  const rotulos = page.getByTestId(`${testid}-rotulo`);
  const n = await rotulos.count();
  expect(n).toBeGreaterThan(1);
  const textos: string[] = [];
  let anterior: Awaited<ReturnType<typeof caixa>> | null = null;
  for (let i = 0; i < n; i++) {
    const r = rotulos.nth(i);
    const texto = (await r.textContent())!;
    textos.push(texto);
    if (datas) expect(texto).toMatch(/^\d{2}\/\d{2}$/);
    expect(await r.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `rótulo "${texto}" cortado`).toBe(true);
    const b = await caixa(r);
    expect(b.x + 1 >= grafico.x && b.x + b.width <= grafico.x + grafico.width + 1, `rótulo "${texto}" fora do gráfico`).toBe(true);
    if (anterior) expect(sobrepoe(anterior, b), `rótulos "${textos.at(-2)}" e "${texto}" um sobre o outro`).toBe(false);
    anterior = b;
  }
  return textos;
}

/** Hovering a bar shows a tooltip with the exact figure in reais. */
async function dicaAoPassar(page: Page, testid: string, indice: number) {
  await page.getByTestId(`${testid}-barra`).nth(indice).hover();
  const dica = page.getByRole('tooltip').last();
  await dica.waitFor();
  return (await dica.textContent())!;
}

describe('on a phone (390×844)', () => {
  it('the header shows the menu button, the quick search and the whole company name, none over another', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize(CELULAR);
    await page.goto(`${ctx.server.url}/`);
    await page.getByTestId('empresa-ativa').waitFor();
    const menu = await caixa(page.getByTestId('menu-toggle'));
    const empresa = page.getByTestId('troca-empresa');
    expect(sobrepoe(menu, await caixa(empresa))).toBe(false);
    const busca = page.getByTestId('busca-rapida-abrir');
    expect(await busca.isVisible()).toBe(true);
    const b = await caixa(busca);
    expect(b.x >= 0 && b.x + b.width <= CELULAR.width).toBe(true);
    expect(sobrepoe(b, menu)).toBe(false);
    // The company's name is not cut: the input's text fits its box.
    expect(await empresa.inputValue()).toMatch(/^Restaurante Demonstração/);
    expect(await empresa.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Nothing of the header runs off the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(CELULAR.width);
    await busca.click();
    await page.getByTestId('busca-rapida-campo').waitFor();
    await page.keyboard.press('Escape');
    await fotografar(page, 'tela-pequena-cabecalho', [[390, 844]]);
  });

  it('the product filters fold behind "Filtros" and the table starts in the first screen', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize(CELULAR);
    await page.goto(`${ctx.server.url}/produtoGeral`);
    await page.getByTestId('recurso-tabela').waitFor();
    const filtros = page.getByTestId('recurso-filtros-abrir');
    await filtros.waitFor();
    const primeira = await caixa(page.getByTestId('recurso-tabela').locator('tbody tr').first());
    expect(primeira.y + primeira.height).toBeLessThanOrEqual(CELULAR.height);
    await fotografar(page, 'tela-pequena-produtos', [[390, 844]]);
    await page.setViewportSize(CELULAR);
    await page.getByTestId('recurso-tabela').waitFor();
    // Opened, they are there; on a wide screen they are always there, without the button.
    const antes = await page.locator('[data-testid^="recurso-filtro-"]').count();
    await page.getByTestId('recurso-filtros-abrir').click();
    await expect.poll(() => page.locator('[data-testid^="recurso-filtro-"]').count()).toBeGreaterThan(antes);
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => page.getByTestId('recurso-filtros-abrir').count()).toBe(0);
  });
});

describe('charts readable at 390 and 1440 px', () => {
  const de = diaNaLoja(DIAS[0]!);
  const ate = diaNaLoja(1);

  it('the sales report by day: whole dd/mm labels, a value axis in reais and the exact figure on hover', async () => {
    const { page } = ctx.browser;
    for (const tamanho of [DESKTOP, CELULAR]) {
      await page.setViewportSize(tamanho);
      await page.goto(`${ctx.server.url}/relatorioVenda?de=${de}&ate=${ate}&agrupar=dia`);
      await page.getByTestId('relatorio-tabela').waitFor();
      await page.getByTestId('relatorio-grafico-rotulo').first().waitFor();
      const textos = await rotulosLegiveis(page, 'relatorio-grafico', true);
      if (tamanho === DESKTOP) expect(textos).toHaveLength(DIAS.length);
      const marcas = await page.getByTestId('relatorio-grafico-marca').allTextContents();
      expect(marcas.length).toBeGreaterThanOrEqual(2);
      for (const m of marcas) expect(m).toMatch(/^R\$/);
      // The tooltip gives the day and its total exactly as the table's first row does.
      const total = (await page.getByTestId('relatorio-linha').first().locator('td').nth(6).textContent())!;
      const dica = await dicaAoPassar(page, 'relatorio-grafico', 0);
      expect(dica.replace(/\u00a0/g, ' ')).toContain(total.replace(/\u00a0/g, ' '));
      expect(dica).toMatch(/^\d{2}\/\d{2}\/\d{4}: R\$/);
      await fotografar(page, `tela-pequena-relatorio-${tamanho.width}`);
    }
  });

  it("the day's dashboard has a value axis and a tooltip per hour; the group's tells its stores apart", async () => {
    const { page } = ctx.browser;
    for (const tamanho of [DESKTOP, CELULAR]) {
      await page.setViewportSize(tamanho);
      await page.goto(`${ctx.server.url}/dashboardDefault?data=${ate}`);
      await page.getByTestId('dashboard-por-hora-grafico-rotulo').first().waitFor();
      await rotulosLegiveis(page, 'dashboard-por-hora-grafico', false);
      expect(await page.getByTestId('dashboard-por-hora-grafico-marca').last().textContent()).toMatch(/^R\$ \d/);
      // 12h, the lunch sale.
      const dica = await dicaAoPassar(page, 'dashboard-por-hora-grafico', 12 - 6);
      expect(dica).toMatch(/^12h: R\$ [\d.]+,\d{2} \(semana passada: R\$ [\d.]+,\d{2}\)$/);
      await fotografar(page, `tela-pequena-dashboard-${tamanho.width}`);

      await page.goto(`${ctx.server.url}/dashboardDefault2?data=${ate}`);
      await page.getByTestId('dashboard-grupo-grafico-rotulo').first().waitFor();
      const lojas = await rotulosLegiveis(page, 'dashboard-grupo-grafico', false);
      expect(new Set(lojas).size).toBe(lojas.length);
      for (const l of lojas) expect(l).not.toMatch(/^Restaurante Demonstração/);
      const nomes = await page.getByTestId('dashboard-grupo-loja').evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')!.textContent!));
      expect(await dicaAoPassar(page, 'dashboard-grupo-grafico', 0)).toMatch(new RegExp(`^${nomes[0]}: R\\$`));
      await fotografar(page, `tela-pequena-dashboard-grupo-${tamanho.width}`);
    }
  });
});

describe('side menu', () => {
  it('marks no built screen "em breve" (NF-e issuing, the last one built, included)', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${ctx.server.url}/`);
    await page.getByTestId('menu-busca').fill('emissão de nota');
    // Every screen of SPEC.md §2 has a page now (packages/web/src/pages/registry.ts); the mark stays for a new one.
    const emissao = page.getByTestId('menu-tela-emissaoNotaFiscal');
    await emissao.waitFor();
    expect(await emissao.getByTestId('menu-em-breve').count()).toBe(0);
    await fotografar(page, 'tela-pequena-menu');
    await page.getByTestId('menu-busca').fill('relatório de vendas');
    await page.getByTestId('menu-tela-relatorioVenda').waitFor();
    expect(await page.getByTestId('menu-tela-relatorioVenda').getByTestId('menu-em-breve').count()).toBe(0);
  });
});
