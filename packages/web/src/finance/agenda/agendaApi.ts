import type { BaixaBody, BaixasVarias, BaixaVariasBody, EdicaoTituloBody, Titulo, TituloBody } from '@retaguarda/domain';
import { api } from '../../api/client.ts';

export const agendaKeys = {
  todas: (empresa: string | undefined) => ['financeiroAgenda', empresa] as const,
};

/** financeiroAgenda's API (server: finance/agenda/routes.ts). */
export const agendaApi = {
  titulo: (id: string, signal?: AbortSignal) => api.get<Titulo>(`financeiroAgenda/${id}`, { signal }),
  criar: (t: Omit<TituloBody, 'documento'> & { documento?: string }) => api.post<Titulo[]>('financeiroAgenda', t),
  editar: (titulo: string, e: Omit<EdicaoTituloBody, 'documento'> & { documento?: string }) => api.put<Titulo>(`financeiroAgenda/${titulo}`, e),
  baixarVarias: (b: BaixaVariasBody) => api.post<BaixasVarias>('financeiroAgenda/baixarVarias', b),
  baixar: (parcela: string, b: Partial<BaixaBody>) => api.post<Titulo>(`financeiroAgenda/parcelas/${parcela}/baixar`, b),
  estornar: (baixa: string, motivo: string) => api.post<Titulo>(`financeiroAgenda/baixas/${baixa}/estornar`, { motivo }),
  cancelar: (titulo: string, motivo: string) => api.post<Titulo>(`financeiroAgenda/${titulo}/cancelar`, { motivo }),
  anexar: (titulo: string, arquivo: { nome: string; tipo: string; conteudo: string }) => api.post<Titulo>(`financeiroAgenda/${titulo}/anexos`, arquivo),
  desanexar: (titulo: string, arquivo: string) => api.delete<Titulo>(`financeiroAgenda/${titulo}/anexos/${arquivo}`),
};

/** `hoje` for a due-date field: any day ahead is allowed (CampoDia refuses days after `hoje`, which suits the reports' days). */
export const VENCIMENTO_SEM_LIMITE = '9999-12-31';

/** The status chip's colour: overdue in red. */
export const corStatus: Record<string, string> = { aberta: 'blue', parcial: 'yellow', paga: 'teal', vencida: 'red', cancelada: 'gray' };
