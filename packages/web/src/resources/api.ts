import { api, requestWithHeaders } from '../api/client.ts';
import type { Registro } from './exportar.ts';
import type { GetPopulateBody } from './listState.ts';

/**
 * Query keys of one resource. The active company id is part of every key, so a company switch
 * never shows the previous company's records from the cache.
 */
export const resourceKeys = {
  all: (nome: string, empresaId: string | undefined) => ['recurso', nome, empresaId ?? 'nenhuma'] as const,
  lists: (nome: string, empresaId: string | undefined) => [...resourceKeys.all(nome, empresaId), 'lista'] as const,
  list: (nome: string, empresaId: string | undefined, body: GetPopulateBody) => [...resourceKeys.lists(nome, empresaId), body] as const,
  detail: (nome: string, empresaId: string | undefined, id: string) => [...resourceKeys.all(nome, empresaId), 'registro', id] as const,
  opcoes: (nome: string, empresaId: string | undefined) => [...resourceKeys.all(nome, empresaId), 'opcoes'] as const,
};

export interface Pagina {
  registros: Registro[];
  total: number;
}

/** The generic resource API of the server (ARCHITECTURE.md, API). */
export function resourceApi(nome: string) {
  const base = encodeURIComponent(nome);
  return {
    async list(body: GetPopulateBody, signal?: AbortSignal): Promise<Pagina> {
      const { data, headers } = await requestWithHeaders<Registro[]>('POST', `${base}/getPopulate`, body, { signal });
      const registros = Array.isArray(data) ? data : [];
      const total = Number(headers.get('x-total-count'));
      return { registros, total: Number.isFinite(total) && headers.has('x-total-count') ? total : body.skip + registros.length };
    },
    get: (id: string, signal?: AbortSignal) => api.get<Registro>(`${base}/${encodeURIComponent(id)}`, { signal }),
    create: (dados: Record<string, unknown>) => api.post<Registro>(base, dados),
    update: (id: string, dados: Record<string, unknown>) => api.put<Registro>(`${base}/${encodeURIComponent(id)}`, dados),
    trash: (id: string) => api.delete<unknown>(`${base}/${encodeURIComponent(id)}`),
    restore: (id: string) => api.post<unknown>(`${base}/${encodeURIComponent(id)}/restaurar`, {}),
  };
}

/** Records the session carries (docs/decisions/0006): saving one refreshes the session (company switcher, group name). */
export const alimentaSessao = (nome: string) => nome === 'empresa' || nome === 'grupoEmpresarial';
