import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../resources/api.ts';
import { rotuloDeRegistro } from '../../resources/format.ts';
import type { ProdutoEscolhido } from '../documentoForm.ts';

/** The product of a report's URL (?produto=<id>) with its label and stock unit, for the picker. */
export function useProdutoDaUrl(id: string | null) {
  return useQuery({
    queryKey: ['relatorioEstoque', 'produto', id],
    enabled: Boolean(id),
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<ProdutoEscolhido> => {
      const p = await resourceApi('produtoGeral').get(id!, signal);
      let unidade: string | null = null;
      if (p.unidade && typeof p.unidade === 'object') unidade = String((p.unidade as { sigla?: unknown }).sigla ?? '') || null;
      else if (typeof p.unidade === 'string' && p.unidade) unidade = String((await resourceApi('unidadeMedida').get(p.unidade, signal)).sigla ?? '') || null;
      return { id: p._id, rotulo: rotuloDeRegistro(p), unidade };
    },
  });
}
