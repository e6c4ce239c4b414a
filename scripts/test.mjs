// `npm test`: installs what is missing (npm packages, Debian's chromium and PostgreSQL 15), then runs
// every test: type checks, unit and API tests on PGlite, the API tests again on a real PostgreSQL 15,
// and the browser tests against the built app. Ends with one "N passed, N failed" line.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies, ensurePostgres, ensureWebBuild } from './lib/install.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { log, root, run } from './lib/run.mjs';

const output = join(root, '.test-output');
rmSync(output, { recursive: true, force: true });
mkdirSync(output, { recursive: true });

const steps = [];
const started = Date.now();
let stepStart = Date.now();
/** Records a stage's outcome and how long it took since the previous stage ended. */
function done(name, ok) {
  steps.push([name, ok, Date.now() - stepStart]);
  stepStart = Date.now();
}
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Failed tests by stage, printed again in the summary: CI shows only the tail of the output. */
const failures = [];

/**
 * The first line of a failure message, enough to tell which assertion or timeout it was. vitest's JSON
 * report gives a timed-out test only the stack of where it was declared ("Error: STACK_TRACE_ERROR").
 */
function firstLine(messages, duration) {
  const line = String(messages?.[0] ?? '').split('\n')[0].slice(0, 300);
  return line === 'Error: STACK_TRACE_ERROR' ? `tempo esgotado: o teste passou do seu limite (${Math.round((duration ?? 0) / 1000)} s)` : line;
}

/**
 * Runs vitest and adds its report to the totals. `inicio`: the stage's own start, for a stage that runs
 * beside another; `saida`: a file in .test-output that takes its console output, printed when it ends.
 */
function vitest(name, args, env = {}, { inicio, saida } = {}) {
  const report = join(output, `${name}.json`);
  const arquivo = saida ? openSync(join(output, saida), 'w') : undefined;
  return run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    env: { ...process.env, ...env },
    ...(arquivo === undefined ? {} : { stdio: ['ignore', arquivo, arquivo] }),
  }).then((code) => {
    if (arquivo !== undefined) {
      closeSync(arquivo);
      log(`${name} (terminou ao lado da etapa em curso):`);
      process.stdout.write(readFileSync(join(output, saida), 'utf8'));
    }
    if (existsSync(report)) {
      const result = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += result.numPassedTests;
      totals.failed += result.numFailedTests;
      totals.skipped += result.numPendingTests + result.numTodoTests;
      // A file that fails to load has no failed test but must still fail the run.
      if (code !== 0 && result.numFailedTests === 0) totals.failed += 1;
      for (const file of result.testResults ?? []) {
        const path = file.name.replace(`${root}/`, '');
        const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
        for (const test of failed) failures.push(`${name}: ${path} › ${test.fullName}\n    ${firstLine(test.failureMessages, test.duration)}`);
        if (failed.length === 0 && file.status === 'failed') failures.push(`${name}: ${path}\n    ${firstLine([file.message])}`);
      }
    } else if (code !== 0) totals.failed += 1;
    if (inicio === undefined) done(name, code === 0);
    else steps.push([name, code === 0, Date.now() - inicio]);
    return code;
  });
}

async function step(name, action) {
  log(name);
  stepStart = Date.now();
  try {
    await action();
    done(name, true);
  } catch (error) {
    console.error(`[retaguarda] ${name}: ${error.message}`);
    done(name, false);
    totals.failed += 1;
  }
}

await step('Dependências', async () => {
  await ensureDependencies();
  await ensureChromium();
  await ensurePostgres();
});

await step('Verificação de tipos (tsc)', async () => {
  // Two projects at a time: one tsc uses one core.
  const fila = ['packages/web', 'packages/server', 'e2e', 'bench', 'packages/domain'];
  const comErros = [];
  const trabalhar = async () => {
    for (let project = fila.shift(); project; project = fila.shift()) {
      if ((await run('npx', ['tsc', '-p', project, '--noEmit'])) !== 0) comErros.push(project);
    }
  };
  await Promise.all([trabalhar(), trabalhar()]);
  if (comErros.length) throw new Error(`há erros de tipo em ${comErros.join(', ')}`);
});

log('Testes unitários e de API no PGlite');
stepStart = Date.now();
await vitest('unidade-e-api-pglite', ['--project', '@retaguarda/domain', '--project', '@retaguarda/server', '--project', '@retaguarda/web']);

// One PostgreSQL 15 cluster for the API tests on PostgreSQL and for the browser tests' databases.
let postgres;
const inicioPostgres = Date.now();
try {
  postgres = await startPostgres();
} catch (error) {
  console.error(`[retaguarda] PostgreSQL: ${error.message}`);
  steps.push(['api-postgresql', false, Date.now() - inicioPostgres]);
  totals.failed += 1;
}

// The API tests on PostgreSQL run beside the browser tests: that stage is light (most of it is the soak
// test's quiet times), so on two cores it fits in the browser stage's slack instead of adding minutes
// before it. Its output goes to a file and is printed in one block when it ends, not interleaved.
const postgresAoLado = postgres
  ? vitest('api-postgresql', ['--project', '@retaguarda/server', 'packages/server/test/'], { TEST_DATABASE_URL: postgres.url }, { inicio: inicioPostgres, saida: 'api-postgresql.log' })
  : Promise.resolve();

log('Build do aplicativo web e banco modelo dos testes no navegador (os testes de API no PostgreSQL já correm ao lado)');
stepStart = Date.now();
let modelo = null;
try {
  await ensureWebBuild({ force: true });
  const { tsImport } = await import('tsx/esm/api');
  const { criarBancoModelo } = await tsImport('../e2e/support/modelo.ts', import.meta.url);
  // Each browser test file's server works on a database of its own in the cluster: a copy of this model.
  modelo = await criarBancoModelo(postgres?.url);
  done('Build do aplicativo web e banco modelo', true);
} catch (error) {
  console.error(`[retaguarda] Build do aplicativo web e banco modelo: ${error.message}`);
  done('Build do aplicativo web e banco modelo', false);
  totals.failed += 1;
}

if (modelo) {
  log('Testes no navegador (Chromium)');
  await vitest('navegador', ['--project', '@retaguarda/e2e'], modelo.env);
  await modelo.descartar().catch(() => {});
}
await postgresAoLado;
await postgres?.stop();

log('Resumo');
const duration = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`;
for (const [name, ok, ms] of steps) console.log(`${ok ? 'ok    ' : 'FALHOU'}  ${duration(ms).padStart(12)}  ${name}`);
console.log(`        ${duration(Date.now() - started).padStart(12)}  total`);
if (failures.length) console.log(`\nFalhas:\n${failures.join('\n')}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
