import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../resources/format.ts';
import type { Dashboard } from './dashboardApi.ts';

/** Change against last week in whole percent (integer arithmetic), or null without a base. */
function variacao(atual: number, antes: number): number | null {
  if (!antes) return null;
  return Math.round(((atual - antes) * 100) / antes);
}

function Indicador({ rotulo, valor, antes, formatar, testid }: { rotulo: string; valor: number; antes: number; formatar: (n: number) => string; testid: string }) {
  const { t } = useTranslation();
  const v = variacao(valor, antes);
  return (
    <Paper withBorder p="md" radius="md" data-testid={testid}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {rotulo}
        </Text>
        <Text fz={24} fw={700} style={{ whiteSpace: 'nowrap' }} data-testid={`${testid}-valor`}>
          {formatar(valor)}
        </Text>
        <Group gap={6}>
          {v === null ? (
            <Text size="xs" c="dimmed">
              {t('dashboard.semComparacao')}
            </Text>
          ) : (
            <>
              <Badge variant="light" color={v >= 0 ? 'teal' : 'red'} title={t('dashboard.variacao', { sinal: v >= 0 ? '+' : '', percentual: v })}>
                {v >= 0 ? '+' : ''}
                {v}%
              </Badge>
              <Text size="xs" c="dimmed">
                {t('dashboard.semanaPassada', { valor: formatar(antes) })}
              </Text>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export function Indicadores({ resumo }: { resumo: Dashboard['resumo'] }) {
  const { t } = useTranslation();
  const inteiro = (n: number) => n.toLocaleString('pt-BR');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Indicador testid="dashboard-faturamento" rotulo={t('dashboard.faturamento')} valor={resumo.dia.total} antes={resumo.comparacao.total} formatar={formatCentavos} />
      <Indicador testid="dashboard-vendas" rotulo={t('dashboard.vendas')} valor={resumo.dia.vendas} antes={resumo.comparacao.vendas} formatar={inteiro} />
      <Indicador testid="dashboard-ticket" rotulo={t('dashboard.ticketMedio')} valor={resumo.dia.ticketMedio} antes={resumo.comparacao.ticketMedio} formatar={formatCentavos} />
      <Paper withBorder p="md" radius="md" data-testid="dashboard-canceladas">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('dashboard.canceladas')}
          </Text>
          <Text fz={24} fw={700}>
            {inteiro(resumo.dia.canceladas)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('dashboard.valorCancelado', { valor: formatCentavos(resumo.dia.valorCancelado) })}
          </Text>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
