// `npm start`: install what is missing, build the web app, then run the server (which starts the
// embedded database, applies migrations and creates the demonstration groups on an empty database).
import { ensureDependencies, ensureWebBuild } from './lib/install.mjs';
import { log, root } from './lib/run.mjs';
import { spawn } from 'node:child_process';

try {
  await ensureDependencies();
  await ensureWebBuild();
} catch (error) {
  console.error(`\n[retaguarda] Não foi possível preparar o aplicativo: ${error.message}`);
  process.exit(1);
}

log('Iniciando o servidor…');
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
