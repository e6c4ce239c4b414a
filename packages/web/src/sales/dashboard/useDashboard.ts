import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useGeral } from '../../session/store.ts';
import { dashboardApi, dashboardKeys } from './dashboardApi.ts';

/** Today in the stores' clock (São Paulo, UTC−3), 'aaaa-mm-dd'. */
export const hojeNoFuso = (agora = new Date()) => new Date(agora.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
export const somarDias = (data: string, n: number) => new Date(Date.parse(`${data}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const DATA = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Controller of dashboardDefault: the day lives in the URL (?data=aaaa-mm-dd, a link shows the same
 * day); the active company is part of the query key, so switching companies reloads; today's panel
 * refreshes itself every minute.
 */
export function useDashboard() {
  const [params, setParams] = useSearchParams();
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
