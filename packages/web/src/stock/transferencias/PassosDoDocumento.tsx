import { Timeline, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dataHora } from '../formatoEstoque.ts';

export interface Passo {
  rotulo: string;
  quando: string | null;
  por: string | null;
  detalhe?: string | null;
}

/** Who did each step of a transfer or a request, and when; the steps not reached yet greyed. */
export function PassosDoDocumento({ passos, testid }: { passos: readonly Passo[]; testid: string }) {
  const { t } = useTranslation();
  const feitos = passos.filter((p) => p.quando).length;
  return (
    <Timeline active={feitos - 1} bulletSize={14} lineWidth={2} data-testid={testid}>
      {passos.map((p) => (
        <Timeline.Item key={p.rotulo} title={p.rotulo} data-testid={`${testid}-passo`}>
          <Text size="xs" c="dimmed">
            {p.quando ? t('transferencias.porEm', { por: p.por ?? t('transferencias.sistema'), quando: dataHora(p.quando) }) : t('transferencias.aindaNao')}
          </Text>
          {p.detalhe ? <Text size="xs">{p.detalhe}</Text> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
