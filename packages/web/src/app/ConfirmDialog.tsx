import { Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import { DIALOG_DEFAULT_FOCUS } from '@retaguarda/domain';
import type { ReactNode } from 'react';
import { useAbertoAlgumaVez } from './useAbertoAlgumaVez.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  /** The question; a string is shown as the dialog's text. */
  children: ReactNode;
  okLabel: string;
  cancelLabel: string;
  onOk: () => void;
  /** Cancel, Esc and the close button. */
  onCancel: () => void;
  okColor?: MantineColor;
  okLoading?: boolean;
  zIndex?: number;
  testIds?: { dialogo?: string; ok?: string; cancelar?: string };
}

/**
 * Every confirmation of the app: a question, Cancel and OK. The focus starts on OK
 * (SPEC.md §9, DIALOG_DEFAULT_FOCUS), so Enter confirms and Esc cancels; no dialog has to remember it.
 */
export function ConfirmDialog({ opened, title, children, okLabel, cancelLabel, onOk, onCancel, okColor, okLoading, zIndex, testIds = {} }: ConfirmDialogProps) {
  const focoNoOk = DIALOG_DEFAULT_FOCUS === 'ok';
  // Not in the page until first asked (a list screen had two closed confirmations at every load).
  if (!useAbertoAlgumaVez(opened)) return null;
  return (
    <Modal opened={opened} onClose={onCancel} title={title} zIndex={zIndex} data-testid={testIds.dialogo}>
      <Stack>
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus={focoNoOk ? undefined : true} data-testid={testIds.cancelar}>
            {cancelLabel}
          </Button>
          <Button color={okColor} onClick={onOk} loading={okLoading} data-autofocus={focoNoOk ? true : undefined} data-testid={testIds.ok}>
            {okLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
