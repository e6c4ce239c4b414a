import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { findRecurso } from '@retaguarda/domain';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../api/client.ts';
import { Tela } from '../resources/ResourceScreen.tsx';

const usuario = findRecurso('usuario')!;

/** Sends the user the reset link through the same outbox as /recuperarSenha. */
function EnviarRedefinicao({ registro }: { registro: Record<string, unknown> & { _id: string } }) {
  const { t } = useTranslation();
  const enviar = useMutation({
    mutationFn: () => api.post<{ message: string }>(`usuario/${encodeURIComponent(registro._id)}/enviarRedefinicaoSenha`, {}),
    onSuccess: (data) => notifications.show({ color: 'green', message: data.message }),
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const semEmail = !registro.email;
  return (
    <Paper withBorder radius="sm" p="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 220px' }}>
          {t('usuarios.enviarRedefinicaoAjuda')}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconMailForward size={16} />}
          onClick={() => enviar.mutate()}
          loading={enviar.isPending}
          disabled={semEmail || registro.lixo === true}
          data-testid="usuario-enviar-redefinicao"
        >
          {t('usuarios.enviarRedefinicao')}
        </Button>
      </Group>
    </Paper>
  );
}

/** The users screen: the generic list and form of `usuario`, plus the reset e-mail on the form. */
export default function UsuariosPage() {
  const [params] = useSearchParams();
  const editando = params.get('editar');
  // Only on the form of a saved user being edited (the link goes to the e-mail on record).
  return <Tela recurso={usuario} extra={(form) => (form.registro && !form.registro.lixo && form.registro._id === editando ? <EnviarRedefinicao registro={form.registro as Record<string, unknown> & { _id: string }} /> : null)} />;
}
