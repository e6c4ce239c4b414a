import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadConfig } from './app/config.ts';
import { createAppRouter } from './app/router.ts';
import { aquecerPrimeiraRota } from './app/routes.tsx';
import { i18next } from './i18n/index.ts';
import { textosPublicos } from './i18n/publico.ts';
import { boot } from './startup/boot.ts';
import { startupModules } from './startup/modules.ts';
import { runStartup } from './startup/runner.ts';
import { removerEsqueleto } from './startup/esqueleto.ts';

/** Written without React or i18n, which may be what failed. */
function showFailure(root: HTMLElement): void {
  const p = document.createElement('p');
  p.setAttribute('role', 'alert');
  p.setAttribute('data-testid', 'falha-inicio');
  p.style.cssText = 'font-family: system-ui, sans-serif; max-width: 32rem; margin: 20vh auto; padding: 0 1rem; font-size: 1.1rem;';
  p.textContent = textosPublicos.app.falhaInicio;
  root.replaceChildren(p);
  removerEsqueleto();
}

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root ausente no index.html');
  await boot({
    loadConfig: () => loadConfig(),
    runStartup: () => runStartup(startupModules, { path: window.location.pathname }),
    redirect: (to) => window.location.assign(to),
    showFailure: () => showFailure(root),
    mount: () => {
      const router = createAppRouter();
      createRoot(root).render(
        <StrictMode>
          <App router={router} i18n={i18next} />
        </StrictMode>,
      );
    },
  });
}

aquecerPrimeiraRota(window.location.pathname);
start().catch((error: unknown) => {
  console.error('Falha ao iniciar o Retaguarda', error);
  const root = document.getElementById('root');
  if (root) showFailure(root);
});
