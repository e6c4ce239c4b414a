import { Badge, Group, Text } from '@mantine/core';
import type { PublicacaoCardapio, SituacaoCardapio } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';

const cores: Record<SituacaoCardapio, string> = { Rascunho: 'gray', Publicado: 'green', 'Alterado após publicar': 'orange' };

/** Published vs draft, as the server keeps it, plus the changes on screen not saved yet. */
export function SituacaoPublicacao({ situacao, publicado, alterado }: { situacao: SituacaoCardapio | null; publicado: PublicacaoCardapio | null; alterado: boolean }) {
  const { t } = useTranslation();
  const hora = publicado ? new Date(publicado.publicadoEm).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' }) : '';
  return (
    <Group gap="xs" data-testid="cardapio-situacao">
      <Badge color={cores[situacao ?? 'Rascunho']} variant="filled">
        {situacao ?? t('cardapio.novo')}
      </Badge>
      {alterado ? (
        <Badge color="yellow" variant="light" data-testid="cardapio-nao-salvo">
          {t('cardapio.naoSalvo')}
        </Badge>
      ) : null}
      <Text size="xs" c="dimmed">
        {publicado
          ? t('cardapio.versaoPublicada', { versao: publicado.versao, data: new Date(publicado.publicadoEm).toLocaleDateString('pt-BR'), hora, por: publicado.publicadoPor || '—' })
          : t('cardapio.nuncaPublicado')}
      </Text>
    </Group>
  );
}
