import { Alert, Stack, Text, Textarea } from '@mantine/core';
import { ConfirmDialog } from './ConfirmDialog.tsx';

interface Props {
  opened: boolean;
  title: string;
  /** What the reversal does, above the reason. */
  texto: string;
  okLabel: string;
  cancelLabel: string;
  motivoLabel: string;
  motivo: string;
  onMotivo: (motivo: string) => void;
  /** The short-reason message or the server's refusal. */
  erro: string | null;
  okLoading: boolean;
  onOk: () => void;
  onCancel: () => void;
  /** Test ids: `<prefixo>-estorno-dialogo`, `-ok`, `-cancelar`, `-motivo`, `-erro`. */
  prefixo: string;
}

/** Confirming a reversal with its reason (stock documents, money movements). */
export function DialogoEstorno({ opened, title, texto, okLabel, cancelLabel, motivoLabel, motivo, onMotivo, erro, okLoading, onOk, onCancel, prefixo }: Props) {
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      okLabel={okLabel}
      cancelLabel={cancelLabel}
      okColor="red"
      okLoading={okLoading}
      onCancel={onCancel}
      onOk={onOk}
      testIds={{ dialogo: `${prefixo}-estorno-dialogo`, ok: `${prefixo}-estorno-ok`, cancelar: `${prefixo}-estorno-cancelar` }}
    >
      <Stack gap="sm">
        <Text size="sm">{texto}</Text>
        <Textarea label={motivoLabel} value={motivo} onChange={(e) => onMotivo(e.currentTarget.value)} autosize minRows={2} maxLength={300} data-testid={`${prefixo}-estorno-motivo`} />
        {erro ? (
          <Alert color="red" data-testid={`${prefixo}-estorno-erro`}>
            {erro}
          </Alert>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
