// `npm start`: install what is missing, build the web app and the server bundle, then run the server
// (which starts the embedded database, applies migrations and creates the demonstration groups on an
// empty database).
import { ensureDependencies, ensureWebBuild } from './lib/install.mjs';
import { ensureServerBuild } from './lib/servidor.mjs';
import { log, root } from './lib/run.mjs';
import { spawn } from 'node:child_process';

let servidor;
try {
  await ensureDependencies();
  await ensureWebBuild();
  servidor = await ensureServerBuild();
} catch (error) {
  console.error(`\n[retaguarda] Não foi possível preparar o aplicativo: ${error.message}`);
  process.exit(1);
}

log('Iniciando o servidor…');
const server = spawn(process.execPath, ['--enable-source-maps', servidor], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
