import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from './PublicShell.tsx';

export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t('acessoNegado.titulo')}>
      <Text data-testid="acesso-negado">{t('acessoNegado.texto')}</Text>
      <Button component={Link} to="/" fullWidth>
        {t('acessoNegado.voltar')}
      </Button>
    </PublicShell>
  );
}
