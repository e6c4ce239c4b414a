import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dfeApi } from './dfeApi.ts';

/** The dialog of "Baixar pela chave": one note by its 44-character key (consChNFe), within SEFAZ's 20 an hour. */
export function BaixarPelaChave({ onFechar }: { onFechar: (mudou: boolean) => void }) {
  const { t } = useTranslation();
  const [chave, setChave] = useState('');
  const baixar = useMutation({
    mutationFn: () => dfeApi.porChave(chave),
    onSuccess: (r) => {
      if (r.encontrado) {
        notifications.show({ color: 'green', message: t(r.conteudo === 'completo' ? 'baixarNotas.chaveCompleta' : 'baixarNotas.chaveResumo', { restantes: r.restantes }) });
        onFechar(true);
      } else notifications.show({ color: 'yellow', message: t('baixarNotas.chaveNaoEncontrada', { cStat: r.cStat, xMotivo: r.xMotivo }) });
    },
  });
  return (
    <Modal opened onClose={() => onFechar(false)} title={t('baixarNotas.pelaChaveTitulo')} data-testid="dfe-chave-dialogo">
      <Stack>
        <Text size="sm">{t('baixarNotas.pelaChaveAjuda')}</Text>
        <TextInput label={t('baixarNotas.chave')} value={chave} onChange={(e) => setChave(e.currentTarget.value)} maxLength={60} ff="monospace" data-testid="dfe-chave" />
        {baixar.error ? <Alert color="red" data-testid="dfe-chave-erro">{baixar.error.message}</Alert> : null}
        <Group justify="flex-end">
          <Button onClick={() => baixar.mutate()} loading={baixar.isPending} disabled={chave.replace(/\D/g, '').length < 44 && chave.replace(/[^0-9A-Za-z]/g, '').length < 44} data-testid="dfe-chave-baixar">
            {t('baixarNotas.pelaChaveBaixar')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
