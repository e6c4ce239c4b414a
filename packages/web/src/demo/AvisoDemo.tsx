import { Alert, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';

interface EstadoDemo {
  preenchendo: boolean;
  feitos: number;
  total: number;
}

/**
 * While the server still fills the demonstration in the background (first start, DEMO_VENDAS), a
 * notice with how many days are ready (today comes first, so one ready day is today); the screen's data is asked again as days arrive and at the end.
 */
const useEstadoDemo = () =>
  useQuery({
    queryKey: ['demoEstado'],
    queryFn: ({ signal }) => api.get<EstadoDemo>('demo/estado', { signal }),
    refetchInterval: (q) => (q.state.data?.preenchendo ? 5_000 : false),
    staleTime: 5_000,
  });

/** Whether the demonstration is still being filled: an empty day then says nothing of the terminals. */
export const useDemoPreenchendo = (): boolean => useEstadoDemo().data?.preenchendo === true;

export function AvisoDemo() {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const estado = useEstadoDemo();
  const feitos = useRef<number | null>(null);
  const d = estado.data;
  useEffect(() => {
    if (!d) return;
    // New days (or the end): every other query of the screen is refreshed.
    if (feitos.current !== null && (d.feitos !== feitos.current || !d.preenchendo)) void cliente.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'demoEstado' });
    feitos.current = d.preenchendo ? d.feitos : null;
  }, [d, cliente]);
  if (!d?.preenchendo) return null;
  return (
    <Alert color="blue" icon={<Loader size="xs" />} title={t('demo.preenchendo')} data-testid="aviso-demo">
      {t(d.feitos > 0 ? 'demo.hojePronto' : 'demo.preenchendoAjuda', { feitos: d.feitos, total: d.total })}
    </Alert>
  );
}
