import type { i18n } from 'i18next';
import { RouterProvider } from 'react-router/dom';
import type { AppRouter } from './router.ts';
import { Providers } from './Providers.tsx';

export function App({ router, i18n }: { router: AppRouter; i18n: i18n }) {
  return (
    <Providers i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>
  );
}
