import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { mensagens, senhaSchema } from '@retaguarda/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../api/client.ts';
import '../i18n/zodPtBR.ts';
import { sessaoApi } from '../session/api.ts';
import { PasswordRules } from './PasswordRules.tsx';
import { PublicShell } from './PublicShell.tsx';

/** /alterarSenha/:chave: sets a new password with the key sent by e-mail. */
export function AlterarSenhaPage() {
  const { t } = useTranslation();
  const { chave = '' } = useParams();
  const [senha, setSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [sucesso, setSucesso] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function salvar(event: FormEvent) {
    event.preventDefault();
    if (enviando) return;
    const regra = senhaSchema.safeParse(senha);
    if (!regra.success) return setErro(regra.error.issues[0]?.message ?? mensagens.requisicaoInvalida);
    if (senha !== confirmacao) return setErro(t('alterar.naoConferem'));
    setErro(null);
    setEnviando(true);
    try {
      setSucesso((await sessaoApi.alterarSenha(chave, senha)).message || mensagens.senhaAlterada);
    } catch (error) {
      setErro(isApiError(error) ? error.message : mensagens.falhaComunicacao);
    } finally {
      setEnviando(false);
    }
  }

  if (sucesso) {
    return (
      <PublicShell title={t('alterar.titulo')}>
        <Alert color="teal" icon={<IconCircleCheck />} data-testid="alterar-senha-sucesso" role="status">
          {sucesso}
        </Alert>
        <Button component={Link} to="/login" fullWidth data-testid="alterar-senha-ir-login">
          {t('alterar.irLogin')}
        </Button>
      </PublicShell>
    );
  }

  return (
    <PublicShell title={t('alterar.titulo')}>
      <form onSubmit={salvar} noValidate>
        <Stack gap="md">
          {erro ? (
            <Alert color="red" icon={<IconAlertCircle />} data-testid="alterar-senha-erro" role="alert">
              {erro}
              {erro === mensagens.chaveInvalida ? (
                <>
                  {' '}
                  <Anchor component={Link} to="/recuperarSenha" size="sm">
                    {t('alterar.pedirNovo')}
                  </Anchor>
                </>
              ) : null}
            </Alert>
          ) : null}
          <PasswordInput
            label={t('alterar.nova')}
            autoComplete="new-password"
            autoFocus
            required
            value={senha}
            onChange={(e) => setSenha(e.currentTarget.value)}
            data-testid="nova-senha"
          />
          <PasswordInput
            label={t('alterar.confirmacao')}
            autoComplete="new-password"
            required
            value={confirmacao}
            onChange={(e) => setConfirmacao(e.currentTarget.value)}
            error={confirmacao && confirmacao !== senha ? t('alterar.naoConferem') : undefined}
            data-testid="confirmar-senha"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('alterar.regras')}
            </Text>
            <PasswordRules senha={senha} />
          </Stack>
          <Button type="submit" fullWidth loading={enviando} data-testid="alterar-senha-salvar">
            {t('alterar.salvar')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('recuperar.voltar')}
          </Anchor>
        </Stack>
      </form>
    </PublicShell>
  );
}
