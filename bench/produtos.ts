// getListaProdutoGeralEmpresa on a group with 20,000 products sold in 5 companies, against the one
// hand-written SQL returning the same rows, in one run; then the generic list screens of those
// products opened and scrolled in Chromium. PGlite by default; PostgreSQL too when DATABASE_URL is set
// (a throwaway database is created in that server and dropped at the end).
import { findRecurso } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { fecharChromium, openBrowser } from '../e2e/support/browser.ts';
import { signIn } from '../e2e/support/app.ts';
import { builtWeb } from '../e2e/support/server.ts';
import { withTenant } from '../packages/server/src/db/tenant.ts';
import { createTestContext, type TestContext } from '../packages/server/test/harness.ts';
import { signIn as entrarApi } from '../packages/server/test/http.ts';
import { apiClient, corpoEmpresa, criar } from '../packages/server/test/resourceApi.ts';
import { parseListState, toGetPopulate } from '../packages/web/src/resources/listState.ts';

export const PRODUTOS = 20_000;
export const EMPRESAS = 5;
const NOMES = ['X-burger', 'Refrigerante lata', 'Pizza calabresa', 'Suco de laranja', 'Açaí na tigela', 'Pão de queijo', 'Cerveja long neck', 'Salada Caesar', 'Água mineral', 'Café expresso'];

/** A text[] literal of bound parameters (drizzle spreads a JS array into a list of parameters). */
const textos = (lista: string[]) => sql`array[${sql.join(lista.map((t) => sql`${t}::text`), sql`, `)}]::text[]`;

const mediana = (tempos: number[]) => [...tempos].sort((a, b) => a - b)[Math.floor(tempos.length / 2)]!;

async function cronometrar(vezes: number, fazer: () => Promise<unknown>, antesDeCada?: () => Promise<unknown>): Promise<number> {
  await fazer(); // warm-up (plan, JIT)
  await fazer();
  const tempos: number[] = [];
  for (let i = 0; i < vezes; i++) {
    await antesDeCada?.();
    const inicio = performance.now();
    await fazer();
    tempos.push(performance.now() - inicio);
  }
  return mediana(tempos);
}

/** 20,000 group products and one company product per product and company, written by SQL (the API would take minutes). */
export async function semear(ctx: TestContext, grupo: string, empresas: string[], unidade: string) {
  await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
    select ${grupo}, gen_random_uuid()::text, 'produtoGeral', null, jsonb_build_object(
      'codigo', (1000 + i)::text, 'gtin', 'SEM GTIN', 'descricao', (${textos(NOMES)})[1 + i % 10] || ' ' || i, 'descricaoCupom', (${textos(NOMES)})[1 + i % 10],
      'agrupador', null, 'unidade', ${unidade}::text, 'tipoProduto', case when i = 1 then 'Taxa Entrega' when i = 2 then 'Gorjeta' else 'normal' end,
      'ncm', '21069090', 'cest', null, 'origem', '0', 'imagens', '[]'::jsonb,
      'complementos', case when i % 7 = 0 then '[{"nome":"Adicionais","minimo":0,"maximo":2,"itens":[{"produto":null,"descricao":"Bacon","precoAdicional":400}]}]'::jsonb else '[]'::jsonb end,
      'ativo', true)
    from generate_series(1, ${PRODUTOS}) as i`);
  await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
    select ${grupo}, gen_random_uuid()::text, 'produtoGeralEmpresa', e.id, jsonb_build_object(
      'produtoGeral', pg.id, 'preco', p.preco, 'custo', p.custo, 'margem', to_char(round((p.preco - p.custo) * 100.0 / p.preco, 2), 'FM999990.00'),
      'modosVenda', '["Salão","Balcão","Delivery","Totem"]'::jsonb, 'controlaEstoque', false, 'estoqueMinimo', null, 'estoqueMaximo', null, 'ativo', true)
    from registro pg
    cross join unnest(${textos(empresas)}) as e(id)
    cross join lateral (select 500 + abs(hashtext(pg.id || e.id)::bigint) % 5000 as preco, 200 + abs(hashtext(e.id || pg.id)::bigint) % 400 as custo) p
    where pg.grupo_empresarial_id = ${grupo} and pg.recurso = 'produtoGeral'`);
  await ctx.db.execute(sql`analyze registro`);
}

