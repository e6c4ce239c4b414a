import { Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A bar that says work is going on. With `feitas`/`total` it shows how far it got; without, it is
 * indeterminate (striped and moving, no percentage) because nobody knows how long it will take.
 */
export function BarraDeProgresso({ texto, feitas, total, testid }: { texto: string; feitas?: number | undefined; total?: number | undefined; testid: string }) {
  const conhecido = feitas !== undefined && total !== undefined && total > 0;
  const valor = conhecido ? Math.round((feitas * 100) / total) : 100;
  return (
    <Stack gap={6} role="status" aria-live="polite" data-testid={testid}>
      <Text size="sm" c="dimmed">
        {texto}
      </Text>
      <Progress
        value={valor}
        striped={!conhecido}
        animated={!conhecido}
        size="md"
        radius="xl"
        aria-label={texto}
        aria-valuenow={conhecido ? valor : undefined}
        data-indeterminado={conhecido ? undefined : 'true'}
      />
    </Stack>
  );
}

/** While a report's query runs: an indeterminate bar (the server does not report its progress). */
export function CarregandoRelatorio({ texto }: { texto?: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="md" aria-busy="true">
      <BarraDeProgresso texto={texto ?? t('relatorioVenda.carregando')} testid="relatorio-carregando" />
    </Paper>
  );
}
