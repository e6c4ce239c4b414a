import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { lerAmostraNfe, paraDestinatario } from '../packages/server/test/amostrasNfe.ts';
import { iniciarSefazLocal, resumoDe } from '../packages/server/test/sefazLocal.ts';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

// The local SEFAZ double (own CA, mutual TLS) the server is pointed at: no real SEFAZ is called.
const sefaz = await iniciarSefazLocal({ pasta: mkdtempSync(path.join(tmpdir(), 'retaguarda-e2e-sefaz-')), agora: () => new Date() });
const ctx = useServerAndBrowser({
  browser: 'per-file',
  env: () => ({
    SEFAZ_DFE_URL: `${sefaz.url}/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx`,
    SEFAZ_EVENTO_URL: `${sefaz.url}/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx`,
    SEFAZ_CA: sefaz.caArquivo,
  }),
});
afterAll(() => sefaz.close());

const shot = (page: Page, nome: string) => fotografar(page, nome, [[1440, 900], [390, 844]]);
const situacoes = async (page: Page) => {
  const linhas = page.getByTestId('dfe-linha');
  const n = await linhas.count();
  const r: string[] = [];
  for (let i = 0; i < n; i++) r.push(`${(await linhas.nth(i).innerText()).split('\n')[1]}: ${await linhas.nth(i).getByTestId('dfe-situacao').textContent()}`);
  return r.sort();
};

describe('baixarNotas and relatorioDFE screens', () => {
  it('downloads a summary and a full XML, manifests Ciência on the summary, sends the full XML to entradaNotaFiscal, and the report counts them', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const sessao = await api<{ empresa: { _id: string } }>(page, 'sessao');
    const { cnpj } = await api<{ cnpj: string }>(page, `empresa/${sessao.empresa._id}`);
    await api(page, `empresa/${sessao.empresa._id}/certificado`, { arquivo: sefaz.emitirPfx(cnpj, 'a1').toString('base64'), senha: 'a1' });
    sefaz.publicar(cnpj, 'resNFe_v1.01.xsd', resumoDe(paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), cnpj)), 3);
    sefaz.publicar(cnpj, 'procNFe_v4.00.xsd', paraDestinatario(lerAmostraNfe('nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml'), cnpj), 5);

    await page.goto(`${ctx.server.url}/baixarNotas`);
    await page.getByTestId('baixar-notas').waitFor();
    await page.getByTestId('dfe-baixar').click();
    await expect.poll(() => page.getByTestId('dfe-linha').count()).toBe(2);
    await page.getByTestId('dfe-aguardando').waitFor();
    const antes = await situacoes(page);
    expect(antes.map((s) => s.split(': ')[1])).toEqual(['Resumo', 'XML completo'].sort());
    await shot(page, 'baixar-notas');

    const resumo = page.getByTestId('dfe-linha').filter({ has: page.getByText('Resumo', { exact: true }) });
    await resumo.getByTestId('dfe-manifestar').click();
    await page.getByTestId('dfe-manifestar-enviar').waitFor();
    await shot(page, 'baixar-notas-manifestar');
    await page.getByTestId('dfe-manifestar-enviar').click();
    await expect.poll(async () => (await situacoes(page)).map((s) => s.split(': ')[1]).sort()).toEqual(['Manifestado', 'XML completo']);
    expect(sefaz.chamadas.filter((c) => c.servico === 'evento').map((c) => c.cStat)).toEqual(['135']);

    await page.getByTestId('dfe-linha').filter({ has: page.getByText('XML completo', { exact: true }) }).getByTestId('dfe-entrada').click();
    await page.getByTestId('entrada-detalhe').waitFor();
    expect(page.url()).toContain('/entradaNotaFiscal?entrada=');

    await page.goto(`${ctx.server.url}/relatorioDFE?de=2000-01-01`);
    await page.getByTestId('relatorio-tabela').waitFor();
    expect(await page.getByTestId('dfe-relatorio-linha').count()).toBe(2);
    expect(await page.getByTestId('dfe-cartao-manifestado').textContent()).toContain('1 nota');
    await shot(page, 'relatorio-dfe');
    // Never a call SEFAZ would count as abuse.
    expect(sefaz.chamadas.filter((c) => c.cStat === '656')).toEqual([]);
  });

  it('Baixar pela chave brings a note the NSU sequence had passed, and the manifested note’s Eventos show the Ciência with its protocol and 135', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    const sessao = await api<{ empresa: { _id: string } }>(page, 'sessao');
    const { cnpj } = await api<{ cnpj: string }>(page, `empresa/${sessao.empresa._id}`);
    // NSU 2, below the kept ultNSU 5: only consChNFe reaches it now.
    const supermercado = paraDestinatario(lerAmostraNfe('nfe55_alimentos_supermercado_icms70.xml'), cnpj);
    sefaz.publicar(cnpj, 'resNFe_v1.01.xsd', resumoDe(supermercado), 2);
    const chave = /Id="NFe(\d{44})"/.exec(supermercado)![1]!;

    await page.goto(`${ctx.server.url}/baixarNotas`);
    await expect.poll(() => page.getByTestId('dfe-linha').count()).toBe(2);
    await page.getByTestId('dfe-pela-chave').click();
    await page.getByTestId('dfe-chave').fill(chave.match(/.{4}/g)!.join(' '));
    await shot(page, 'baixar-notas-pela-chave');
    await page.getByTestId('dfe-chave-baixar').click();
    await page.getByText('Resumo da nota baixado. Restam 19 consultas por chave nesta hora.').waitFor();
    await expect.poll(() => page.getByTestId('dfe-linha').count()).toBe(3);
    expect(sefaz.chamadas.at(-1)!.corpo).toContain(`<consChNFe><chNFe>${chave}</chNFe></consChNFe>`);

    await page.getByTestId('dfe-linha').filter({ has: page.getByText('Manifestado', { exact: true }) }).getByTestId('dfe-eventos').click();
    await page.getByTestId('dfe-eventos-dialogo').getByTestId('evento-nota').first().waitFor();
    const linhas = (await page.getByTestId('evento-nota').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(linhas).toEqual([expect.stringMatching(/^Ciência da Operação 210210 \d\d\/\d\d\/\d{4} \d\d:\d\d 9912600000\d{5} 135 Evento registrado e vinculado a NF-e Enviado pela loja$/)]);
    await fotografar(page, 'baixar-notas-eventos');
    expect(sefaz.chamadas.filter((c) => c.cStat === '656')).toEqual([]);
  });
});