/** The rows of getListaProdutoGeralEmpresa (company product, group product, its unit) as one plain join. */
export const consultaManual = (grupo: string, empresa: string) => sql`select pe.id, pe.dados, pe.empresa_id, pe.version, pe.created_at, pe.updated_at,
    pg.id as pg_id, pg.dados as pg_dados, un.id as un_id, un.dados as un_dados
  from registro pe
  join registro pg on pg.grupo_empresarial_id = pe.grupo_empresarial_id and pg.id = pe.dados->>'produtoGeral' and pg.recurso = 'produtoGeral' and not pg.lixo
  left join registro un on un.grupo_empresarial_id = pe.grupo_empresarial_id and un.id = pg.dados->>'unidade' and un.recurso = 'unidadeMedida'
  where pe.grupo_empresarial_id = ${grupo} and pe.recurso = 'produtoGeralEmpresa' and pe.empresa_id = ${empresa} and not pe.lixo
  order by pg.dados->>'descricao', pe.id`;

export interface ResultadoRolagem {
  abrir: number;
  /** Where the opening goes: the screen's list request (server and transfer), its size, JSON.parse, and the rest (React, the other lookups). */
  partes: { pedido: number; bytes: number; parse: number; resto: number };
  linhasNoDom: number;
  /** Frames of the wheel-paced part (the percentiles below are of these). */
  quadros: number;
  quadrosAteOFim: number;
  medianaQuadro: number;
  p95Quadro: number;
  piorQuadro: number;
  quadrosLentos: number;
  ultimaLinha: boolean;
}

