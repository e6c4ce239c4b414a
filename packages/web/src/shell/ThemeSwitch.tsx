import { SegmentedControl, Tooltip, useComputedColorScheme, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { geralStore } from '../session/store.ts';

/** Keeps geral.theme (the dark flag) equal to the scheme in effect, including 'auto' following the system. */
export function useThemeFlagSync(): void {
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    geralStore.getState().setTheme(computed === 'dark');
  }, [computed]);
}

/** Claro / escuro / automático; Mantine persists the choice under the key the guard restores. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const option = (value: MantineColorScheme, label: string, icon: React.ReactNode) => ({
    value,
    label: (
      <Tooltip label={label} withinPortal>
        <span style={{ display: 'flex', alignItems: 'center' }} aria-label={label} data-testid={`tema-${value}`}>
          {icon}
        </span>
      </Tooltip>
    ),
  });
  return (
    <SegmentedControl
      aria-label={t('shell.tema')}
      size="xs"
      value={colorScheme}
      onChange={(v) => setColorScheme(v as MantineColorScheme)}
      data={[
        option('light', t('shell.claro'), <IconSun size={16} />),
        option('dark', t('shell.escuro'), <IconMoon size={16} />),
        option('auto', t('shell.automatico'), <IconDeviceDesktop size={16} />),
      ]}
      data-testid="tema-switch"
    />
  );
}
