import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base64, lerAmostraNfe, paraDestinatario } from '../packages/server/test/amostrasNfe.ts';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });
const shot = (page: Page, nome: string) => fotografar(page, nome, [[1440, 900]]);

describe('entradaNotaFiscal: the company default of the tax credit', () => {
  it('a CRT 3 company set to credit opens a note with the credit box ticked; a Simples one has no box', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const sessao = await api<{ empresa: { _id: string } }>(page, 'sessao');
    const empresa = await api<{ cnpj: string; version: number }>(page, `empresa/${sessao.empresa._id}`);
    const [r] = await api<{ entrada: string }[]>(page, 'entradaNotaFiscal/importar', { arquivos: [{ nome: 'nota.xml', conteudo: base64(paraDestinatario(lerAmostraNfe('nfe55_alimentos_supermercado_icms70.xml'), empresa.cnpj)) }] });
    const configurar = async (crt: string) => {
      const atual = await api<{ version: number }>(page, `empresa/${sessao.empresa._id}`);
      await page.evaluate(
        async ({ id, corpo }) => {
          const res = await fetch(`/api/empresa/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
          if (!res.ok) throw new Error(await res.text());
        },
        { id: sessao.empresa._id, corpo: { version: atual.version, crt, configuracoes: { fiscal: { creditarImpostosEntrada: true } } } },
      );
    };

    await configurar('3');
    await page.goto(`${ctx.server.url}/entradaNotaFiscal?entrada=${encodeURIComponent(r!.entrada)}`);
    await page.getByTestId('entrada-detalhe').waitFor();
    const caixa = page.getByTestId('entrada-creditar');
    await caixa.waitFor();
    expect(await caixa.isChecked()).toBe(true);
    await shot(page, 'entrada-credito-padrao');

    await configurar('1');
    await page.reload();
    await page.getByTestId('entrada-detalhe').waitFor();
    await page.getByTestId('entrada-local').waitFor();
    expect(await page.getByTestId('entrada-creditar').count()).toBe(0);
  });
});
