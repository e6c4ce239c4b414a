import { initI18n } from '../i18n/index.ts';
import { configureOfflineStore } from '../offline/store.ts';
import { queryClient } from '../api/queryClient.ts';
import { registerServiceWorker } from '../pwa/register.ts';
import { useUpdateState } from '../pwa/updateState.ts';
import type { StartupModule } from './runner.ts';

/** The start-up modules, in the order they run (SPEC.md §4). */
export const startupModules: StartupModule[] = [
  { name: 'i18n', run: async () => void (await initI18n()) },
  { name: 'offline', run: () => void configureOfflineStore() },
  {
    name: 'queryClient',
    // The cache belongs to one session: start clean, and mount() hands this client to React.
    run: () => void queryClient.clear(),
  },
  {
    name: 'serviceWorker',
    run: () => {
      // The worker exists only in a build; in `vite dev` it would cache modules that change on every save.
      if (!import.meta.env.PROD) return;
      const start = () => void registerServiceWorker({ updated: (registration) => useUpdateState.getState().setUpdated(registration) });
      if (document.readyState === 'complete') start();
      else window.addEventListener('load', start, { once: true });
    },
  },
];
