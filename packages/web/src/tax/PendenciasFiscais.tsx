import { Alert, List } from '@mantine/core';
import { pendenciasEstadual, type ConfiguracaoEstadual, type ContextoFiscal } from '@retaguarda/domain';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Below the state tax form: what this configuration, as being typed, still lacks for NF-e/NFC-e
 * (the same findings the product checker gives), since the reform fields may be saved empty.
 */
export function PendenciasFiscais({ valores, contexto }: { valores: Record<string, unknown>; contexto: ContextoFiscal }) {
  const { t } = useTranslation();
  const achados = pendenciasEstadual(valores as ConfiguracaoEstadual, contexto);
  if (!achados.length) {
    return (
      <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="imposto-pendencias">
        {t('impostos.semPendencias')}
      </Alert>
    );
  }
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('impostos.pendenciasTitulo')} data-testid="imposto-pendencias">
      <List size="sm">
        {achados.map((a) => (
          <List.Item key={a}>{a}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
