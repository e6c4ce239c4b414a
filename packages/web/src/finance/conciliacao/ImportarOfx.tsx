import { Alert, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TituloSecao } from '../../resources/TituloSecao.tsx';
import type { useConciliacaoBancaria } from './useConciliacaoBancaria.ts';

/** Drop an OFX file here or pick one; the result (new and repeated lines) or the refusal shows below. */
export function ImportarOfx({ c }: { c: ReturnType<typeof useConciliacaoBancaria> }) {
  const { t } = useTranslation();
  const [sobre, setSobre] = useState(false);
  const limpar = useRef<() => void>(null);
  const enviar = (arquivo: File | null | undefined) => {
    if (arquivo) c.importar(arquivo);
    // The same file picked again (a re-import) must fire a change too.
    limpar.current?.();
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <TituloSecao>{t('conciliacao.importarTitulo')}</TituloSecao>
        <Paper
          withBorder
          p="lg"
          bg={sobre ? 'var(--mantine-color-default-hover)' : undefined}
          style={{ borderStyle: 'dashed' }}
          onDragOver={(e) => {
            e.preventDefault();
            setSobre(true);
          }}
          onDragLeave={() => setSobre(false)}
          onDrop={(e) => {
            e.preventDefault();
            setSobre(false);
            enviar(e.dataTransfer.files[0]);
          }}
          data-testid="conciliacao-soltar"
        >
          <Group justify="center" gap="md">
            <IconFileUpload size={28} aria-hidden />
            <Text size="sm">{t('conciliacao.soltarAqui')}</Text>
            <FileButton onChange={enviar} resetRef={limpar} accept=".ofx,.OFX,application/x-ofx,text/plain">
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={18} />} loading={c.importando} data-testid="conciliacao-escolher">
                  {t('conciliacao.escolherArquivo')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Paper>
        {c.resultado ? (
          <Alert color="teal" data-testid="conciliacao-resultado">
            {t('conciliacao.resultado', { arquivo: c.resultado.arquivo, count: c.resultado.importadas, repetidas: c.resultado.repetidas })}
          </Alert>
        ) : null}
        {c.erro ? (
          <Alert color="red" data-testid="conciliacao-erro">
            {c.erro}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
