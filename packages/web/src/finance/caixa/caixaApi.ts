import type { AprovacaoCaixaBody, ReaberturaCaixaBody, FiltroPeriodosCaixa, MovimentoCaixa, MovimentoCaixaBody, PeriodoCaixa, ResumoCaixa, SituacaoPeriodoCaixa } from '@retaguarda/domain';
import { api } from '../../api/client.ts';

/** conciliacaoCaixa's API (server: finance/caixa/routes.ts). */
export const caixaKeys = {
  todas: (empresa: string | undefined) => ['conciliacaoCaixa', empresa] as const,
};

export const caixaApi = {
  periodos: (f: FiltroPeriodosCaixa, signal?: AbortSignal) => api.post<PeriodoCaixa[]>('conciliacaoCaixa/periodos', f, { signal }),
  resumo: (id: string, signal?: AbortSignal) => api.get<ResumoCaixa>(`conciliacaoCaixa/${encodeURIComponent(id)}`, { signal }),
  movimento: (id: string, m: MovimentoCaixaBody) => api.post<MovimentoCaixa>(`conciliacaoCaixa/${encodeURIComponent(id)}/movimentos`, m),
  aprovar: (id: string, b: AprovacaoCaixaBody) => api.post<ResumoCaixa>(`conciliacaoCaixa/${encodeURIComponent(id)}/aprovar`, b),
  reabrir: (id: string, b: ReaberturaCaixaBody) => api.post<ResumoCaixa>(`conciliacaoCaixa/${encodeURIComponent(id)}/reabrir`, b),
};

/** A period's situation as a badge colour: open blue, closed orange (waiting for approval), approved teal. */
export const corSituacao: Record<SituacaoPeriodoCaixa, string> = { aberto: 'blue', fechado: 'orange', aprovado: 'teal' };
