import { Group, Paper, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../resources/format.ts';
import type { Dashboard } from './dashboardApi.ts';

const ALTURA = 180;

/** Sales by hour as paired bars (the day, and the same weekday last week), hours 6h–23h. */
export function BarrasPorHora({ porHora }: { porHora: Dashboard['porHora'] }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const porChave = new Map(porHora.map((h) => [h.hora, h]));
  const primeira = Math.min(6, ...porHora.map((h) => h.hora));
  const horas = Array.from({ length: 24 - primeira }, (_, i) => primeira + i);
  const maximo = Math.max(1, ...porHora.flatMap((h) => [h.dia, h.comparacao]));
  const largura = 100 / horas.length;
  const corDia = theme.colors.blue[6];
  const corComparacao = theme.colors.gray[4];
  return (
    <Paper withBorder p="md" radius="md" data-testid="dashboard-por-hora">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>{t('dashboard.porHora')}</Title>
          <Group gap="md">
            <Legenda cor={corDia} texto={t('dashboard.diaLegenda')} />
            <Legenda cor={corComparacao} texto={t('dashboard.comparacaoLegenda')} />
          </Group>
        </Group>
        <svg viewBox={`0 0 100 ${ALTURA / 2 + 8}`} width="100%" height={ALTURA + 16} preserveAspectRatio="none" role="img" aria-label={t('dashboard.porHora')}>
          {horas.map((hora, i) => {
            const h = porChave.get(hora);
            const alturaDia = ((h?.dia ?? 0) / maximo) * (ALTURA / 2);
            const alturaComparacao = ((h?.comparacao ?? 0) / maximo) * (ALTURA / 2);
            const x = i * largura;
            return (
              <g key={hora}>
                <title>{`${t('dashboard.hora', { hora })}: ${formatCentavos(h?.dia ?? 0)} (${formatCentavos(h?.comparacao ?? 0)})`}</title>
                <rect x={x + largura * 0.12} y={ALTURA / 2 - alturaComparacao} width={largura * 0.36} height={alturaComparacao} fill={corComparacao} />
                <rect x={x + largura * 0.5} y={ALTURA / 2 - alturaDia} width={largura * 0.38} height={alturaDia} fill={corDia} data-hora={hora} data-valor={h?.dia ?? 0} />
              </g>
            );
          })}
        </svg>
        <div style={{ display: 'grid', gridTemplateColumns: `repeat(${horas.length}, 1fr)` }}>
          {horas.map((hora) => (
            <Text key={hora} size="xs" c="dimmed" ta="center">
              {hora % 2 === 0 ? t('dashboard.hora', { hora }) : ''}
            </Text>
          ))}
        </div>
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
