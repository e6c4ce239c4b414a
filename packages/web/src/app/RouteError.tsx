import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a page fails to load or render; the error itself goes to the console. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => console.error(error), [error]);
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" maw={480} data-testid="erro-rota">
        <Stack>
          <Title order={2}>{t('erroRota.titulo')}</Title>
          <Text>{t('erroRota.texto')}</Text>
          <Button onClick={() => window.location.reload()}>{t('erroRota.recarregar')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
