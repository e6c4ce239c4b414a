import { Group, Paper, Stack, Text, useMantineTheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../resources/format.ts';
import { GraficoBarras } from '../relatorios/GraficoBarras.tsx';
import type { Dashboard } from './dashboardApi.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';

/** Sales by hour as paired bars (the day, and the same weekday last week), hours 6h–23h, over a value axis in reais. */
export function BarrasPorHora({ porHora }: { porHora: Dashboard['porHora'] }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const porChave = new Map(porHora.map((h) => [h.hora, h]));
  const primeira = Math.min(6, ...porHora.map((h) => h.hora));
  const horas = Array.from({ length: 24 - primeira }, (_, i) => primeira + i);
  const corDia = theme.colors.blue[6];
  const corComparacao = theme.colors.gray[4];
  return (
    <Paper withBorder p="md" radius="md" data-testid="dashboard-por-hora">
      <Stack gap="xs">
        <Group justify="space-between">
          <TituloSecao>{t('dashboard.porHora')}</TituloSecao>
          <Group gap="md">
            <Legenda cor={corDia} texto={t('dashboard.diaLegenda')} />
            <Legenda cor={corComparacao} texto={t('dashboard.comparacaoLegenda')} />
          </Group>
        </Group>
        <GraficoBarras
          testid="dashboard-por-hora-grafico"
          semMoldura
          sequencia
          itens={horas.map((hora) => {
            const h = porChave.get(hora);
            const dia = h?.dia ?? 0;
            const comparacao = h?.comparacao ?? 0;
            return { rotulo: t('dashboard.hora', { hora }), valor: dia, comparacao, dica: t('dashboard.dicaHora', { hora, dia: formatCentavos(dia), comparacao: formatCentavos(comparacao) }) };
          })}
        />
      </Stack>
    </Paper>
  );
}

function Legenda({ cor, texto }: { cor: string; texto: string }) {
  return (
    <Group gap={6}>
      <span style={{ width: 12, height: 12, background: cor, borderRadius: 2, display: 'inline-block' }} />
      <Text size="xs" c="dimmed">
        {texto}
      </Text>
    </Group>
  );
}
