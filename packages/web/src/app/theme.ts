import { createTheme, localStorageColorSchemeManager, Modal, Textarea, type MantineThemeOverride } from '@mantine/core';
import { breakpoints, TEXTAREA_ROWS } from '@retaguarda/domain';
import { storageKeys } from '../session/persistence.ts';

/** Mantine reads breakpoints in em (1em = 16px); SPEC.md §9 gives them in px. */
const em = (px: number) => `${px / 16}em`;

export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  breakpoints: {
    xs: em(480),
    sm: em(breakpoints.sm),
    md: em(breakpoints.md),
    lg: em(breakpoints.lg),
    xl: em(breakpoints.xl),
  },
  components: {
    Textarea: Textarea.extend({ defaultProps: { rows: TEXTAREA_ROWS } }),
    // Dialogs focus their OK button (SPEC.md §9, DIALOG_DEFAULT_FOCUS): it carries data-autofocus.
    Modal: Modal.extend({ defaultProps: { trapFocus: true, returnFocus: true, centered: true } }),
  },
});

/** Claro/escuro/automático is kept under the same key the guard restores from. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.tema });
