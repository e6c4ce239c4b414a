import { hojeNoFuso } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useGeral } from '../../session/store.ts';
import { dashboardApi, dashboardKeys } from './dashboardApi.ts';
import { useUrlParams } from '../../app/useUrlParams.ts';

const DATA = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Controller of dashboardDefault: the day lives in the URL (?data=aaaa-mm-dd, a link shows the same
 * day); the active company is part of the query key, so switching companies reloads; today's panel
 * refreshes itself every minute.
 */
export function useDashboard() {
  const [params, setParams] = useUrlParams();
  const hoje = hojeNoFuso();
  const pedida = params.get('data');
  const data = pedida && DATA.test(pedida) ? pedida : hoje;
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({
    queryKey: dashboardKeys.dia(empresa, data),
    queryFn: ({ signal }) => dashboardApi.carregar(data, signal),
    enabled: Boolean(empresa),
    refetchInterval: data === hoje ? 60_000 : false,
  });
  const irPara = useCallback(
    (nova: string) =>
      setParams(
        (p) => {
          const proximo = new URLSearchParams(p);
          if (nova === hojeNoFuso()) proximo.delete('data');
          else proximo.set('data', nova);
          return proximo;
        },
        { replace: false },
      ),
    [setParams],
  );
  return { data, hoje, ehHoje: data === hoje, dashboard: consulta.data, carregando: consulta.isPending, erro: consulta.error, irPara };
}
