import type { PainelDoDia } from '@retaguarda/domain';
import { api } from '../../api/client.ts';

export type Dashboard = PainelDoDia;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  dia: (empresa: string | undefined, data: string) => [...dashboardKeys.all, empresa ?? '', data] as const,
};

/** POST /api/dashboard (server: packages/server/src/sales/relatorios/dashboard.ts). */
export const dashboardApi = {
  carregar: (data: string, signal?: AbortSignal) => api.post<Dashboard>('dashboard', { data }, { signal }),
};
