import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../api/queryClient.ts';

/**
 * The server-state cache around the signed-in layout. Only there: the public pages read nothing
 * through it, and /login does not download TanStack Query's client.
 */
export function ConsultasDoServidor({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