/** The list request the screen makes, timed in the page: until the body has arrived, then JSON.parse. */
async function medirPedido(page: Page, recurso: string, busca: string) {
  const def = findRecurso(recurso)!;
  const corpo = toGetPopulate(parseListState(new URLSearchParams(busca), def), def);
  const vezes: { pedido: number; bytes: number; parse: number }[] = [];
  for (let i = 0; i < 3; i++) {
    vezes.push(
      await page.evaluate(async ({ recurso, corpo }) => {
        const t0 = performance.now();
        const res = await fetch(`/api/${recurso}/getPopulate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
        const texto = await res.text();
        const t1 = performance.now();
        JSON.parse(texto);
        return { pedido: t1 - t0, bytes: texto.length, parse: performance.now() - t1 };
      }, { recurso, corpo }),
    );
  }
  return { pedido: mediana(vezes.map((v) => v.pedido)), bytes: vezes[0]!.bytes, parse: mediana(vezes.map((v) => v.parse)) };
}

/** Opens a list screen with every row and scrolls it from top to bottom, frame by frame. */
async function rolar(page: Page, url: string): Promise<ResultadoRolagem> {
  const endereco = new URL(url);
  const pedido = await medirPedido(page, endereco.pathname.slice(1), endereco.search);
  const inicio = performance.now();
  await page.goto(url);
  await page.getByTestId('recurso-linha').first().waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="recurso-rolagem"]')?.getAttribute('data-virtual') !== null, null, { timeout: 120_000 });
  const abrir = performance.now() - inicio;
  // SCREENSHOTS_DIR=/pasta: a picture of the opened list, to look at.
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/bench-${endereco.pathname.slice(1)}-20000.png` });
  const linhasNoDom = await page.getByTestId('recurso-linha').count();
  const medida = await page.evaluate(async () => {
    const viewport = document.querySelector<HTMLElement>('[data-testid="recurso-rolagem"] .mantine-ScrollArea-viewport')!;
    const quadros: number[] = [];
    let anterior = performance.now();
    // A wheel's pace first (120 px a frame for 300 frames), then a flick to the end at 4,000 px a frame.
    for (let i = 0; viewport.scrollTop + viewport.clientHeight < viewport.scrollHeight - 1; i++) {
      viewport.scrollTop += i < 300 ? 120 : 4000;
      await new Promise(requestAnimationFrame);
      const agora = performance.now();
      quadros.push(agora - anterior);
      anterior = agora;
    }
    await new Promise((r) => setTimeout(r, 300));
    const linhas = viewport.querySelectorAll('[data-testid="recurso-linha"]');
    const ultima = linhas[linhas.length - 1]?.getAttribute('data-index');
    return { quadros, ultima };
  });
  const ordenados = [...medida.quadros.slice(0, 300)].sort((a, b) => a - b);
  return {
    abrir,
    partes: { ...pedido, resto: abrir - pedido.pedido - pedido.parse },
    linhasNoDom,
    quadros: ordenados.length,
    quadrosAteOFim: medida.quadros.length,
    medianaQuadro: mediana(ordenados),
    p95Quadro: ordenados[Math.floor(ordenados.length * 0.95)] ?? 0,
    piorQuadro: ordenados.at(-1) ?? 0,
    quadrosLentos: ordenados.filter((q) => q > 50).length,
    ultimaLinha: medida.ultima === String(PRODUTOS - 1),
  };
}

export async function benchProdutos(databaseUrl?: string, navegador = true) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  // BENCH_WEB_DIST=/a/copy/of/dist: another build of the web app, to measure a before and an after alternately.
  const ctx = await createTestContext({ WEB_DIST_DIR: process.env.BENCH_WEB_DIST ?? builtWeb });
  try {
    const grupo = ctx.seed.demo.grupoEmpresarial;
    const api = apiClient(ctx.app, await entrarApi(ctx.app, 'admin@demo.com.br'));
    const novas = [];
    for (let i = ctx.seed.demo.empresas.length; i < EMPRESAS; i++) novas.push((await criar(api, 'empresa', corpoEmpresa()))._id);
    const empresas = [...ctx.seed.demo.empresas, ...novas];
    const unidade = await criar(api, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
    const semeio = performance.now();
    await semear(ctx, grupo, empresas, unidade._id);
    const tempoSemeio = performance.now() - semeio;

    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'admin@demo.com.br', senha: 'demo1234' }) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const empresa = ctx.seed.demo.empresas[0]!;
    const corpo = JSON.stringify({
      empresa,
      grupoEmpresarial: grupo,
      selectProdutoGeral: 'codigo gtin descricao descricaoCupom agrupador unidade tipoProduto ncm cest origem imagens complementos ativo',
      populateProdutoGeral: 'unidade',
      populateProdutoGeralEmpresa: [],
      retornoModoVenda: true,
    });
    let texto = '';
    // Until the whole body has arrived (what the client then does with it is the client's time).
    // Uncompressed: on the same machine gzip only adds work (a store's terminal on a slow link gets it gzipped).
    const pedir = async () => {
      const res = await fetch(`${address}/api/getListaProdutoGeralEmpresa`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'accept-encoding': 'identity' }, body: corpo });
      texto = await res.text();
      if (res.status !== 200) throw new Error(`getListaProdutoGeralEmpresa: ${res.status} ${texto.slice(0, 300)}`);
    };
    // Nothing changed since the last call (the usual case: every terminal and screen asks)…
    const endpoint = await cronometrar(7, pedir);
    // …and right after a product of the company changed (the answer is built again).
    const umProduto = sql`(select id from registro where grupo_empresarial_id = ${grupo} and recurso = 'produtoGeralEmpresa' and empresa_id = ${empresa} limit 1)`;
    const endpointAposMudanca = await cronometrar(7, pedir, () => ctx.db.execute(sql`update registro set version = version + 1, updated_at = now() where id = ${umProduto}`));
    const bytes = texto.length;
    const itens = (JSON.parse(texto) as { data: unknown[] }).data.length;
    const tenant = { grupoEmpresarial: grupo, empresa };
    let linhasManual = 0;
    const manual = await cronometrar(7, async () => {
      const { rows } = await withTenant(ctx.db, tenant, (tx) => tx.execute(consultaManual(grupo, empresa)));
      linhasManual = rows.length;
    });

    let telas: { nome: string; r: ResultadoRolagem }[] = [];
    if (navegador) {
      const browser = await openBrowser();
      try {
        await signIn(browser.page, address);
        telas = [
          { nome: 'produtoGeralEmpresa', r: await rolar(browser.page, `${address}/produtoGeralEmpresa?por=todos`) },
          { nome: 'produtoGeral', r: await rolar(browser.page, `${address}/produtoGeral?por=todos`) },
        ];
      } finally {
        await browser.close();
        await fecharChromium();
      }
    }
    return { endpoint, endpointAposMudanca, manual, itens, linhasManual, bytes, tempoSemeio, telas };
  } finally {
    await ctx.close();
  }
}
