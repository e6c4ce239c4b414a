import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useGeral } from '../../session/store.ts';

/**
 * A report's answer for the filter: POST /api/{rota}, asked again when the filter or the active
 * company changes (the company is in the key). `chave` names the cache entry when two screens ask
 * the same route (relatorioVendaFranquia asks relatorioVenda by store); `ativa: false` holds the
 * question back (while the page rewrites its URL).
 */
export function useConsultaRelatorio<T>(rota: string, filtro: object, { chave = rota, ativa = true }: { chave?: string; ativa?: boolean } = {}) {
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({
    queryKey: [chave, empresa, filtro],
    queryFn: ({ signal }) => api.post<T>(rota, filtro, { signal }),
    enabled: Boolean(empresa) && ativa,
  });
  return { dados: consulta.data, erro: consulta.error };
}
