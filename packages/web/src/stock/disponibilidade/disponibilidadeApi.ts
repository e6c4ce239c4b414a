import type { DisponibilidadeEstoque } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';

/** GET /api/estoqueDisponibilidade for the active company (asked only by who may see the stock position). */
export function useDisponibilidadeEstoque() {
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  return useQuery({
    // Under the stock position's key: whatever refreshes the position (a count approved, a document) refreshes this too.
    queryKey: ['relatorioEstoqueProduto', 'disponibilidade', empresa],
    queryFn: ({ signal }) => api.get<DisponibilidadeEstoque>('estoqueDisponibilidade', { signal }),
    enabled: Boolean(empresa) && pode('relatorioEstoqueProduto', 'ver'),
    staleTime: 15_000,
  });
}

type Falta = DisponibilidadeEstoque['indisponiveis'][number]['faltas'][number];

/** What a product lacks, in words: its own shelf is empty, or one unit takes more of an ingredient than there is. */
export function textoDaFalta(produto: string, f: Falta, t: (k: string, o?: Record<string, unknown>) => string, formatQtd: (q: string, u: string | null) => string): string {
  if (f.produto === produto) return t('estoqueDisponibilidade.semSaldo', { saldo: formatQtd(f.saldo, f.unidade) });
  return t('estoqueDisponibilidade.falta', { ingrediente: f.descricao ?? f.produto, necessario: formatQtd(f.necessario, f.unidade), saldo: formatQtd(f.saldo, f.unidade) });
}
