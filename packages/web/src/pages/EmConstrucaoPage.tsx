import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import type { Screen } from '@retaguarda/domain';
import { IconBarrierBlock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Honest placeholder for a screen whose page is not built yet: names it and shows nothing fake. */
export function EmConstrucaoPage({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" maw={720} data-testid="em-construcao" data-screen={screen.name}>
      <Stack gap="sm">
        <IconBarrierBlock size={40} stroke={1.5} color="var(--mantine-color-orange-6)" />
        <Title order={2}>{screen.label}</Title>
        <Badge variant="light" color="gray" w="fit-content" tt="none">
          /{screen.name}
        </Badge>
        <Text>{t('emConstrucao.texto', { label: screen.label, name: screen.name })}</Text>
        <Text c="dimmed" size="sm">
          {t('emConstrucao.dica')}
        </Text>
      </Stack>
    </Paper>
  );
}
