import { contaPadrao, lerNfe } from '@retaguarda/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lerAmostraNfe, paraDestinatario } from '../packages/server/test/amostrasNfe.ts';
import { api, escolherOpcao, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

const shot = (page: Page, nome: string) => fotografar(page, nome, [[1440, 900], [390, 844]]);

/** Drops files on the drop area as a user dragging them from the desktop would. */
async function soltar(page: Page, arquivos: { nome: string; texto: string }[]) {
  const transferencia = await page.evaluateHandle((lista) => {
    const dt = new DataTransfer();
    for (const a of lista) dt.items.add(new File([a.texto], a.nome, { type: 'application/xml' }));
    return dt;
  }, arquivos);
  await page.getByTestId('entrada-soltar').dispatchEvent('drop', { dataTransfer: transferencia });
}

describe('supplier NF-e entry screen', () => {
  it('drops the 41-item note, matches the two items nobody matched before, posts it, and the stock and the payables show it', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);

    // Setup through the API: the note addressed to the active company; a location; the units of the note;
    // 39 of the 41 items already known by their GTIN (a supplier's catalogue registered earlier), the
    // first two without a GTIN, so the user matches them by hand.
    const sessao = await api<{ empresa: { _id: string } }>(page, 'sessao');
    const { cnpj } = await api<{ cnpj: string }>(page, `empresa/${sessao.empresa._id}`);
    const xml = paraDestinatario(lerAmostraNfe('nfe55_41itens_ipitrib_7dups.xml'), cnpj);
    const leitura = lerNfe(xml);
    if (leitura.tipo !== 'nota') throw new Error('a amostra deveria ser uma nota');
    await api(page, 'estoqueCadastro', { descricao: 'Depósito NF-e E2E' });
    const unidades = new Map<string, string>();
    for (const sigla of new Set(leitura.nota.itens.map((i) => i.unidade))) {
      const [existente] = await api<{ _id: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { lixo: false, sigla }, limit: 1, skip: 0 });
      unidades.set(sigla, existente?._id ?? (await api<{ _id: string }>(page, 'unidadeMedida', { sigla, descricao: `Unidade ${sigla}` }))._id);
    }
    for (const item of leitura.nota.itens.slice(2)) await api(page, 'produtoGeral', { descricao: item.descricao, unidade: unidades.get(item.unidade), gtin: item.gtin });
    const frigideira20 = await api<{ codigo: string }>(page, 'produtoGeral', { descricao: 'Frigideira reta alta 20 cm', unidade: unidades.get('PC') });
    const frigideira22 = await api<{ codigo: string }>(page, 'produtoGeral', { descricao: 'Frigideira reta alta 22 cm', unidade: unidades.get('PC') });

    await page.goto(`${ctx.server.url}/entradaNotaFiscal`);
    await page.getByTestId('entrada-nota-fiscal').waitFor();
    await soltar(page, [{ nome: 'nfe-69916.xml', texto: xml }]);
    await page.getByTestId('entrada-resultado').waitFor();
    expect(await page.getByTestId('entrada-resultado-situacao').allTextContents()).toEqual(['Pendente']);
    await shot(page, 'entrada-nota-fiscal-importada');

    await page.getByTestId('entrada-resultado-abrir').click();
    await page.getByTestId('entrada-detalhe').waitFor();
    expect(await page.getByTestId('entrada-valor').textContent()).toBe('R$ 238.643,07');
    expect(await page.getByTestId('entrada-item').count()).toBe(41);
    expect(await page.locator('[data-testid="entrada-item"][data-sem-produto="true"]').count()).toBe(2);
    expect(await page.getByTestId('entrada-faltam').textContent()).toBe('2 item(ns) sem produto: ligue cada um a um produto para lançar.');
    expect(await page.getByTestId('entrada-lancar').isDisabled()).toBe(true);
    await shot(page, 'entrada-nota-fiscal-itens');

    await escolherOpcao(page, 'entrada-produto-1', `${frigideira20.codigo} - Frigideira reta alta 20 cm`, 'reta alta 20');
    await expect.poll(() => page.locator('[data-testid="entrada-item"][data-sem-produto="true"]').count()).toBe(1);
    await escolherOpcao(page, 'entrada-produto-2', `${frigideira22.codigo} - Frigideira reta alta 22 cm`, 'reta alta 22');
    await expect.poll(() => page.locator('[data-testid="entrada-item"][data-sem-produto="true"]').count()).toBe(0);
    await escolherOpcao(page, 'entrada-local', 'Depósito NF-e E2E');
    // Pans and pots are equipment, not food: the payables go to 11.01 instead of the default 3.01.
    expect(await page.getByTestId('entrada-plano-conta').inputValue()).toContain('3.01 Alimentos');
    await page.getByTestId('entrada-plano-conta').click();
    await page.getByTestId('entrada-plano-conta').fill('11.01');
    await page.getByRole('option', { name: /11\.01 Equipamentos/ }).click();
    await page.getByTestId('entrada-lancar').click();
    await expect.poll(() => page.getByTestId('entrada-detalhe-situacao').textContent()).toBe('Lançada');
    expect(await page.getByTestId('entrada-duplicata').count()).toBe(7);
    await shot(page, 'entrada-nota-fiscal-lancada');

    // The stock: 200 frying pans of 20 cm at R$ 18,90 + 6,5 % IPI = R$ 20,1285 each, in the chosen location.
    await page.goto(`${ctx.server.url}/relatorioEstoqueProduto`);
    const posicao = await api<{ produtoDescricao: string; localDescricao: string; quantidade: string; custoMedio: string }[]>(page, 'relatorioEstoqueProduto', { busca: 'Frigideira reta alta 20' });
    expect(posicao.map((l) => [l.localDescricao, l.quantidade, l.custoMedio])).toEqual([['Depósito NF-e E2E', '200.0000', '2012.8500']]);

    // The payables: the note's seven duplicatas, to the centavo, on the agenda.
    await page.goto(`${ctx.server.url}/entradaNotaFiscal`);
    await page.getByTestId('entrada-abrir').first().click();
    await page.getByTestId('entrada-ver-agenda').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/financeiroAgenda');
    const tituloId = new URL(page.url()).searchParams.get('titulo')!;
    const titulo = await api<{ parcelas: { vencimento: string; valor: number }[]; documento: string; planoConta: string }>(page, `financeiroAgenda/${tituloId}`);
    expect(titulo.documento).toBe('NF-e 69916/1');
    expect(titulo.planoConta).toBe(contaPadrao('11.01')._id);
    expect(titulo.parcelas.map((p) => [p.vencimento, p.valor])).toEqual(leitura.nota.duplicatas.map((d) => [d.vencimento, d.valor]));
    await page.waitForLoadState('networkidle');
    await shot(page, 'entrada-nota-fiscal-agenda');
  });
});
