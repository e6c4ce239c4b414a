import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { dataBr, reais, type Campo, type Chargeback } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { DialogoEstorno } from '../../app/DialogoEstorno.tsx';
import { SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useGeral } from '../../session/store.ts';
import { calendarioKeys } from './calendarioKeys.ts';

const colunas = (t: (k: string) => string): Record<string, Campo> => ({
  data: { rotulo: t('calendario.chargeback.colunas.data'), tipo: 'texto' },
  venda: { rotulo: t('calendario.chargeback.colunas.venda'), tipo: 'texto' },
  conta: { rotulo: t('calendario.chargeback.colunas.conta'), tipo: 'texto' },
  motivo: { rotulo: t('calendario.chargeback.colunas.motivo'), tipo: 'texto' },
  valor: { rotulo: t('calendario.chargeback.colunas.valor'), tipo: 'dinheiro' },
  situacao: { rotulo: t('calendario.chargeback.colunas.situacao'), tipo: 'texto' },
});

/** The active store's chargebacks debited in the month, each reversible once (the dispute won). Hidden when there are none. */
export function ChargebacksDoMes({ de, ate }: { de: string; ate: string }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const queryClient = useQueryClient();
  const [estornar, setEstornar] = useState<Chargeback | null>(null);
  const lista = useQuery({
    queryKey: [...calendarioKeys.todas(empresa), 'chargebacks', de, ate],
    queryFn: ({ signal }) => api.post<Chargeback[]>('calendarioRecebimento/chargebacks/lista', { de, ate }, { signal }),
  });
  const estorno = useMutation({
    mutationFn: ({ c, motivo }: { c: Chargeback; motivo: string }) => api.post<Chargeback>(`calendarioRecebimento/chargebacks/${encodeURIComponent(c._id)}/estornar`, { motivo }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('calendario.chargeback.estornadoOk') });
      setEstornar(null);
      void queryClient.invalidateQueries({ queryKey: calendarioKeys.todas(empresa) });
    },
  });
  const linhas = lista.data ?? [];
  if (!linhas.length) return null;
  return (
    <SecaoRelatorio titulo={t('calendario.chargeback.doMes')} testid="calendario-chargebacks">
      <TabelaRelatorio
        colunas={colunas(t)}
        // The reversal's text is the cell's; a chargeback still standing offers its reversal instead.
        linhas={linhas.map((c) => ({ _id: c._id, data: dataBr(c.data), venda: c.pedidoId ?? c.venda, conta: c.contaNome, motivo: c.motivo, valor: c.valor, situacao: c }))}
        celula={(coluna, l) => {
          if (coluna !== 'situacao') return undefined;
          const c = l.situacao as Chargeback;
          return c.estorno ? (
            <Text size="sm" c="dimmed">{t('calendario.chargeback.estornado', { quando: dataBr(c.estorno.registradoEm.slice(0, 10)), motivo: c.estorno.motivo })}</Text>
          ) : (
            <Button size="compact-xs" variant="subtle" onClick={() => setEstornar(c)} data-testid="calendario-chargeback-estornar">{t('calendario.chargeback.estornar')}</Button>
          );
        }}
        testid="calendario-chargebacks-tabela"
        linhaTestid="calendario-chargeback-linha"
        minWidth={760}
      />
      <DialogoEstorno
        key={estornar?._id ?? ''}
        opened={estornar !== null}
        title={t('calendario.chargeback.estornarTitulo')}
        texto={estornar ? t('calendario.chargeback.estornarTexto', { valor: reais(estornar.valor) }) : ''}
        okLabel={t('calendario.chargeback.estornar')}
        cancelLabel={t('conciliacaoCaixa.cancelar')}
        motivoLabel={t('calendario.chargeback.motivo')}
        motivoCurto={t('financeiroMov.motivoCurto')}
        erro={estorno.error?.message ?? null}
        onLimparErro={estorno.reset}
        okLoading={estorno.isPending}
        onCancel={() => {
          setEstornar(null);
          estorno.reset();
        }}
        onConfirmar={(motivo) => estornar && estorno.mutate({ c: estornar, motivo })}
        prefixo="chargeback"
      />
    </SecaoRelatorio>
  );
}
