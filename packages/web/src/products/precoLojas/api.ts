import type { LojaDoProduto } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useGeral } from '../../session/store.ts';

/** The user's stores with their tax choices and how each sells the product (GET /api/precoLojas). */
export function useLojasDoProduto(produtoGeral: string | undefined) {
  const empresaId = useGeral((s) => s.empresa?._id);
  return useQuery({
    // Under ['recurso', …]: a save that sends the stores' prices refreshes it.
    queryKey: ['recurso', 'produtoGeral', empresaId ?? 'nenhuma', 'lojas', produtoGeral ?? 'novo'],
    queryFn: ({ signal }) => api.get<LojaDoProduto[]>(`precoLojas${produtoGeral ? `?produtoGeral=${encodeURIComponent(produtoGeral)}` : ''}`, { signal }),
    staleTime: 0,
  });
}
