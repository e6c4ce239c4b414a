import type { PendenciasEstoque } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';

/** The screens that show the pendências (the server answers 403 to anyone who sees none of them). */
export const TELAS_PENDENCIAS = ['relatorioEstoqueProduto', 'estoqueFichaTecnica', 'relatorioVendaInsumos', 'dashboardDefault'] as const;

const chave = (empresa: string | undefined) => ['estoquePendencias', empresa] as const;

/** GET /api/estoquePendencias for the active company (nothing asked without the screens that show it). */
export function usePendenciasEstoque() {
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const permitido = TELAS_PENDENCIAS.some((tela) => pode(tela, 'ver'));
  return useQuery({
    queryKey: chave(empresa),
    queryFn: ({ signal }) => api.get<PendenciasEstoque>('estoquePendencias', { signal }),
    enabled: Boolean(empresa) && permitido,
    staleTime: 30_000,
  });
}

export interface Fechamento {
  _id: string;
  fechamento: 'reprocessada' | 'descartada';
  vendas: number;
  movimentos: number;
}

/** Posts the consumption of a fixed pendência's sales, or writes it off; the list (and every stock report) asked again after. */
export function useFecharPendencia(onSuccess: (r: Fechamento) => void, onError: (e: Error) => void) {
  const empresa = useGeral((s) => s.empresa?._id);
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: ({ id, acao }: { id: string; acao: 'reprocessar' | 'descartar' }) => api.post<Fechamento>(`estoquePendencias/${encodeURIComponent(id)}/${acao}`),
    onSuccess: async (r) => {
      await cliente.invalidateQueries({ queryKey: chave(empresa) });
      await cliente.invalidateQueries({ queryKey: ['relatorioEstoqueProduto'] });
      onSuccess(r);
    },
    onError,
  });
}

/** Where a pendência is fixed: the recipe sheet (opened, or a new one for the product), the product in the company, or the locations. */
export function linksDaPendencia(p: { tipo: string; produto: string; fichaId: string | null; produtoEmpresaId: string | null }): { local: string } | { ficha: string; produtoEmpresa: string } {
  if (p.tipo === 'semLocal') return { local: '/estoqueCadastro?novo=1' };
  return {
    ficha: p.fichaId ? `/estoqueFichaTecnica?editar=${encodeURIComponent(p.fichaId)}` : `/estoqueFichaTecnica?novo=1&paraProduto=${encodeURIComponent(p.produto)}`,
    produtoEmpresa: p.produtoEmpresaId ? `/produtoGeralEmpresa?editar=${encodeURIComponent(p.produtoEmpresaId)}` : '/produtoGeralEmpresa?novo=1',
  };
}
