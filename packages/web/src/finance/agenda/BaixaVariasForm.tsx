import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { formatCentavos } from '../../resources/format.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { agendaApi } from './agendaApi.ts';

/** "Baixar selecionadas": the chosen installments, each at its open amount, from one account on one day. */
export function BaixaVariasForm({ parcelas, total, hoje, onBaixado }: { parcelas: string[]; total: number; hoje: string; onBaixado: () => void }) {
  const { t } = useTranslation();
  const contas = useOpcoesReferencia('financeiroConta', { ativo: true }).data ?? [];
  const [conta, setConta] = useState<string | null>(null);
  const [data, setData] = useState(hoje);
  const [erros, setErros] = useState<Record<string, string>>({});
  const baixar = useMutation({
    mutationFn: agendaApi.baixarVarias,
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: t('agenda.baixadasOk', { n: r.baixas }) });
      onBaixado();
    },
    onError: (e) => setErros(isApiError(e) && e.campos ? e.campos : {}),
  });
  const enviar = () => {
    if (!conta) return setErros({ conta: t('agenda.escolhaConta') });
    setErros({});
    // The screen settles at the open amounts; interest, fine and discount per installment are the API's (encargos) for now.
    baixar.mutate({ conta, data, parcelas, encargos: {} });
  };
  return (
    <Stack gap="sm" data-testid="agenda-baixa-varias">
      <Text size="sm">{t('agenda.baixarVariasAjuda', { total: formatCentavos(total) })}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <Select label={t('agenda.conta')} data={contas} value={conta} onChange={setConta} searchable error={erros.conta} data-testid="agenda-baixa-varias-conta" comboboxProps={{ withinPortal: true }} />
        <CampoDia rotulo={t('agenda.data')} data={data} hoje={hoje} onChange={setData} testid="agenda-baixa-varias-data" />
      </SimpleGrid>
      {baixar.error ? <Alert color="red" data-testid="agenda-baixa-varias-erro">{baixar.error.message}</Alert> : null}
      <Group justify="flex-end">
        <Button onClick={enviar} loading={baixar.isPending} data-testid="agenda-baixa-varias-ok">{t('agenda.baixar')}</Button>
      </Group>
    </Stack>
  );
}
