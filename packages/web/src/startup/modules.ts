import { initI18n } from '../i18n/index.ts';
import { quandoSossegar } from '../pwa/quandoSossegar.ts';
import { registerServiceWorker } from '../pwa/register.ts';
import { useUpdateState } from '../pwa/updateState.ts';
import type { StartupModule } from './runner.ts';

/**
 * The start-up modules, in the order they run (SPEC.md §4). The offline store (offline/store.ts) is
 * not configured here: nothing reads it yet, and localforage would join the login page's download.
 * Nor is the server-state cache: it comes with the signed-in layout (app/ConsultasDoServidor.tsx).
 */
export const startupModules: StartupModule[] = [
  // The public pages' texts; the signed-in layout adds the rest (app/routes.tsx).
  { name: 'i18n', run: async () => void (await initI18n(undefined, { soPublicos: true })) },
  {
    name: 'serviceWorker',
    run: () => {
      // The worker exists only in a build; in `vite dev` it would cache modules that change on every save.
      if (!import.meta.env.PROD) return;
      // Once the first screen has settled: installing, the worker downloads every file of the build (pwa/quandoSossegar.ts).
      const start = () => void quandoSossegar().then(() => registerServiceWorker({ updated: (registration) => useUpdateState.getState().setUpdated(registration) }));
      if (document.readyState === 'complete') start();
      else window.addEventListener('load', start, { once: true });
    },
  },
];
