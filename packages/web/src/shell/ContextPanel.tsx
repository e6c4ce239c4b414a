import { Stack, Text, Title } from '@mantine/core';
import { IconBell, IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Right drawer: says plainly what will appear here; no invented notifications. */
export function ContextPanel() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="painel-contexto">
      <Stack gap={4}>
        <Title order={3} fz="md">
          <IconBell size={16} style={{ verticalAlign: 'middle', marginRight: 6 }} />
          {t('shell.notificacoes')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('shell.notificacoesTexto')}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Title order={3} fz="md">
          <IconHelpCircle size={16} style={{ verticalAlign: 'middle', marginRight: 6 }} />
          {t('shell.ajuda')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('shell.ajudaTexto')}
        </Text>
      </Stack>
    </Stack>
  );
}
