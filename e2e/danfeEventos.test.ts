import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lerAmostraNfe, paraDestinatario } from '../packages/server/test/amostrasNfe.ts';
import { textoDoPdf } from '../packages/server/test/textoPdf.ts';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

const shot = (page: Page, nome: string) => fotografar(page, nome, [[1440, 900], [390, 844]]);

describe('an entry’s DANFE and its note’s events', () => {
  it('a cancelled supplier note: the DANFE button gives its PDF, and the cancellation shows with its protocol and cStat', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const sessao = await api<{ empresa: { _id: string } }>(page, 'sessao');
    const { cnpj } = await api<{ cnpj: string }>(page, `empresa/${sessao.empresa._id}`);
    const xml = paraDestinatario(lerAmostraNfe('nfe55_CANCELADA_tecidos_1dup_tpag99.xml'), cnpj);
    const [r] = await api<{ entrada: string; chave: string; situacao: string }[]>(page, 'entradaNotaFiscal/importar', { arquivos: [{ nome: 'cancelada.xml', conteudo: Buffer.from(xml).toString('base64') }] });
    expect(r!.situacao).toBe('cancelada');

    await page.goto(`${ctx.server.url}/entradaNotaFiscal?entrada=${r!.entrada}`);
    await page.getByTestId('entrada-detalhe').waitFor();
    await page.getByTestId('evento-nota').first().waitFor();
    const linhas = (await page.getByTestId('evento-nota').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(linhas).toEqual(['Cancelamento 110111 04/02/2021 15:15 135210128997350 135 Evento registrado e vinculado a NF-e No XML da nota']);
    await shot(page, 'entrada-danfe-eventos');

    // The button is a link to the PDF (a new tab): the browser's request, with its session cookie, gets the DANFE.
    const href = await page.getByTestId('entrada-danfe').getAttribute('href');
    const pdf = await page.request.get(new URL(href!, ctx.server.url).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const [pagina] = await textoDoPdf(await pdf.body());
    expect(pagina).toContain(r!.chave.match(/.{4}/g)!.join(' '));
  });
});
