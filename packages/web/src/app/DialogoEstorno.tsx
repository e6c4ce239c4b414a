import { Alert, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

interface Props {
  opened: boolean;
  title: string;
  /** What the reversal does, above the reason. */
  texto: string;
  okLabel: string;
  cancelLabel: string;
  motivoLabel: string;
  /** Shown when OK is pressed with a reason under 3 characters. */
  motivoCurto: string;
  /** The server's refusal; typing again clears it (onLimparErro). */
  erro: string | null;
  onLimparErro: () => void;
  okLoading: boolean;
  /** The reason typed, trimmed, at least 3 characters. */
  onConfirmar: (motivo: string) => void;
  onCancel: () => void;
  /** Test ids: `<prefixo>-estorno-dialogo`, `-ok`, `-cancelar`, `-motivo`, `-erro`. */
  prefixo: string;
}

/**
 * Confirming a reversal with its reason (stock documents, money movements). It keeps the reason and its
 * check; give it a `key` per record reversed so each opens empty.
 */
export function DialogoEstorno({ opened, title, texto, okLabel, cancelLabel, motivoLabel, motivoCurto, erro, onLimparErro, okLoading, onConfirmar, onCancel, prefixo }: Props) {
  const [motivo, setMotivo] = useState('');
  const [curto, setCurto] = useState(false);
  const mensagem = curto ? motivoCurto : erro;
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      okLabel={okLabel}
      cancelLabel={cancelLabel}
      okColor="red"
      okLoading={okLoading}
      onCancel={onCancel}
      onOk={() => (motivo.trim().length < 3 ? setCurto(true) : onConfirmar(motivo.trim()))}
      testIds={{ dialogo: `${prefixo}-estorno-dialogo`, ok: `${prefixo}-estorno-ok`, cancelar: `${prefixo}-estorno-cancelar` }}
    >
      <Stack gap="sm">
        <Text size="sm">{texto}</Text>
        <Textarea label={motivoLabel} value={motivo} onChange={(e) => {
            setMotivo(e.currentTarget.value);
            setCurto(false);
            onLimparErro();
          }} autosize minRows={2} maxLength={300} data-testid={`${prefixo}-estorno-motivo`} />
        {mensagem ? (
          <Alert color="red" data-testid={`${prefixo}-estorno-erro`}>
            {mensagem}
          </Alert>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
