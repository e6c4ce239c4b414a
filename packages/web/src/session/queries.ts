import { useQuery } from '@tanstack/react-query';
import { sessaoApi } from './api.ts';
import { useGeral } from './store.ts';

/**
 * Query keys carry the active company id, so a company switch asks the server again instead of
 * showing the previous company's data from the cache.
 */
export const sessaoKey = (empresaId: string | undefined) => ['sessao', empresaId ?? 'nenhuma'] as const;

export function useSessao() {
  const empresaId = useGeral((s) => s.empresa?._id);
  return useQuery({
    queryKey: sessaoKey(empresaId),
    queryFn: ({ signal }) => sessaoApi.sessao(signal),
    enabled: Boolean(empresaId),
  });
}
