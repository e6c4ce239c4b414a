import { Button, FileInput, Group, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import { ufs } from '@retaguarda/domain';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { useOlhoNoImposto } from './useOlhoNoImposto.ts';
import { TituloSecao } from '../resources/TituloSecao.tsx';

const opcoesUf = ufs.map((u) => ({ value: u.sigla, label: `${u.sigla} – ${u.nome}` }));

export function IbptImportCard({ c }: { c: ReturnType<typeof useOlhoNoImposto> }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <TituloSecao>{t('ibpt.importarTitulo')}</TituloSecao>
        <Text size="sm" c="dimmed">
          {t('ibpt.importarAjuda')}
        </Text>
        <Group align="flex-start" grow preventGrowOverflow={false}>
          <Select
            label={t('ibpt.uf')}
            placeholder={t('ibpt.ufPlaceholder')}
            data={opcoesUf}
            value={c.uf}
            onChange={c.setUf}
            searchable
            error={c.erros.uf || undefined}
            maw={260}
            data-testid="ibpt-uf"
          />
          <FileInput
            label={t('ibpt.arquivo')}
            placeholder={t('ibpt.arquivoPlaceholder')}
            accept=".csv,text/csv"
            value={c.arquivo}
            onChange={c.setArquivo}
            clearable
            leftSection={<IconFileSpreadsheet size={18} />}
            error={c.erros.arquivo || undefined}
            data-testid="ibpt-arquivo"
          />
        </Group>
        {c.progresso !== undefined ? (
          <Stack gap={4} data-testid="ibpt-progresso">
            <Progress value={c.progresso === null ? 100 : Math.round(c.progresso * 100)} animated={c.progresso === null} striped={c.progresso === null} />
            <Text size="xs" c="dimmed">
              {c.progresso === null ? t('ibpt.processando') : t('ibpt.enviando', { pct: Math.round(c.progresso * 100) })}
            </Text>
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button leftSection={<IconUpload size={18} />} onClick={c.importar} loading={c.importando} data-testid="ibpt-importar">
            {t('ibpt.importar')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
