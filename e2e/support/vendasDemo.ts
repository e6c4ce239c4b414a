import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { bancoFeitoUmaVez, criarBanco, urlDoBanco } from '../../packages/server/test/bancosPostgres.ts';
import { esperarAte } from '../../packages/server/test/espera.ts';
import { runServerCli } from '../../scripts/lib/servidor.mjs';
import { bancoDoArquivo, type BancoDoArquivo } from './banco.ts';
import { useServerAndBrowser } from './fixture.ts';
import { nomeDoModeloComVendas, type BancoModelo } from './modelo.ts';

/** Days of demonstration sales before today (and today's until now) in the sales model: what the reports' tests read. */
export const DIAS_DE_VENDAS = 9;

/**
 * The run's model with a store's demonstration sales, filled by the real command (`npm run seed -- --lojas 1 --dias
 * 9`) on a copy of the model the first time a file asks for it; the files after it copy it too. Filling it once for
 * every file that reads sales saved a fill per file (20–40 s each on a loaded machine).
 */
async function modeloComVendas(modelo: BancoModelo): Promise<BancoModelo> {
  const semear = async (env: Record<string, string>) => {
    const seed = await runServerCli(['seed', '--lojas', '1', '--dias', String(DIAS_DE_VENDAS)], env);
    if (seed.code !== 0 || !/vendas novas/.test(seed.output)) throw new Error(`As vendas da demonstração não foram geradas (código ${seed.code}):\n${seed.output}`);
  };
  if (modelo.tipo === 'postgresql') {
    const nome = nomeDoModeloComVendas(modelo.nome);
    await bancoFeitoUmaVez(modelo.adminUrl, nome, async (provisorio) => {
      await criarBanco(modelo.adminUrl, provisorio, modelo.nome);
      await semear({ DATABASE_URL: urlDoBanco(modelo.adminUrl, provisorio) });
    });
    return { ...modelo, nome };
  }
  // Beside the model's DATA_DIR, inside the folder its teardown removes. mkdir is the lock: one worker fills, the others wait.
  const dataDir = `${modelo.dataDir}-vendas`;
  const trava = `${dataDir}.trava`;
  if (!existsSync(dataDir)) {
    let minha = false;
    try {
      mkdirSync(trava);
      minha = true;
    } catch {}
    if (minha) {
      try {
        if (!existsSync(dataDir)) {
          rmSync(`${dataDir}.fazendo`, { recursive: true, force: true });
          execFileSync('cp', ['-R', modelo.dataDir, `${dataDir}.fazendo`]);
          await semear({ DATA_DIR: `${dataDir}.fazendo`, DATABASE_URL: '' });
          renameSync(`${dataDir}.fazendo`, dataDir);
        }
      } finally {
        rmSync(trava, { recursive: true, force: true });
      }
    } else await esperarAte(() => existsSync(dataDir) || !existsSync(trava), 300_000, 'as vendas do modelo', 500);
  }
  if (!existsSync(dataDir)) throw new Error('As vendas da demonstração não foram geradas por outro arquivo de teste.');
  return { tipo: 'embutido', dataDir };
}

/** A server (and a browser for the file) over a copy of the run's model with demonstration sales (modeloComVendas). */
export function useServerWithDemoSales() {
  const pasta = mkdtempSync(join(tmpdir(), 'retaguarda-vendas-demo-'));
  let banco: BancoDoArquivo | undefined;
  // Registered first, so it runs after the server's own afterAll has stopped it (and removed the database).
  afterAll(() => rmSync(pasta, { recursive: true, force: true }));
  beforeAll(async () => {
    banco = await bancoDoArquivo(await modeloComVendas(inject('bancoModelo')), pasta);
  }, 300_000);
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
