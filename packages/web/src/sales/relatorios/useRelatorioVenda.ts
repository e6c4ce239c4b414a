import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useGeral } from '../../session/store.ts';
import { hojeNoFuso, somarDias } from '../dashboard/useDashboard.ts';
import { agrupamentos, relatorioVendaApi, relatorioVendaKeys, type Agrupamento, type FiltroRelatorioVenda } from './relatorioVendaApi.ts';

const DATA = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Controller of relatorioVenda: every filter lives in the URL (?de=&ate=&agrupar=&canal=…), so a
 * link or a reload shows the same report; the default is the last 30 days by day.
 */
export function useRelatorioVenda() {
  const [params, setParams] = useSearchParams();
  const hoje = hojeNoFuso();
  const filtro: FiltroRelatorioVenda = useMemo(() => {
    const de = params.get('de');
    const ate = params.get('ate');
    const agrupar = params.get('agrupar');
    return {
      de: de && DATA.test(de) ? de : somarDias(hoje, -29),
      ate: ate && DATA.test(ate) ? ate : hoje,
      agrupar: agrupamentos.includes(agrupar as Agrupamento) ? (agrupar as Agrupamento) : 'dia',
      canais: params.getAll('canal'),
    };
  }, [params, hoje]);
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({
    queryKey: relatorioVendaKeys.consulta(empresa, filtro),
    queryFn: ({ signal }) => relatorioVendaApi.consultar(filtro, signal),
    enabled: Boolean(empresa),
  });
  const alterar = useCallback(
    (mudanca: Partial<FiltroRelatorioVenda>) =>
      setParams((p) => {
        const proximo = new URLSearchParams(p);
        for (const [chave, valor] of Object.entries(mudanca)) {
          if (chave === 'canais') {
            proximo.delete('canal');
            for (const canal of valor as string[]) proximo.append('canal', canal);
          } else proximo.set(chave, String(valor));
        }
        return proximo;
      }),
    [setParams],
  );
  return { filtro, hoje, alterar, resultado: consulta.data, carregando: consulta.isFetching, erro: consulta.error };
}
