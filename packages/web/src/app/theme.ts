import { createTheme, localStorageColorSchemeManager, rem, type MantineThemeOverride } from '@mantine/core';
import { breakpoints, choiceSizes, TEXTAREA_ROWS } from '@retaguarda/domain';
import { storageKeys } from '../session/armazenamento.ts';

/** Mantine reads breakpoints in em (1em = 16px); SPEC.md §9 gives them in px. */
const em = (px: number) => `${px / 16}em`;

/**
 * SPEC.md §9 radio and checkbox sizes (md 40 px…) are the control's square, the part a finger hits;
 * the box is drawn at half of it, centred, as in the original product (the square: escolhas.css).
 * A size outside the five keeps Mantine's own.
 */
const caixaDaEscolha = (size: unknown) => (typeof size === 'string' && Object.hasOwn(choiceSizes, size) ? rem(choiceSizes[size as keyof typeof choiceSizes] / 2) : undefined);

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
  // Plain objects, not Checkbox.extend(…): .extend would bring each component's code into the first
  // download, before the login page, which shows none of them.
  components: {
    Textarea: { defaultProps: { rows: TEXTAREA_ROWS } },
    // Confirmations focus their OK button (SPEC.md §9): app/ConfirmDialog.tsx.
    Modal: { defaultProps: { trapFocus: true, returnFocus: true, centered: true } },
    Checkbox: { defaultProps: { size: 'md' }, vars: (_: unknown, { size }: { size?: unknown }) => ({ root: { '--checkbox-size': caixaDaEscolha(size) } }) },
    Radio: { defaultProps: { size: 'md' }, vars: (_: unknown, { size }: { size?: unknown }) => ({ root: { '--radio-size': caixaDaEscolha(size) } }) },
  },
});

/** Claro/escuro/automático is kept under the same key the guard restores from. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.tema });
