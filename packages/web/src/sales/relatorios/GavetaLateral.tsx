import { Drawer, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { breakpoints } from '@retaguarda/domain';

interface GavetaLateralProps {
  aberta: boolean;
  fechar: () => void;
  titulo: string;
  testid: string;
  /** Width on a wide screen; a phone always gets the whole width. */
  largura?: 'md' | 'lg' | 'xl';
  /** For forms whose buttons stick to the bottom. */
  semFolgaEmbaixo?: boolean;
  /** Rendered only while open: a form opened again starts blank. */
  children: () => ReactNode;
}

/** The drawer a list screen opens on its right for a new document (its URL says `novo=1`). */
export function GavetaLateral({ aberta, fechar, titulo, testid, largura = 'lg', semFolgaEmbaixo = false, children }: GavetaLateralProps) {
  const { t } = useTranslation();
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  return (
    <Drawer
      opened={aberta}
      onClose={fechar}
      position="right"
      size={estreito ? '100%' : largura}
      title={
        <Text fw={600} size="lg">
          {titulo}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('recurso.fechar') }}
      data-testid={testid}
      {...(semFolgaEmbaixo ? { styles: { body: { paddingBottom: 0 } } } : {})}
    >
      {aberta ? children() : null}
    </Drawer>
  );
}
