import { compararPt } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { resourceApi, resourceKeys } from '../../resources/api.ts';
import { rotuloDeRegistro } from '../../resources/format.ts';
import { useGeral } from '../../session/store.ts';

/** A product that can be produced: it has an active recipe sheet. */
export interface ProdutoComFicha {
  id: string;
  rotulo: string;
  /** Its stock unit's id. */
  unidade: string | null;
}

/** The group's products with an active recipe sheet, by label. */
export function useProdutosComFicha() {
  const empresa = useGeral((s) => s.empresa?._id);
  return useQuery({
    queryKey: [...resourceKeys.opcoes('estoqueFichaTecnica', empresa), 'producao'],
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const { registros } = await resourceApi('estoqueFichaTecnica').list({ filtro: { lixo: false, ativo: true }, populate: ['produto'], sort: { produto: 1 }, limit: 5000, skip: 0 }, signal);
      return registros
        .flatMap((r): ProdutoComFicha[] => {
          const p = r.produto;
          if (!p || typeof p !== 'object') return [];
          const produto = p as { _id: string; unidade?: unknown };
          return [{ id: produto._id, rotulo: rotuloDeRegistro(produto), unidade: typeof produto.unidade === 'string' ? produto.unidade : null }];
        })
        .sort((a, b) => compararPt(a.rotulo, b.rotulo));
    },
  });
}

/** The units a product's quantity may be typed in: its stock unit first, then those with a conversion factor ('CX (12)'). */
export function useUnidadesDoProduto(produto: ProdutoComFicha | null) {
  const empresa = useGeral((s) => s.empresa?._id);
  return useQuery({
    queryKey: [...resourceKeys.opcoes('estoqueProdutoFatorConversao', empresa), 'producao', produto?.id ?? ''],
    enabled: Boolean(produto),
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const [fatores, unidade] = await Promise.all([
        resourceApi('estoqueProdutoFatorConversao').list({ filtro: { lixo: false, produto: produto!.id }, populate: ['unidade'], sort: { produto: 1 }, limit: 100, skip: 0 }, signal),
        produto!.unidade ? resourceApi('unidadeMedida').get(produto!.unidade, signal) : Promise.resolve(null),
      ]);
      const opcoes: { value: string; label: string; fator: string | null }[] = [];
      if (unidade && produto!.unidade) opcoes.push({ value: produto!.unidade, label: String(unidade.sigla ?? ''), fator: null });
      for (const f of fatores.registros) {
        const u = f.unidade as { _id?: string; sigla?: string } | null;
        if (u?._id) opcoes.push({ value: u._id, label: String(u.sigla ?? ''), fator: String(f.fator ?? '') });
      }
      return opcoes;
    },
  });
}
