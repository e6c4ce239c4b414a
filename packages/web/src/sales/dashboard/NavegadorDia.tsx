import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { somarDias } from '@retaguarda/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CampoDia } from './CampoDia.tsx';

/** A dashboard's day: the previous day, the day typed, the next one (never past today), then `children`. */
export function NavegadorDia({ data, hoje, irPara, children }: { data: string; hoje: string; irPara: (dia: string) => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end">
      <Tooltip label={t('dashboard.diaAnterior')}>
        <ActionIcon variant="default" size="lg" aria-label={t('dashboard.diaAnterior')} onClick={() => irPara(somarDias(data, -1))} data-testid="dashboard-anterior">
          <IconChevronLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <CampoDia data={data} hoje={hoje} onChange={irPara} />
      <Tooltip label={t('dashboard.proximoDia')}>
        <ActionIcon variant="default" size="lg" aria-label={t('dashboard.proximoDia')} disabled={data === hoje} onClick={() => irPara(somarDias(data, 1))} data-testid="dashboard-proximo">
          <IconChevronRight size={18} />
        </ActionIcon>
      </Tooltip>
      {children}
    </Group>
  );
}
