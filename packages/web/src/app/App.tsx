import type { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { RouterProvider } from 'react-router/dom';
import type { AppRouter } from './router.ts';
import { Providers } from './Providers.tsx';

export function App({ router, queryClient, i18n }: { router: AppRouter; queryClient: QueryClient; i18n: i18n }) {
  return (
    <Providers queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>
  );
}
