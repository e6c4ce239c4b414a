import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base64, lerAmostraNfe, paraDestinatario } from '../packages/server/test/amostrasNfe.ts';
import { lerZip } from '../packages/server/src/fiscal/entradaNotaFiscal/zip.ts';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });
const shot = (page: Page, nome: string) => fotografar(page, nome, [[1440, 900], [390, 844]]);

describe('exportarDados screen', () => {
  it("generates August 2018's zip for the store, shows it ready in the list and downloads it with the notes and the CSV", async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const sessao = await api<{ empresa: { _id: string; nomeFantasia: string } }>(page, 'sessao');
    const { cnpj } = await api<{ cnpj: string }>(page, `empresa/${sessao.empresa._id}`);
    const notas = ['nfe55_medicos_icms40_2dups.xml', 'nfe55_alimentos_supermercado_icms70.xml'];
    await api(page, 'entradaNotaFiscal/importar', { arquivos: notas.map((nome) => ({ nome, conteudo: base64(paraDestinatario(lerAmostraNfe(nome), cnpj)) })) });

    await page.goto(`${ctx.server.url}/exportarDados`);
    await page.getByTestId('exportar-dados').waitFor();
    // Last month is the default period.
    expect(await page.getByTestId('exportacao-de').inputValue()).toMatch(/^01\/\d\d\/\d{4}$/);
    await page.getByTestId('exportacao-de').fill('01/08/2018');
    await page.getByTestId('exportacao-de').press('Enter');
    await page.getByTestId('exportacao-ate').fill('31/08/2018');
    await page.getByTestId('exportacao-ate').press('Enter');
    await page.getByTestId('exportacao-lojas').click();
    await page.getByRole('option', { name: sessao.empresa.nomeFantasia }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('exportacao-gerar').click();

    const linha = page.getByTestId('exportacao-linha').filter({ hasText: '01/08/2018 a 31/08/2018' });
    await expect.poll(async () => linha.getByTestId('exportacao-situacao').textContent(), { timeout: 30_000 }).toBe('Pronta');
    expect(await linha.innerText()).toContain('2 notas');
    await shot(page, 'exportar-dados');

    const [download] = await Promise.all([page.waitForEvent('download'), linha.getByTestId('exportacao-baixar').click()]);
    expect(download.suggestedFilename()).toBe('notas-fiscais_2018-08-01_2018-08-31.zip');
    const arquivos = lerZip(readFileSync(await download.path()), { maxArquivos: 100, maxBytes: 10_000_000 });
    expect(arquivos.map((a) => a.nome)).toEqual([
      `${cnpj}/recebidas/${/<chNFe>([^<]*)/.exec(lerAmostraNfe(notas[1]!))![1]}.xml`,
      `${cnpj}/recebidas/26180875335849000115550010000016871192213331.xml`,
      'resumo.csv',
    ]);
    expect(arquivos[2]!.bytes.toString('utf8').split('\r\n').length).toBe(4);
  });
});
