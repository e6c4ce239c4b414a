import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { reais, type ItemVitrine, type SecaoVitrine } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';

/** A public page's menu (table or delivery): sections, each item with its price and Adicionar, or why it is not sold now. */
export function CardapioSecoes({ secoes, aceita, aoEscolher }: { secoes: readonly SecaoVitrine[]; aceita: boolean; aoEscolher: (i: ItemVitrine) => void }) {
  const { t } = useTranslation();
  return secoes.map((s) => (
    <Stack key={s.nome} gap="xs" mt="lg">
      <Title order={4}>{s.nome}</Title>
      {s.descricao && <Text size="sm" c="dimmed">{s.descricao}</Text>}
      {s.itens.map((i) => (
        <Card key={i.produto} withBorder padding="sm" opacity={i.disponivel ? 1 : 0.55} data-testid="qr-item">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={500}>{i.descricao}</Text>
              <Text size="sm">{reais(i.preco)}</Text>
            </div>
            {i.disponivel ? (
              <Button size="xs" disabled={!aceita} onClick={() => aoEscolher(i)} aria-label={`${t('qrMesa.adicionar')} ${i.descricao}`}>{t('qrMesa.adicionar')}</Button>
            ) : (
              <Badge color="gray">{i.motivoIndisponivel ?? t('qrMesa.esgotado')}</Badge>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  ));
}
