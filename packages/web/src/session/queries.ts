import { useQuery } from '@tanstack/react-query';
import { sessaoApi } from './api.ts';
import { sessaoKey } from './sessaoKey.ts';
import { useGeral } from './store.ts';

export function useSessao() {
  const empresaId = useGeral((s) => s.empresa?._id);
  return useQuery({
    queryKey: sessaoKey(empresaId),
    queryFn: ({ signal }) => sessaoApi.sessao(signal),
    enabled: Boolean(empresaId),
  });
}
