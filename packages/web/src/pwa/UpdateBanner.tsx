import { Alert, Button, Group, Text } from '@mantine/core';
import { mensagens, UPDATE_BANNER_TIMEOUT } from '@retaguarda/domain';
import { IconRefresh } from '@tabler/icons-react';
import { applyUpdate } from './register.ts';
import { useUpdateState } from './updateState.ts';

/**
 * The update notice of SPEC.md §4: persistent (time-out UPDATE_BANNER_TIMEOUT = 0, so no timer),
 * at the top, multi-line, with the single action "Atualizar".
 */
export function UpdateBanner() {
  const { available, registration } = useUpdateState();
  if (!available) return null;
  return (
    <Alert
      data-testid="banner-atualizacao"
      data-timeout={UPDATE_BANNER_TIMEOUT}
      role="alert"
      color="blue"
      variant="filled"
      radius={0}
      icon={<IconRefresh />}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" style={{ whiteSpace: 'normal', flex: '1 1 16rem' }}>
          {mensagens.conteudoAtualizado}
        </Text>
        <Button variant="white" size="xs" onClick={() => applyUpdate(registration)}>
          {mensagens.atualizar}
        </Button>
      </Group>
    </Alert>
  );
}
