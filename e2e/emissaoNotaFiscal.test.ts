import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { iniciarSefazLocal } from '../packages/server/test/sefazLocal.ts';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

// The local SEFAZ double (own CA, mutual TLS) the server issues to: no real SEFAZ is called.
const sefaz = await iniciarSefazLocal({ pasta: mkdtempSync(path.join(tmpdir(), 'retaguarda-e2e-emissao-')), agora: () => new Date() });
const ctx = useServerAndBrowser({
  browser: 'per-file',
  env: () => ({
    SEFAZ_AUTORIZACAO_URL: `${sefaz.url}/ws/NFeAutorizacao4.asmx`,
    SEFAZ_RET_AUTORIZACAO_URL: `${sefaz.url}/ws/NFeRetAutorizacao4.asmx`,
    SEFAZ_CA: sefaz.caArquivo,
    SEFAZ_FILA_INTERVALO_S: '0',
  }),
});
afterAll(() => sefaz.close());

const shot = (page: Page, nome: string) => fotografar(page, nome, [[1440, 900], [390, 844]]);

async function preparar(page: Page) {
  const sessao = await api<{ empresa: { _id: string } }>(page, 'sessao');
  const id = sessao.empresa._id;
  const empresa = await api<Record<string, unknown>>(page, `empresa/${id}`);
  const put = await page.evaluate(
    async ([id, corpo]) => (await fetch(`/api/empresa/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(corpo) })).status,
    [id, { ...empresa, inscricaoEstadual: '110042490114' }] as const,
  );
  expect(put).toBe(200);
  await api(page, `empresa/${id}/certificado`, { arquivo: sefaz.emitirPfx(String(empresa.cnpj), 'a1').toString('base64'), senha: 'a1' });
  await api(page, 'empresaNumeroNota', { modelo: '55', serie: 3, proximoNumero: 1540 });
  const estadual = await api<{ _id: string }>(page, 'configuracaoImposto', { descricao: 'NF-e – Simples tributado', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }], ibsCbs: { cst: '000', cClassTrib: '000001' } });
  const federal = await api<{ _id: string }>(page, 'configuracaoImpostoFederal', { descricao: 'NF-e – Simples PIS/COFINS', cstPis: '49', cstCofins: '49' });
  const un = await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'KGE', descricao: 'Quilograma (NF-e)' });
  const queijo = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Queijo muçarela peça', unidade: un._id, ncm: '04061010' });
  await api(page, 'produtoGeralEmpresa', { produtoGeral: queijo._id, preco: 5000, configuracaoImposto: estadual._id, impostoFederal: federal._id });
}

/** The new-note form: a transfer of mozzarella, series 3, to the Shopping store. */
async function preencherTransferencia(page: Page, quantidade: string, valor: string) {
  await page.getByTestId('emissao-serie').fill('3');
  await page.getByTestId('emissao-destino').locator('input').first().click();
  await page.getByRole('option', { name: /Shopping/ }).click();
  await page.getByTestId('emissao-item-produto').click();
  await page.getByTestId('emissao-item-produto').fill('muçarela');
  await page.getByRole('option', { name: /Queijo muçarela peça/ }).click();
  await page.getByTestId('emissao-item-quantidade').fill(quantidade);
  await page.getByTestId('emissao-item-valor').fill(valor);
}

describe('emissaoNotaFiscal screen', () => {
  it('creates a transfer note to the other store, issues it against the local SEFAZ and sees it authorised', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    await preparar(page);

    await page.goto(`${ctx.server.url}/emissaoNotaFiscal`);
    await page.getByTestId('emissao-nota-fiscal').waitFor();
    await page.getByTestId('emissao-nova').click();
    await page.getByTestId('emissao-form').waitFor();
    await preencherTransferencia(page, '12,5', '38,90');
    await shot(page, 'emissao-nota-form');
    await page.getByTestId('emissao-salvar').click();

    await page.getByTestId('emissao-detalhe').waitFor();
    // 12,5 kg × R$ 38,90 = R$ 486,25; CFOP of a transfer within SP.
    expect(await page.getByTestId('emissao-total').textContent()).toBe('R$ 486,25');
    expect(await page.getByTestId('emissao-detalhe-itens').textContent()).toContain('5152');
    expect(await page.getByTestId('emissao-detalhe-situacao').textContent()).toBe('Rascunho');
    await page.getByTestId('emissao-emitir').click();
    await expect.poll(() => page.getByTestId('emissao-detalhe-situacao').textContent()).toBe('Autorizada');
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe('NF-e 1540 · série 3');
    expect(await page.getByTestId('emissao-protocolo').textContent()).toMatch(/^\d{15} · \d{2}\/\d{2}\/\d{4}/);
    expect(await page.getByTestId('emissao-baixar-proc').getAttribute('href')).toContain('/procNFe');
    await shot(page, 'emissao-nota-autorizada');

    // A rejection is shown with SEFAZ's code and reason, and the note can be corrected.
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.getByTestId('emissao-nova').click();
    await preencherTransferencia(page, '2', '40');
    await page.getByTestId('emissao-salvar').click();
    await page.getByTestId('emissao-detalhe').waitFor();
    sefaz.autorizacao.proxima = { cStat: '778', xMotivo: 'Rejeicao: Informado NCM inexistente' };
    await page.getByTestId('emissao-emitir').click();
    await page.getByTestId('emissao-rejeicao').waitFor();
    expect(await page.getByTestId('emissao-rejeicao').textContent()).toContain('Rejeitada pela SEFAZ (código 778)Rejeicao: Informado NCM inexistente');
    expect(await page.getByTestId('emissao-editar').isVisible()).toBe(true);
    await shot(page, 'emissao-nota-rejeitada');

    // The list, filtered by situation in the URL.
    await page.goto(`${ctx.server.url}/emissaoNotaFiscal?situacao=autorizada`);
    await expect.poll(() => page.getByTestId('emissao-linha').count()).toBe(1);
    await shot(page, 'emissao-nota-lista');
  });
});
