import { ActionIcon, Menu, Tooltip, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const icons: Record<MantineColorScheme, ReactNode> = {
  light: <IconSun size={18} />,
  dark: <IconMoon size={18} />,
  auto: <IconDeviceDesktop size={18} />,
};

/** Claro / escuro / automático; Mantine persists the choice under the key the guard restores. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const options: Array<{ value: MantineColorScheme; label: string; testId: string }> = [
    { value: 'light', label: t('shell.claro'), testId: 'tema-claro' },
    { value: 'dark', label: t('shell.escuro'), testId: 'tema-escuro' },
    { value: 'auto', label: t('shell.automatico'), testId: 'tema-automatico' },
  ];
  // The tooltip says what the button is until the menu opens; then it would cover the menu's first item.
  const [aberto, setAberto] = useState(false);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" opened={aberto} onChange={setAberto}>
      <Menu.Target>
        <Tooltip label={t('shell.tema')} position="left" disabled={aberto}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('shell.tema')} data-testid="tema" data-tema={colorScheme}>
            {icons[colorScheme]}
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.tema')}</Menu.Label>
        {options.map((o) => (
          <Menu.Item
            key={o.value}
            leftSection={icons[o.value]}
            rightSection={colorScheme === o.value ? <IconCheck size={14} /> : null}
            onClick={() => setColorScheme(o.value)}
            data-testid={o.testId}
          >
            {o.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
