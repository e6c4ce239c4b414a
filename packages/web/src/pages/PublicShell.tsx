import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { APP_VERSION } from '@retaguarda/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../shell/Logo.tsx';

/** Frame of the public pages: a centered card with the product's name and mark. */
export function PublicShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      mih="100vh"
      // light-dark() takes colours only, so the light gradient is layered over a themed colour.
      style={{
        backgroundColor: 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))',
        backgroundImage: 'linear-gradient(160deg, light-dark(var(--mantine-color-blue-0), var(--mantine-color-dark-7)), transparent 60%)',
      }}
    >
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Group justify="center" gap="sm">
            <Logo size={44} />
            <Stack gap={0}>
              <Text fw={700} fz={26} lh={1.1}>
                {t('app.nome')}
              </Text>
              <Text c="dimmed" size="sm">
                {t('app.subtitulo')}
              </Text>
            </Stack>
          </Group>
          <Paper withBorder shadow="md" radius="lg" p="xl">
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={2} fz={22}>
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="dimmed" size="sm">
                    {subtitle}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
          <Text c="dimmed" size="xs" ta="center">
            {t('app.versao', { versao: APP_VERSION })}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
