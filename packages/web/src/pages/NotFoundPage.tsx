import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from './PublicShell.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t('naoEncontrado.titulo')}>
      <Text data-testid="nao-encontrado">{t('naoEncontrado.texto')}</Text>
      <Button component={Link} to="/" fullWidth>
        {t('naoEncontrado.voltar')}
      </Button>
    </PublicShell>
  );
}
