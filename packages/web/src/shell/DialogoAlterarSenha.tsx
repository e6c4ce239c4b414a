import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { mensagens, senhaSchema } from '@retaguarda/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import { PasswordRules } from '../pages/PasswordRules.tsx';
import { sessaoApi } from '../session/api.ts';
import { geralStore } from '../session/store.ts';

/** The dialog of ChangePasswordDialog.tsx, loaded when first opened (with the password schema's zod). */
export default function Dialogo({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const [atual, setAtual] = useState('');
  const [nova, setNova] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  function fechar() {
    geralStore.getState().setAlterarSenha(false);
    setAtual('');
    setNova('');
    setConfirmacao('');
    setErro(null);
  }

  async function salvar(event: FormEvent) {
    event.preventDefault();
    if (enviando) return;
    if (!atual) return setErro('Informe a senha atual.');
    const regra = senhaSchema.safeParse(nova);
    if (!regra.success) return setErro(regra.error.issues[0]?.message ?? mensagens.requisicaoInvalida);
    if (nova !== confirmacao) return setErro(t('alterar.naoConferem'));
    setErro(null);
    setEnviando(true);
    try {
      const { message } = await sessaoApi.trocarSenha(atual, nova);
      notifications.show({ message: message || mensagens.senhaAlterada, color: 'teal' });
      fechar();
    } catch (error) {
      setErro(isApiError(error) ? error.message : mensagens.falhaComunicacao);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Modal opened={opened} onClose={fechar} title={t('trocarSenha.titulo')} data-testid="dialogo-alterar-senha">
      <form onSubmit={salvar} noValidate>
        <Stack gap="sm">
          {erro ? (
            <Alert color="red" icon={<IconAlertCircle />} role="alert" data-testid="alterar-senha-dialogo-erro">
              {erro}
            </Alert>
          ) : null}
          <PasswordInput label={t('trocarSenha.atual')} autoComplete="current-password" value={atual} onChange={(e) => setAtual(e.currentTarget.value)} data-testid="senha-atual" />
          <PasswordInput label={t('trocarSenha.nova')} autoComplete="new-password" value={nova} onChange={(e) => setNova(e.currentTarget.value)} data-testid="senha-nova" />
          <PasswordInput
            label={t('trocarSenha.confirmacao')}
            autoComplete="new-password"
            value={confirmacao}
            onChange={(e) => setConfirmacao(e.currentTarget.value)}
            error={confirmacao && confirmacao !== nova ? t('alterar.naoConferem') : undefined}
            data-testid="senha-confirmacao"
          />
          <PasswordRules senha={nova} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={fechar}>
              {t('trocarSenha.cancelar')}
            </Button>
            {/* DIALOG_DEFAULT_FOCUS = 'ok': the focus trap starts on the OK button. */}
            <Button type="submit" loading={enviando} data-autofocus data-testid="senha-salvar">
              {t('trocarSenha.ok')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
