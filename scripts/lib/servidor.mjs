// The server as one bundle per entry (packages/server/dist/{main,cli,child}.mjs), what `npm start` and
// the tests that start a real server process run: node loads one file instead of transpiling some 300
// modules through tsx at each start (docs/decisions/0017). Rebuilt when a source is newer than it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime } from './install.mjs';
import { log, root } from './run.mjs';

export const SERVER_DIST = join(root, 'packages/server/dist');
export const SERVER_MAIN = join(SERVER_DIST, 'main.mjs');
export const SERVER_CLI = join(SERVER_DIST, 'cli.mjs');

const ENTRADAS = { main: 'packages/server/src/main.ts', cli: 'packages/server/src/cli.ts', child: 'packages/server/src/db/embedded/child.ts' };
const FONTES = ['packages/server/src', 'packages/server/package.json', 'packages/domain/src', 'packages/domain/package.json', 'package-lock.json'];

/** Bundles the server when a bundle is missing or older than a source; returns the main entry's path. */
export async function ensureServerBuild({ force = false } = {}) {
  const feitos = Object.keys(ENTRADAS).map((nome) => join(SERVER_DIST, `${nome}.mjs`));
  const fontes = Math.max(...FONTES.map((p) => newestMtime(join(root, p))));
  if (!force && feitos.every((f) => existsSync(f) && statSync(f).mtimeMs >= fontes)) return SERVER_MAIN;
  log('Gerando o servidor (esbuild)…');
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    absWorkingDir: root,
    entryPoints: ENTRADAS,
    outdir: SERVER_DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // npm packages load from node_modules as they are; the domain package ships TypeScript, so it is bundled.
    packages: 'external',
    alias: { '@retaguarda/domain': './packages/domain/src/index.ts' },
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(SERVER_DIST, { recursive: true });
  // Each file written apart, then moved in: a server starting meanwhile (another test worker) reads a whole file.
  for (const arquivo of outputFiles) {
    const temporario = `${arquivo.path}.${process.pid}.tmp`;
    writeFileSync(temporario, arquivo.contents);
    renameSync(temporario, arquivo.path);
  }
  return SERVER_MAIN;
}

/**
 * Runs the server's command line (`cli.mjs <args>`, what `npm run seed` runs) with `env` over this
 * process's environment; answers its exit code and everything it printed.
 */
export async function runServerCli(args, env = {}) {
  await ensureServerBuild();
  return new Promise((done, fail) => {
    let output = '';
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER_CLI, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => done({ code, output }));
  });
}
