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
      icon={<IconRefresh />}
      // At the top, just under the header (the AppShell publishes its height), so the header stays usable.
      style={{
        position: 'fixed',
        top: 'calc(var(--app-shell-header-height, 0px) + 8px)',
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'min(560px, calc(100vw - 16px))',
        zIndex: 1000,
        boxShadow: 'var(--mantine-shadow-md)',
      }}
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
