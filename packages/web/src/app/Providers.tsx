import './estilosPublicos.css';
import './escolhas.css';
import './impressao.css';
import { MantineProvider } from '@mantine/core';
import { notificationDefaults } from '@retaguarda/domain';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { UpdateBanner } from '../pwa/UpdateBanner.tsx';
import { Avisos } from './Avisos.tsx';
import { useThemeFlagSync } from '../shell/themeFlagSync.ts';
import { colorSchemeManager, theme, variaveisCss } from './theme.ts';

function ThemeFlagSync() {
  useThemeFlagSync();
  return null;
}

/** Everything a page needs around it: theme, translations, notifications (the server-state cache comes with the signed-in layout: app/ConsultasDoServidor.tsx). */
export function Providers({ children, i18n }: { children: ReactNode; i18n: i18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} cssVariablesResolver={variaveisCss} defaultColorScheme="light">
        <ThemeFlagSync />
        <Avisos position={`${notificationDefaults.position}-center`} autoClose={notificationDefaults.timeout} />
        <UpdateBanner />
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
