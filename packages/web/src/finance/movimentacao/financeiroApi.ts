import { arvoreDoPlano, type FiltroMovimentacao, type Movimentacao, type MovimentoFinanceiro, type MovimentoFinanceiroBody, type SaldoConta, type TransferenciaFinanceiraBody } from '@retaguarda/domain';

export type { LinhaMovimentacao } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { resourceApi, resourceKeys } from '../../resources/api.ts';
import { useGeral } from '../../session/store.ts';

export const financeiroKeys = {
  todas: (empresa: string | undefined) => ['financeiroMovimentacao', empresa] as const,
};

/** The money ledger's API (server: finance/movimentacaoRoutes.ts). */
export const financeiroApi = {
  listar: (f: FiltroMovimentacao, signal?: AbortSignal) => api.post<Movimentacao>('financeiroMovimentacao/lista', f, { signal }),
  saldos: (data: string, signal?: AbortSignal) => api.get<SaldoConta[]>(`financeiroMovimentacao/saldos?data=${data}`, { signal }),
  lancar: (m: MovimentoFinanceiroBody) => api.post<MovimentoFinanceiro>('financeiroMovimentacao', m),
  transferir: (t: TransferenciaFinanceiraBody) => api.post<MovimentoFinanceiro[]>('financeiroMovimentacao/transferencia', t),
  estornar: (id: string, motivo: string) => api.post<MovimentoFinanceiro[]>(`financeiroMovimentacao/${id}/estornar`, { motivo }),
};

export interface NoArvorePlano {
  _id: string;
  codigo: string;
  nome: string;
  pai: string | null;
  natureza: string;
  ativo: boolean;
  nivel: number;
}

/** The group's chart of accounts in tree order with each node's depth (refreshed with the resource's lists). */
export function useArvorePlano() {
  const empresa = useGeral((s) => s.empresa?._id);
  return useQuery({
    queryKey: [...resourceKeys.all('financeiroPlanoConta', empresa), 'arvore'],
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<NoArvorePlano[]> => {
      const { registros } = await resourceApi('financeiroPlanoConta').list({ filtro: { lixo: false }, sort: { codigo: 1 }, limit: 1000, skip: 0 }, signal);
      const nos = registros.map((r) => ({ _id: r._id, codigo: String(r.codigo), nome: String(r.nome), pai: (r.pai as string | null) ?? null, natureza: String(r.natureza), ativo: r.ativo !== false }));
      return arvoreDoPlano(nos).map(({ no, nivel }) => ({ ...no, nivel }));
    },
  });
}

/** The chart as options '5.01 Aluguel', indented by depth. */
export function useOpcoesPlano() {
  const arvore = useArvorePlano();
  return { ...arvore, data: arvore.data?.map((n) => ({ value: n._id, label: `${'\u2003'.repeat(n.nivel)}${n.codigo} ${n.nome}`, ativo: n.ativo })) };
}
