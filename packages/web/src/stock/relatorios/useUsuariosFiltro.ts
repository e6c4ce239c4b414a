import type { OpcoesFiltroEstoque } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useGeral } from '../../session/store.ts';

/** The group's users a stock report's filter offers: POST /api/{tela}/filtros, with the report's permission. */
export function useUsuariosFiltro(tela: string): { value: string; label: string }[] {
  const empresa = useGeral((s) => s.empresa?._id);
  const opcoes = useQuery({
    queryKey: ['relatorioFiltros', tela, empresa],
    queryFn: ({ signal }) => api.post<OpcoesFiltroEstoque>(`${tela}/filtros`, {}, { signal }),
    enabled: Boolean(empresa),
    staleTime: 60_000,
  }).data;
  return (opcoes?.usuarios ?? []).map((u) => ({ value: u._id, label: u.nome }));
}
