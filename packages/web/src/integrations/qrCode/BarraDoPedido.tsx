import { Button, Container, type MantineSize } from '@mantine/core';
import { reais } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';

/** The public pages' bar fixed at the bottom once the cart has something: how many units, the value, and the cart. */
export function BarraDoPedido({ unidades, valor, largura, aoAbrir }: { unidades: number; valor: number | null; largura: MantineSize; aoAbrir: () => void }) {
  const { t } = useTranslation();
  if (unidades <= 0) return null;
  return (
    <div style={{ position: 'fixed', left: 0, right: 0, bottom: 0, padding: 12, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size={largura} px={0}>
        <Button fullWidth size="md" onClick={aoAbrir} data-testid="qr-ver-pedido">
          {t('qrMesa.verPedido', { count: unidades })}
          {valor !== null ? ` · ${reais(valor)}` : ''}
        </Button>
      </Container>
    </div>
  );
}
