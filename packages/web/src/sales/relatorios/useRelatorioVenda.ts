import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useGeral } from '../../session/store.ts';
import { agrupamentos, relatorioVendaApi, relatorioVendaKeys, type Agrupamento, type FiltroRelatorioVenda } from './relatorioVendaApi.ts';
import { useFiltroRelatorio } from './useFiltroRelatorio.ts';

/** Controller of relatorioVenda: the shared report filters plus the grouping (?agrupar=), by day by default. */
export function useRelatorioVenda() {
  const { filtro: base, params, hoje, alterar } = useFiltroRelatorio();
  const filtro: FiltroRelatorioVenda = useMemo(() => {
    const agrupar = params.get('agrupar');
    return { ...base, agrupar: agrupamentos.includes(agrupar as Agrupamento) ? (agrupar as Agrupamento) : 'dia' };
  }, [base, params]);
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({
    queryKey: relatorioVendaKeys.consulta(empresa, filtro),
    queryFn: ({ signal }) => relatorioVendaApi.consultar(filtro, signal),
    enabled: Boolean(empresa),
  });
  return { filtro, hoje, alterar, resultado: consulta.data, carregando: consulta.isFetching, erro: consulta.error };
}
