import { Button, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { dataBr, reais, type Chargeback } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { useGeral } from '../../session/store.ts';
import { calendarioKeys } from './calendarioKeys.ts';

/** The active store's chargebacks debited in the month, each reversible once (the dispute won). Hidden when there are none. */
export function ChargebacksDoMes({ de, ate }: { de: string; ate: string }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const queryClient = useQueryClient();
  const [estornar, setEstornar] = useState<Chargeback | null>(null);
  const [motivo, setMotivo] = useState('');
  const lista = useQuery({
    queryKey: [...calendarioKeys.todas(empresa), 'chargebacks', de, ate],
    queryFn: ({ signal }) => api.post<Chargeback[]>('calendarioRecebimento/chargebacks/lista', { de, ate }, { signal }),
  });
  const estorno = useMutation({
    mutationFn: (c: Chargeback) => api.post<Chargeback>(`calendarioRecebimento/chargebacks/${encodeURIComponent(c._id)}/estornar`, { motivo }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('calendario.chargeback.estornadoOk') });
      setEstornar(null);
      setMotivo('');
      void queryClient.invalidateQueries({ queryKey: calendarioKeys.todas(empresa) });
    },
  });
  const linhas = lista.data ?? [];
  if (!linhas.length) return null;
  return (
    <SecaoRelatorio titulo={t('calendario.chargeback.doMes')} testid="calendario-chargebacks">
      <Table.ScrollContainer minWidth={760}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              {(['data', 'venda', 'conta', 'motivo', 'valor', 'situacao'] as const).map((c) => (
                <Table.Th key={c} ta={c === 'valor' ? 'right' : undefined}>{t(`calendario.chargeback.colunas.${c}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {linhas.map((c) => (
              <Table.Tr key={c._id} data-testid="calendario-chargeback-linha">
                <Table.Td>{dataBr(c.data)}</Table.Td>
                <Table.Td>{c.pedidoId ?? c.venda}</Table.Td>
                <Table.Td>{c.contaNome}</Table.Td>
                <Table.Td>{c.motivo}</Table.Td>
                <Table.Td ta="right">{reais(c.valor)}</Table.Td>
                <Table.Td>
                  {c.estorno ? (
                    <Text size="sm" c="dimmed">{t('calendario.chargeback.estornado', { quando: dataBr(c.estorno.registradoEm.slice(0, 10)), motivo: c.estorno.motivo })}</Text>
                  ) : (
                    <Button size="compact-xs" variant="subtle" onClick={() => setEstornar(c)} data-testid="calendario-chargeback-estornar">{t('calendario.chargeback.estornar')}</Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={estornar !== null}
        title={t('calendario.chargeback.estornarTitulo')}
        okLabel={t('calendario.chargeback.estornar')}
        cancelLabel={t('conciliacaoCaixa.cancelar')}
        okLoading={estorno.isPending}
        onOk={() => estornar && estorno.mutate(estornar)}
        onCancel={() => setEstornar(null)}
        testIds={{ dialogo: 'chargeback-estornar-dialogo', ok: 'chargeback-estornar-ok' }}
      >
        <Text size="sm">{t('calendario.chargeback.estornarTexto', { valor: estornar ? reais(estornar.valor) : '' })}</Text>
        <Textarea label={t('calendario.chargeback.motivo')} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} maxLength={200} autosize minRows={2} data-testid="chargeback-estornar-motivo" />
        {estorno.error ? <Text size="sm" c="red.8">{estorno.error.message}</Text> : null}
      </ConfirmDialog>
    </SecaoRelatorio>
  );
}
