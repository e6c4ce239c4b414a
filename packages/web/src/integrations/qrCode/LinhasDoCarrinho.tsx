import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdicionarItem } from './AdicionarItem.tsx';
import type { Carrinho } from './useCarrinho.ts';

/** The cart's lines in the order drawer: name, options, note and the − / + of each; or that it is empty. */
export function LinhasDoCarrinho({ carrinho }: { carrinho: Carrinho }) {
  const { t } = useTranslation();
  if (!carrinho.linhas.length) return <Text c="dimmed">{t('qrMesa.vazio')}</Text>;
  return carrinho.linhas.map((l) => (
    <Group key={l.chave} justify="space-between" wrap="nowrap" data-testid="qr-linha">
      <div>
        <Text fw={500}>{carrinho.nomeDe(l.produto)}</Text>
        {l.complementos.length > 0 && <Text size="xs" c="dimmed">{l.complementos.map((c) => c.descricao).join(', ')}</Text>}
        {l.observacao && <Text size="xs" c="dimmed">{l.observacao}</Text>}
      </div>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" onClick={() => carrinho.mudarQuantidade(l.chave, -1)} aria-label={t('qrMesa.menos')}>−</ActionIcon>
        <Text w={24} ta="center">{l.quantidade}</Text>
        <ActionIcon variant="default" onClick={() => carrinho.mudarQuantidade(l.chave, 1)} aria-label={t('qrMesa.mais')}>+</ActionIcon>
      </Group>
    </Group>
  ));
}

/** The dialog of the item the customer tapped, adding it to the cart. */
export function EscolhaDoItem({ carrinho }: { carrinho: Carrinho }) {
  if (!carrinho.escolhendo) return null;
  return <AdicionarItem item={carrinho.escolhendo} aoFechar={() => carrinho.escolher(null)} aoAdicionar={carrinho.adicionar} />;
}
