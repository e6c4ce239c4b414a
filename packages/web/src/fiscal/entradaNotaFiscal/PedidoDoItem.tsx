import { Badge, Select, Stack, Text } from '@mantine/core';
import type { ItemEntrada, LinhaPedidoAberta } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { formatCusto, formatQtd } from '../../stock/formatoEstoque.ts';

const NENHUM = 'nenhum';

/**
 * The purchase order line an item of a supplier's note delivers, with what differs from the order (price,
 * quantity beyond it); while the entry is pending, a picker of the supplier's open lines of the item's
 * product, or none.
 */
export function PedidoDoItem({ item, abertas, editavel, onEscolher }: { item: ItemEntrada; abertas: readonly LinhaPedidoAberta[]; editavel: boolean; onEscolher: (v: { pedido: string | null; linha?: number }) => void }) {
  const { t } = useTranslation();
  const p = item.pedido;
  const opcoes = abertas
    .filter((l) => l.produto === item.produto)
    .map((l) => ({ value: `${l.pedido}:${l.linha}`, label: t('pedidoDaNota.opcao', { numero: l.numero, linha: l.linha + 1, recebida: formatQtd(l.quantidadeRecebida), pedida: formatQtd(l.quantidade, l.unidade) }) }));
  // The linked line stays choosable when it is no longer open (a posted note received it).
  if (p && !opcoes.some((o) => o.value === `${p._id}:${p.linha}`)) opcoes.unshift({ value: `${p._id}:${p.linha}`, label: t('pedidoDaNota.linha', { numero: p.numero, linha: p.linha + 1 }) });
  const divergencias = p ? Object.entries(p.divergencias) : [];
  return (
    <Stack gap={4} data-testid={`entrada-pedido-${item.numero}`}>
      {editavel && item.produto ? (
        <Select
          size="xs"
          aria-label={t('pedidoDaNota.escolher', { numero: item.numero })}
          data={[{ value: NENHUM, label: t('pedidoDaNota.nenhum') }, ...opcoes]}
          value={p ? `${p._id}:${p.linha}` : NENHUM}
          onChange={(v) => {
            if (!v || v === NENHUM) return onEscolher({ pedido: null });
            const [pedido, linha] = v.split(':');
            onEscolher({ pedido: pedido!, linha: Number(linha) });
          }}
          allowDeselect={false}
          data-testid={`entrada-pedido-escolha-${item.numero}`}
        />
      ) : (
        <Text size="sm">{p ? t('pedidoDaNota.linha', { numero: p.numero, linha: p.linha + 1 }) : t('pedidoDaNota.nenhum')}</Text>
      )}
      {p ? (
        <Text size="xs" c="dimmed">
          {formatQtd(p.quantidadeNota, p.unidade)} · {formatCusto(p.precoNota)}
        </Text>
      ) : null}
      {p && divergencias.length === 0 ? (
        <Badge size="xs" color="green" variant="light" data-testid="entrada-pedido-confere">
          {t('pedidoDaNota.semDivergencia')}
        </Badge>
      ) : null}
      {p?.divergencias.precoUnitario ? (
        <Badge size="xs" color="orange" variant="light" style={{ textTransform: 'none' }} data-testid="entrada-pedido-divergencia">
          {t('pedidoDaNota.divergenciaPreco', { nota: formatCusto(p.divergencias.precoUnitario), pedido: formatCusto(p.precoPedido) })}
        </Badge>
      ) : null}
      {p?.divergencias.quantidade ? (
        <Badge size="xs" color="orange" variant="light" style={{ textTransform: 'none' }} data-testid="entrada-pedido-divergencia">
          {t('pedidoDaNota.divergenciaQuantidade', { quantidade: formatQtd(p.divergencias.quantidade, p.unidade) })}
        </Badge>
      ) : null}
    </Stack>
  );
}
