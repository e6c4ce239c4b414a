import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { mensagens } from '@retaguarda/domain';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../api/client.ts';
import { sessaoApi } from '../session/api.ts';
import { PublicShell } from './PublicShell.tsx';

/** Asks for the e-mail; the server always answers the same message (no user enumeration). */
export function RecuperarSenhaPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [mensagem, setMensagem] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function enviar(event: FormEvent) {
    event.preventDefault();
    if (enviando) return;
    setErro(null);
    setMensagem(null);
    setEnviando(true);
    try {
      setMensagem((await sessaoApi.recuperarSenha(email.trim())).message);
    } catch (error) {
      setErro(isApiError(error) ? error.message : mensagens.falhaComunicacao);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <PublicShell title={t('recuperar.titulo')} subtitle={t('recuperar.explicacao')}>
      <form onSubmit={enviar} noValidate>
        <Stack gap="md">
          {mensagem ? (
            <Alert color="teal" icon={<IconMailCheck />} data-testid="recuperar-mensagem" role="status">
              {mensagem}
            </Alert>
          ) : null}
          {erro ? (
            <Alert color="red" icon={<IconAlertCircle />} data-testid="recuperar-erro" role="alert">
              {erro}
            </Alert>
          ) : null}
          <TextInput
            type="email"
            label={t('recuperar.email')}
            name="email"
            autoComplete="email"
            autoFocus
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            data-testid="recuperar-email"
          />
          <Button type="submit" fullWidth loading={enviando} data-testid="recuperar-enviar">
            {t('recuperar.enviar')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('recuperar.voltar')}
          </Anchor>
        </Stack>
      </form>
    </PublicShell>
  );
}
