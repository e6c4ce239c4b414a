import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';

const raiz = fileURLToPath(new URL('..', import.meta.url));
const src = (arquivo: string) => fileURLToPath(new URL(`../src/${arquivo}`, import.meta.url));

/** The login page (app/routes.tsx carregarLogin). */
const LOGIN = src('pages/LoginPage.tsx');
/** What every signed-in page loads after the entry (app/routes.tsx carregarShell and aquecerPrimeiraRota). */
/** The domain's resource catalogue, which the generic resource screen and several pages read. */
const CATALOGO = fileURLToPath(new URL('../../domain/src/resources/catalogue.ts', import.meta.url));
const SHELL = ['shell/Layout.tsx', 'app/ConsultasDoServidor.tsx', 'app/layoutLoader.ts', 'i18n/aplicativo.ts', 'app/screenRoutes.tsx', 'app/screenPage.tsx'].map(src);

/** Whether a module of ours imports zod (and so builds schemas as it loads). */
function constroiEsquemas(id: string): boolean {
  return existsSync(id) && /from ['"]zod['"]/.test(readFileSync(id, 'utf8'));
}

/** The modules of these chunks and of every chunk they import statically. */
function modulosCarregados(inicio: Rolldown.OutputChunk[], porArquivo: Map<string, Rolldown.OutputChunk>): Set<string> {
  const modulos = new Set<string>();
  const vistos = new Set<string>();
  const pilha = [...inicio];
  while (pilha.length) {
    const chunk = pilha.pop()!;
    if (vistos.has(chunk.fileName)) continue;
    vistos.add(chunk.fileName);
    for (const id of Object.keys(chunk.modules)) modulos.add(id);
    for (const importado of chunk.imports) {
      const outro = porArquivo.get(importado);
      if (outro) pilha.push(outro);
    }
  }
  return modulos;
}

/**
 * A few chunks instead of some ninety small ones: what the entry loads ('inicio'), what the login page
 * adds ('login'; the bundler folds it into the entry chunk) and what every signed-in page adds (the
 * 'shell'), then the domain's modules the screens share ('dominio') and the resource catalogue.
 * Left to itself the bundler cuts these modules into a file per set of pages sharing them (29 files
 * for /login, about 90 before a signed-in screen could paint); under Lighthouse's simulated
 * mobile network (150 ms round trips, 6 connections per origin) each file costs a round trip. The
 * sets come from a first build without groups, after tree-shaking (the import graph before it would
 * take a whole barrel, such as @mantine/core's, for one component), so /login downloads the modules
 * it did (its budget: bench/loginBundle.ts) and no screen's own code moves. The groups go in that
 * order: a later one never takes an earlier one's modules along with its own.
 */
export async function chunksIniciais(): Promise<Rolldown.CodeSplittingGroup[]> {
  const resultado = await build({
    root: raiz,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { write: false, rolldownOptions: { output: { codeSplitting: true } } },
  });
  const saida = (Array.isArray(resultado) ? resultado[0] : resultado) as Rolldown.RolldownOutput;
  const chunks = saida.output.filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const porArquivo = new Map(chunks.map((c) => [c.fileName, c]));
  const com = (modulos: string[]) => chunks.filter((c) => c.facadeModuleId !== null && modulos.includes(c.facadeModuleId));
  const entrada = chunks.filter((c) => c.isEntry);

  const doInicio = modulosCarregados(entrada, porArquivo);
  // The entry module stays the entry chunk that index.html names.
  for (const c of entrada) if (c.facadeModuleId) doInicio.delete(c.facadeModuleId);
  const doLogin = new Set([...modulosCarregados(com([LOGIN]), porArquivo)].filter((m) => !doInicio.has(m)));
  const doShell = new Set([...modulosCarregados(com(SHELL), porArquivo)].filter((m) => !doInicio.has(m) && !doLogin.has(m)));
  // Left to itself the bundler cuts the catalogue into some thirty files (one per set of pages sharing
  // them), which /produtoGeral then waited for a round trip at a time. Its group holds only what the
  // pages without the catalogue never load: with two of the domain's date helpers in it, the dashboard
  // downloaded and ran the whole catalogue (40 KiB, 150 ms of a 4× slower CPU) before it could draw.
  const paginasSemCatalogo = chunks.filter((c) => c.isDynamicEntry && !modulosCarregados([c], porArquivo).has(CATALOGO));
  const semCatalogo = modulosCarregados(paginasSemCatalogo, porArquivo);
  const antes = (m: string) => doInicio.has(m) || doLogin.has(m) || doShell.has(m);
  // The domain's helpers those pages read (dates, money, …): a chunk of their own, ahead of the catalogue's,
  // which otherwise takes them along as its dependencies. Not the modules that build zod schemas: a chunk runs
  // all of its modules when loaded, and building the schemas of every area (taxes, stock transfers, finance…)
  // took 30 ms of a page load for the dashboard, which reads two date helpers (issue 19). Those stay in the
  // chunks of the pages that use them.
  const doDominio = new Set([...semCatalogo].filter((m) => m.includes('/domain/src/') && !antes(m) && !constroiEsquemas(m)));
  const doCatalogo = new Set(
    [...modulosCarregados(chunks.filter((c) => CATALOGO in c.modules), porArquivo)].filter((m) => !antes(m) && !semCatalogo.has(m)),
  );
  if (doLogin.size === 0 || doShell.size === 0 || doCatalogo.size === 0) throw new Error('chunksIniciais: a página de login, o shell ou o catálogo não foi encontrado no primeiro build');
  return [
    { name: 'inicio', test: (id) => doInicio.has(id), priority: 4 },
    { name: 'login', test: (id) => doLogin.has(id), priority: 3 },
    { name: 'shell', test: (id) => doShell.has(id), priority: 2 },
    { name: 'dominio', test: (id) => doDominio.has(id), priority: 1 },
    { name: 'catalogo', test: (id) => doCatalogo.has(id), priority: 0 },
  ];
}
