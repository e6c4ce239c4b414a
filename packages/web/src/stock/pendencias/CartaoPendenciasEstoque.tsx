import { Anchor, Group, Paper, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePendenciasEstoque } from './pendenciasApi.ts';

/** The day dashboard's card: 'N pendências de estoque', linking to the stock position where they are listed; nothing when none is open. */
export function CartaoPendenciasEstoque() {
  const { t } = useTranslation();
  const abertas = usePendenciasEstoque().data?.abertas ?? 0;
  if (!abertas) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="dashboard-pendencias-estoque" style={{ borderColor: 'var(--mantine-color-orange-5)' }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconAlertTriangle size={20} color="var(--mantine-color-orange-6)" />
          <Text fw={600} data-testid="dashboard-pendencias-estoque-texto">
            {t('estoquePendencias.cartao', { count: abertas })}
          </Text>
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {t('estoquePendencias.cartaoAjuda')}
          </Text>
        </Group>
        <Anchor component={Link} to="/relatorioEstoqueProduto" size="sm" data-testid="dashboard-pendencias-estoque-link">
          {t('estoquePendencias.cartaoVer')}
        </Anchor>
      </Group>
    </Paper>
  );
}
