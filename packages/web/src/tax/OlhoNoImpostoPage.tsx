import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatData } from '../resources/format.ts';
import { IbptConsulta } from './IbptConsulta.tsx';
import { IbptImportCard } from './IbptImportCard.tsx';
import { IbptVersoesTable } from './IbptVersoesTable.tsx';
import { useOlhoNoImposto } from './useOlhoNoImposto.ts';

/** De Olho no Imposto: the IBPT table (Lei 12.741/2012) the POS prints the approximate taxes from. */
export default function OlhoNoImpostoPage() {
  const { t } = useTranslation();
  const c = useOlhoNoImposto();
  return (
    <Stack gap="lg" maw={1200} data-testid="ibpt-pagina">
      <div>
        <Title order={2}>{t('ibpt.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('ibpt.explicacao')}
        </Text>
      </div>
      {c.vencidas.map((v) => (
        <Alert key={v._id} color="yellow" icon={<IconAlertTriangle />} title={t('ibpt.vencidaTitulo', { uf: v.uf })} data-testid="ibpt-vencida">
          {t('ibpt.vencidaTexto', { uf: v.uf, versao: v.versao, data: formatData(v.vigenciaFim) })}
        </Alert>
      ))}
      <IbptImportCard c={c} />
      <IbptVersoesTable c={c} />
      <IbptConsulta c={c} />
    </Stack>
  );
}
