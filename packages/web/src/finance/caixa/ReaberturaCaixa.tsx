import { Alert, Button, Group, List, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ResumoCaixa } from '@retaguarda/domain';
import { IconLockOpen } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { caixaApi } from './caixaApi.ts';

/** A manager reopens the approval in force: the reason asked in the dialog; the server reverses what it posted. */
export function ReabrirCaixa({ periodo, onReaberto }: { periodo: string; onReaberto: () => void }) {
  const { t } = useTranslation();
  const [aberto, setAberto] = useState(false);
  const [motivo, setMotivo] = useState('');
  const reabrir = useMutation({
    mutationFn: () => caixaApi.reabrir(periodo, { motivo }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('conciliacaoCaixa.reabertoOk') });
      setAberto(false);
      setMotivo('');
      onReaberto();
    },
  });
  const erroCampo = isApiError(reabrir.error) ? reabrir.error.campos?.motivo : undefined;
  return (
    <>
      <Group justify="flex-end">
        <Button variant="light" color="orange" leftSection={<IconLockOpen size={16} />} onClick={() => setAberto(true)} data-testid="fechamento-reabrir">
          {t('conciliacaoCaixa.reabrir')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={aberto}
        title={t('conciliacaoCaixa.reabrirTitulo')}
        okLabel={t('conciliacaoCaixa.reabrir')}
        cancelLabel={t('conciliacaoCaixa.cancelar')}
        okColor="orange"
        okLoading={reabrir.isPending}
        onOk={() => reabrir.mutate()}
        onCancel={() => setAberto(false)}
        testIds={{ dialogo: 'fechamento-reabrir-dialogo', ok: 'fechamento-reabrir-ok' }}
      >
        <Text size="sm">{t('conciliacaoCaixa.reabrirTexto')}</Text>
        <Textarea label={t('conciliacaoCaixa.motivoReabertura')} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} error={erroCampo} maxLength={300} autosize minRows={2} data-testid="fechamento-reabrir-motivo" />
        {reabrir.error && !erroCampo ? <Alert color="red">{reabrir.error.message}</Alert> : null}
      </ConfirmDialog>
    </>
  );
}

/** Earlier approvals that were reopened: who approved, who reopened, when and why. */
export function HistoricoReaberturas({ resumo }: { resumo: ResumoCaixa }) {
  const { t } = useTranslation();
  if (!resumo.reaberturas.length) return null;
  return (
    <Alert color="orange" variant="light" title={t('conciliacaoCaixa.reaberturas')} data-testid="fechamento-reaberturas">
      <List size="sm">
        {resumo.reaberturas.map((x) => (
          <List.Item key={x._id} data-testid="fechamento-reabertura">
            {t('conciliacaoCaixa.reabertura', {
              aprovadoEm: dataHora(x.aprovacao.aprovadoEm),
              aprovadoPor: x.aprovacao.usuarioNome ?? '—',
              reabertoEm: dataHora(x.reabertoEm),
              reabertoPor: x.usuarioNome ?? '—',
              motivo: x.motivo,
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
