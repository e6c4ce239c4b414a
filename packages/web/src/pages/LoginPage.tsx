import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { GrupoSessao } from '@retaguarda/domain';
import { mensagens } from '@retaguarda/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../api/client.ts';
import { precisaEscolherGrupo, sessaoApi } from '../session/api.ts';
import { sessaoKey } from '../session/sessaoKey.ts';
import { geralStore } from '../session/store.ts';
import { PublicShell } from './PublicShell.tsx';
import { redirectTarget } from './redirectTarget.ts';

// The select and its dropdown code come only with an answer that asks for the group.
const EscolherGrupo = lazy(() => import('./EscolherGrupo.tsx'));

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [login, setLogin] = useState('');
  const [senha, setSenha] = useState('');
  const [grupos, setGrupos] = useState<GrupoSessao[] | null>(null);
  const [grupo, setGrupo] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function entrar(event: FormEvent) {
    event.preventDefault();
    if (enviando) return;
    if (!login.trim()) return setErro(t('login.informeLogin'));
    if (!senha) return setErro(t('login.informeSenha'));
    if (grupos && !grupo) return setErro(t('login.grupoObrigatorio'));
    setErro(null);
    setEnviando(true);
    try {
      const answer = await sessaoApi.login({ login: login.trim(), senha, ...(grupo ? { grupoEmpresarial: grupo } : {}) });
      if (precisaEscolherGrupo(answer)) {
        setGrupos(answer.escolherGrupo);
        setGrupo(null);
        return;
      }
      // The cache comes with the signed-in layout, not with this page.
      const { queryClient } = await import('../api/queryClient.ts');
      queryClient.clear(); // nothing of a previous session may show up
      geralStore.getState().iniciarSessao(answer);
      queryClient.setQueryData(sessaoKey(answer.empresa._id), answer);
      await navigate(redirectTarget(params.get('redirect')), { replace: true });
    } catch (error) {
      setErro(isApiError(error) ? error.message : mensagens.falhaComunicacao);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <PublicShell title={t('login.titulo')} subtitle={t('login.subtitulo')}>
      <form onSubmit={entrar} noValidate data-testid="login-form">
        <Stack gap="md">
          {erro ? (
            <Alert color="red" icon={<IconAlertCircle />} data-testid="login-erro" role="alert">
              {erro}
            </Alert>
          ) : null}
          <TextInput
            label={t('login.login')}
            placeholder={t('login.loginPlaceholder')}
            name="login"
            autoComplete="username"
            autoFocus
            required
            value={login}
            onChange={(e) => setLogin(e.currentTarget.value)}
            data-testid="login-usuario"
          />
          <PasswordInput
            label={t('login.senha')}
            name="senha"
            autoComplete="current-password"
            required
            value={senha}
            onChange={(e) => setSenha(e.currentTarget.value)}
            data-testid="login-senha"
          />
          {grupos ? (
            <Suspense>
              <EscolherGrupo grupos={grupos} value={grupo} onChange={setGrupo} />
            </Suspense>
          ) : null}
          <Button type="submit" fullWidth size="md" loading={enviando} data-testid="login-entrar">
            {t('login.entrar')}
          </Button>
          <Anchor component={Link} to="/recuperarSenha" size="sm" ta="center" data-testid="link-esqueci-senha">
            {t('login.esqueci')}
          </Anchor>
        </Stack>
      </form>
    </PublicShell>
  );
}
