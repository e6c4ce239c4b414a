import { Badge, Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { breakpoints } from '@retaguarda/domain';
import { IconFilter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Below the `sm` breakpoint (a phone) the filters would push the table out of the first screen. */
export const TELA_PEQUENA = `(max-width: ${breakpoints.sm - 0.02}px)`;

/**
 * A list's filters: shown inline on a wide screen; on a phone folded behind a "Filtros" button (with
 * the number of filters in use), so the table starts in the first screen.
 */
export function FiltrosDobraveis({ ativos, children }: { ativos: number; children: ReactNode }) {
  const { t } = useTranslation();
  const pequena = useMediaQuery(TELA_PEQUENA, false, { getInitialValueInEffect: false });
  const [aberto, setAberto] = useState(false);
  if (!pequena) return <>{children}</>;
  return (
    <>
      <Button
        variant={aberto ? 'light' : 'default'}
        leftSection={<IconFilter size={16} />}
        rightSection={ativos ? <Badge size="sm" circle>{ativos}</Badge> : null}
        onClick={() => setAberto(!aberto)}
        aria-expanded={aberto}
        data-testid="recurso-filtros-abrir"
      >
        {t('recurso.filtros')}
      </Button>
      {aberto ? children : null}
    </>
  );
}

/** How many filters hold a value (an empty list or text is no filter). */
export const filtrosAtivos = (filtros: Readonly<Record<string, unknown>>): number =>
  Object.values(filtros).filter((v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)).length;
