import { createTheme, darken, localStorageColorSchemeManager, luminance, rem, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
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
  // Blue 8 under white text is 5.0:1 (WCAG AA asks 4.5); Mantine's default shade 6 was 3.6:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // Whoever asks the system for less motion (WCAG 2.3.3) gets drawers, menus and dialogs that open at once; the
  // CSS transitions go too (app/estilosPublicos.css).
  respectReducedMotion: true,
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

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contraste(a: string, b: string): number {
  const [claro, escuro] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (claro + 0.05) / (escuro + 0.05);
}

/** WCAG AA for normal text, with a little room for rounding and antialiasing. */
const AA = 4.6;

/** `cor` darkened in small steps until it reaches AA against every one of `fundos`. */
function escurecerAte(cor: string, fundos: string[]): string {
  let resultado = cor;
  for (let passo = 1; passo <= 20 && fundos.some((f) => contraste(resultado, f) < AA); passo++) resultado = darken(cor, passo * 0.04);
  return resultado;
}

/**
 * Mantine's variables, with every text colour readable at WCAG AA (axe-core's colour contrast rule, issue
 * 19): dimmed text (grey 6 was 3.3:1 on white), white on a filled colour (green 8 3.5:1, teal 8 4.0:1…),
 * coloured text on white (c="teal"), a light variant's text on its own tint (teal 9 on teal 1 4.3:1) and
 * placeholders shown as text.
 * Each colour is darkened only as far as it must, so the palette keeps its look.
 */
export const variaveisCss: CSSVariablesResolver = (t) => {
  // Mantine asks on every render of its provider; the theme object changes only with the theme.
  const feito = calculadas.get(t);
  if (feito) return feito;
  const resultado = calcularVariaveis(t);
  calculadas.set(t, resultado);
  return resultado;
};

const calculadas = new WeakMap<Parameters<CSSVariablesResolver>[0], ReturnType<CSSVariablesResolver>>();

function calcularVariaveis(t: Parameters<CSSVariablesResolver>[0]): ReturnType<CSSVariablesResolver> {
  // A placeholder shown as text (FileInput, a select's) is read like dimmed text.
  const light: Record<string, string> = { '--mantine-color-dimmed': '#666e75', '--mantine-color-placeholder': 'var(--mantine-color-dimmed)' };
  const dark: Record<string, string> = { '--mantine-color-dimmed': '#a3a3a3', '--mantine-color-placeholder': 'var(--mantine-color-dimmed)' };
  const cinzaClaro = t.colors.gray[0]!;
  for (const [nome, tons] of Object.entries(t.colors)) {
    if (!Array.isArray(tons) || tons.length < 10) continue;
    const preenchido = (esquema: 'light' | 'dark') => tons[typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade[esquema]]!;
    for (const [esquema, vars] of [['light', light], ['dark', dark]] as const) {
      const cor = escurecerAte(preenchido(esquema), [t.white]);
      if (cor === preenchido(esquema)) continue;
      vars[`--mantine-color-${nome}-filled`] = cor;
      vars[`--mantine-color-${nome}-filled-hover`] = darken(cor, 0.1);
    }
    light[`--mantine-color-${nome}-text`] = escurecerAte(preenchido('light'), [t.white, cinzaClaro]);
    light[`--mantine-color-${nome}-light-color`] = escurecerAte(tons[9]!, [tons[1]!, tons[2]!]);
  }
  // Only what differs: Mantine merges these over its own defaults.
  return { variables: {}, light, dark };
}

/** Claro/escuro/automático is kept under the same key the guard restores from. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.tema });
