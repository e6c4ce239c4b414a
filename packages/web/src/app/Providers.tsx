import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './escolhas.css';
import './impressao.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { notificationDefaults } from '@retaguarda/domain';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { UpdateBanner } from '../pwa/UpdateBanner.tsx';
import { useThemeFlagSync } from '../shell/themeFlagSync.ts';
import { colorSchemeManager, theme, variaveisCss } from './theme.ts';

function ThemeFlagSync() {
  useThemeFlagSync();
  return null;
}

/** Everything a page needs around it: theme, translations, server-state cache, notifications. */
export function Providers({ children, queryClient, i18n }: { children: ReactNode; queryClient: QueryClient; i18n: i18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} cssVariablesResolver={variaveisCss} defaultColorScheme="light">
        <ThemeFlagSync />
        <Notifications position={`${notificationDefaults.position}-center`} autoClose={notificationDefaults.timeout} />
        <UpdateBanner />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
