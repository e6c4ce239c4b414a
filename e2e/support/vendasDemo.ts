import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { runServerCli } from '../../scripts/lib/servidor.mjs';
import { bancoDoArquivo, type BancoDoArquivo } from './banco.ts';
import { useServerAndBrowser } from './fixture.ts';

/**
 * A server (and a browser for the file) over a database filled with demonstration sales by the real
 * command (`npm run seed -- --lojas 1 --dias N`), run on the file's copy of the run's model before the
 * server opens it: the command then only adds the sales.
 */
export function useServerWithDemoSales(dias: number) {
  const pasta = mkdtempSync(join(tmpdir(), 'retaguarda-vendas-demo-'));
  let banco: BancoDoArquivo | undefined;
  // Registered first, so it runs after the server's own afterAll has stopped it (and removed the database).
  afterAll(() => rmSync(pasta, { recursive: true, force: true }));
  beforeAll(async () => {
    banco = await bancoDoArquivo(inject('bancoModelo'), pasta);
    const seed = await runServerCli(['seed', '--lojas', '1', '--dias', String(dias)], banco.env);
    expect(seed.code, seed.output).toBe(0);
    expect(seed.output).toMatch(/vendas novas/);
  }, 180_000);
  return useServerAndBrowser({ browser: 'per-file', banco: () => banco! });
}

/** The day `diasAtras` days ago in the stores' clock (UTC−3), as aaaa-mm-dd. */
export const diaNaLoja = (diasAtras: number) => new Date(Date.now() - 3 * 3_600_000 - diasAtras * 86_400_000).toISOString().slice(0, 10);
/** aaaa-mm-dd → dd/mm/aaaa. */
export const br = (iso: string) => iso.split('-').reverse().join('/');

/** The cells of the first sheet of an .xlsx written uncompressed (as the app writes it), row by row. */
/** The sheet names of an .xlsx file (its workbook), in order. */
export function planilhasDoArquivo(arquivo: string): string[] {
  const texto = readFileSync(arquivo).toString('utf8');
  return [...(/<sheets>([\s\S]*?)<\/sheets>/.exec(texto)?.[1] ?? '').matchAll(/<sheet name="([^"]*)"/g)].map((m) => m[1]!);
}

export function linhasDaPlanilha(arquivo: string): string[][] {
  const texto = readFileSync(arquivo).toString('utf8');
  const folha = /<sheetData>([\s\S]*?)<\/sheetData>/.exec(texto)?.[1] ?? '';
  return [...folha.matchAll(/<row [^>]*>([\s\S]*?)<\/row>/g)].map((r) => [...r[1]!.matchAll(/<c [^>]*>(?:<v>([^<]*)<\/v>|<is><t[^>]*>([^<]*)<\/t><\/is>)<\/c>/g)].map((c) => c[1] ?? c[2] ?? ''));
}
