import { api } from '../../api/client.ts';

export interface ResumoDia {
  vendas: number;
  total: number;
  ticketMedio: number;
  canceladas: number;
  valorCancelado: number;
}

/** POST /api/dashboard (server: packages/server/src/sales/relatorios/dashboard.ts). */
export interface Dashboard {
  data: string;
  comparacao: string;
  resumo: { dia: ResumoDia; comparacao: ResumoDia };
  porHora: { hora: number; dia: number; comparacao: number }[];
  porCanal: { canal: string; vendas: number; total: number }[];
  porPagamento: { formaPagamento: string; descricao: string; tPag: string; total: number }[];
  topProdutos: { produto: string; descricao: string; quantidade: string; total: number }[];
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  dia: (empresa: string | undefined, data: string) => [...dashboardKeys.all, empresa ?? '', data] as const,
};

export const dashboardApi = {
  carregar: (data: string, signal?: AbortSignal) => api.post<Dashboard>('dashboard', { data }, { signal }),
};
