import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '../api/queryClient.ts';
import { theme } from '../app/theme.ts';
import { i18next, initI18n } from '../i18n/index.ts';

/** Renders with the app's theme, translations and a fresh query cache. */
export async function renderWithProviders(ui: ReactNode) {
  await initI18n();
  return render(
    <I18nextProvider i18n={i18next}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}
