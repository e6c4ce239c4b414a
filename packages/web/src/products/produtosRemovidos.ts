import { produtosRemovidos } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { resourceKeys } from '../resources/api.ts';
import type { Registro } from '../resources/exportar.ts';
import { useGeral } from '../session/store.ts';

/** A promotion whose list names products that are gone (deleted or in the trash), and which rows. */
export interface PromocaoARevisar {
  _id: string;
  descricao: string;
  linhas: number[];
}

const LIMITE = 20000;

/** The promotions (not in the trash) with removed products, from getPopulate populating produtos.produto. */
export async function buscarPromocoesARevisar(signal?: AbortSignal): Promise<PromocaoARevisar[]> {
  const registros = await api.post<Registro[]>('produtoPromocao/getPopulate', { filtro: { lixo: false }, populate: 'produtos.produto', select: 'descricao produtos', limit: LIMITE }, { signal });
  return (Array.isArray(registros) ? registros : [])
    .map((r) => ({ _id: r._id, descricao: typeof r.descricao === 'string' ? r.descricao : r._id, linhas: produtosRemovidos(Array.isArray(r.produtos) ? (r.produtos as { produto?: unknown }[]) : []) }))
    .filter((p) => p.linhas.length > 0);
}

/** Refreshed with the promotion list (a save or a trash invalidates its queries). */
export function usePromocoesARevisar() {
  const empresaId = useGeral((s) => s.empresa?._id);
  return useQuery({
    queryKey: [...resourceKeys.lists('produtoPromocao', empresaId), 'produtosRemovidos'],
    queryFn: ({ signal }) => buscarPromocoesARevisar(signal),
  });
}

/** Ids of the products still live (not in the trash) among `ids`. */
export async function produtosVivos(ids: readonly string[], signal?: AbortSignal): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const registros = await api.post<Registro[]>('produtoGeral/getPopulate', { filtro: { _id: { $in: [...ids] }, lixo: false }, select: '_id', limit: LIMITE }, { signal });
  return new Set((Array.isArray(registros) ? registros : []).map((r) => r._id));
}

/** Rows of the form's product list whose product is gone; follows the rows as they are edited. */
export function useLinhasRemovidas(produtos: unknown): number[] {
  const empresaId = useGeral((s) => s.empresa?._id);
  const linhas = Array.isArray(produtos) ? (produtos as { produto?: unknown }[]) : [];
  const ids = [...new Set(linhas.map((l) => (typeof l?.produto === 'string' ? l.produto : '')).filter(Boolean))].sort();
  const vivos = useQuery({
    queryKey: [...resourceKeys.all('produtoGeral', empresaId), 'vivos', ids],
    queryFn: ({ signal }) => produtosVivos(ids, signal),
    enabled: ids.length > 0,
  });
  if (!vivos.data) return [];
  return linhas.flatMap((l, i) => (typeof l?.produto === 'string' && l.produto && !vivos.data.has(l.produto) ? [i] : []));
}
