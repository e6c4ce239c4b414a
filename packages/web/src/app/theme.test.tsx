import { Checkbox, DEFAULT_THEME, mergeMantineTheme, Radio, Textarea } from '@mantine/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CampoInput } from '../resources/CampoInput.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { PageLoader } from './PageLoader.tsx';
import { contraste, theme, variaveisCss } from './theme.ts';

afterEach(cleanup);

/** Mantine writes a length of n px as this (1rem = 16 px, scaled by --mantine-scale). */
const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;
const variavel = (el: Element | null, nome: string) => (el as HTMLElement | null)?.style.getPropertyValue(nome);

describe('theme constants of SPEC.md §9', () => {
  it('size classes xs, sm, md, lg, xl; breakpoints sm 600, md 1024, lg 1440, xl 1920 px', () => {
    expect(Object.keys(theme.breakpoints ?? {})).toEqual(['xs', 'sm', 'md', 'lg', 'xl']);
    // Mantine reads them in em of 16 px.
    const px = Object.fromEntries(Object.entries(theme.breakpoints ?? {}).map(([k, v]) => [k, parseFloat(String(v)) * 16]));
    expect(px).toMatchObject({ sm: 600, md: 1024, lg: 1440, xl: 1920 });
  });

  it('a textarea has 6 rows unless told otherwise', async () => {
    await renderWithProviders(
      <>
        <Textarea label="Observação" data-testid="padrao" />
        <Textarea label="Curta" rows={2} data-testid="curta" />
      </>,
    );
    expect(screen.getByTestId('padrao').getAttribute('rows')).toBe('6');
    expect(screen.getByTestId('curta').getAttribute('rows')).toBe('2');
  });

  it('a long text of a registration form (a person’s Observação) has the 6 rows of the theme', async () => {
    await renderWithProviders(<CampoInput nome="observacao" campo={{ rotulo: 'Observação', tipo: 'textoLongo' }} valor="" onChange={() => {}} />);
    expect(screen.getByLabelText('Observação').getAttribute('rows')).toBe('6');
  });

  it('radio and checkbox sizes xs 30, sm 35, md 40 (the default), lg 50, xl 60: the box is drawn at half', async () => {
    const tamanhos = { xs: 30, sm: 35, md: 40, lg: 50, xl: 60 } as const;
    await renderWithProviders(
      <>
        <Checkbox label="Padrão" data-testid="checkbox-padrao" />
        <Radio label="Padrão" data-testid="radio-padrao" />
        {Object.keys(tamanhos).map((size) => (
          <div key={size}>
            <Checkbox size={size} label={size} data-testid={`checkbox-${size}`} />
            <Radio size={size} label={size} data-testid={`radio-${size}`} />
          </div>
        ))}
      </>,
    );
    const raiz = (testId: string) => screen.getByTestId(testId).closest('.mantine-Checkbox-root, .mantine-Radio-root');
    for (const [size, area] of Object.entries(tamanhos)) {
      expect(variavel(raiz(`checkbox-${size}`), '--checkbox-size'), size).toBe(rem(area / 2));
      expect(variavel(raiz(`radio-${size}`), '--radio-size'), size).toBe(rem(area / 2));
    }
    expect(variavel(raiz('checkbox-padrao'), '--checkbox-size')).toBe(rem(20));
    expect(variavel(raiz('radio-padrao'), '--radio-size')).toBe(rem(20));
  });

  it('the page-loading spinner is 80 px', async () => {
    await renderWithProviders(<PageLoader />);
    const loader = screen.getByTestId('carregando-pagina').querySelector('.mantine-Loader-root');
    expect(variavel(loader, '--loader-size')).toBe(rem(80));
  });

  it('text colours reach WCAG AA (4.5:1) in both schemes: dimmed, white on filled, coloured text, light variants (issue 19)', () => {
    const t = mergeMantineTheme(DEFAULT_THEME, theme);
    const v = variaveisCss(t);
    // A value as the browser reads it: a var(--mantine-color-x-n) is the palette's colour.
    const cor = (valor: string) => valor.replace(/^var\(--mantine-color-([a-z]+)-(\d)\)$/, (_, nome: string, n: string) => t.colors[nome]![Number(n)]!);
    const abaixo: string[] = [];
    const exigir = (nome: string, valor: string, fundo: string) => contraste(cor(valor), fundo) < 4.5 && abaixo.push(`${nome} ${valor} sobre ${fundo}`);
    exigir('dimmed claro', v.light['--mantine-color-dimmed']!, t.white);
    exigir('dimmed escuro', v.dark['--mantine-color-dimmed']!, t.colors.dark[7]!);
    exigir('dimmed escuro', v.dark['--mantine-color-dimmed']!, t.colors.dark[6]!);
    for (const [nome, tons] of Object.entries(DEFAULT_THEME.colors)) {
      exigir(`${nome} filled claro`, v.light[`--mantine-color-${nome}-filled`] ?? tons[8]!, t.white);
      exigir(`${nome} filled escuro`, v.dark[`--mantine-color-${nome}-filled`] ?? tons[8]!, t.white);
      exigir(`${nome} text claro`, v.light[`--mantine-color-${nome}-text`]!, t.white);
      exigir(`${nome} light-color claro`, v.light[`--mantine-color-${nome}-light-color`]!, tons[1]!);
    }
    expect(abaixo).toEqual([]);
  });
});
