import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { geralStore } from '../session/store.ts';

/** Keeps geral.theme (the dark flag) equal to the scheme in effect, including 'auto' following the system. */
export function useThemeFlagSync(): void {
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    geralStore.getState().setTheme(computed === 'dark');
  }, [computed]);
}
