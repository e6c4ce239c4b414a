// What `npm start` and `npm test` install when it is missing: npm packages, Debian packages, the web build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { has, log, must, root } from './run.mjs';

/** npm dependencies: installed from the lockfile when node_modules is absent or older than the lockfile. */
export async function ensureDependencies() {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Instalando dependências (npm ci)…');
  await must('npm', ['ci', '--no-audit', '--no-fund']);
}

let aptUpdated = false;
async function aptInstall(packages) {
  if (process.getuid?.() !== 0) {
    throw new Error(`Instale com privilégios de administrador: apt-get install -y ${packages.join(' ')}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    await must('apt-get', ['update', '-qq'], { env });
    aptUpdated = true;
  }
  await must('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
}

/** The full browser: Lighthouse's benchmark and people's own looks at the app. */
export const CHROMIUM = '/usr/bin/chromium';
/**
 * The browser tests' Chromium: Debian's build of Chromium's headless shell (the same Blink, without the
 * browser's window layer), which ran the browser tests in 10–20 % less time than the full browser's headless mode.
 */
export const CHROMIUM_TESTES = '/usr/bin/chromium-headless-shell';
export const PG_BIN = '/usr/lib/postgresql/15/bin';

/**
 * Debian's Chromium (a test tool's own browser download cannot work here): the headless shell the browser
 * tests use, or (`completo`) the full browser.
 */
export async function ensureChromium({ completo = false } = {}) {
  const [caminho, pacote] = completo ? [CHROMIUM, 'chromium'] : [CHROMIUM_TESTES, 'chromium-headless-shell'];
  if (existsSync(caminho)) return;
  log(`Instalando o Chromium do Debian (${pacote})…`);
  await aptInstall([pacote, 'fonts-dejavu-core']);
}

/** Debian's PostgreSQL 15 server binaries for the API tests on a real database. */
export async function ensurePostgres() {
  if (existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'))) return;
  log('Instalando o PostgreSQL 15 do Debian…');
  await aptInstall(['postgresql-15']);
}

/** The newest modification time under a path (node_modules and dist skipped): is a build older than its sources? */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export const WEB_DIST = join(root, 'packages/web/dist');

/** Builds the web app when dist is missing or older than its sources (or always, when forced). */
export async function ensureWebBuild({ force = false } = {}) {
  const built = join(WEB_DIST, 'index.html');
  const sources = ['packages/web', 'packages/domain/src'].map((p) => newestMtime(join(root, p)));
  if (!force && existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources)) return;
  log('Gerando o aplicativo web (vite build)…');
  await must('npm', ['run', 'build', '-w', '@retaguarda/web']);
}

export { has };
