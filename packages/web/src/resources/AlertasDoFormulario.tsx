import { Alert, Stack, Text } from '@mantine/core';
import type { RecursoDef } from '@retaguarda/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { validar, type Valores } from './formValues.ts';

/** The declaration's `alertas` for the values being edited: said at the top of the form, saving still allowed. */
export function AlertasDoFormulario({ recurso, valores }: { recurso: RecursoDef; valores: Valores }) {
  const { t } = useTranslation();
  const alertas = useMemo(() => {
    if (!recurso.alertas) return [];
    const { dados } = validar(recurso, valores, { valorInvalido: '', numeroInvalido: '', dataInvalida: '' });
    return dados ? recurso.alertas(dados as never) : [];
  }, [recurso, valores]);
  if (!alertas.length) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t('recurso.alertaTitulo')} data-testid="recurso-alertas">
      <Stack gap={4}>
        {alertas.map(({ campo, mensagem }) => (
          <Text key={`${campo}:${mensagem}`} size="sm">
            {mensagem}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
