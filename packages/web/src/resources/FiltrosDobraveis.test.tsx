import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { FiltrosDobraveis, filtrosAtivos, TELA_PEQUENA } from './FiltrosDobraveis.tsx';

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
  cleanup();
  vi.restoreAllMocks();
});

/** The window as a phone (the small-screen query matches) or not. */
function tela(pequena: boolean) {
  window.matchMedia = ((query: string) => ({ ...original(query), matches: pequena && query === TELA_PEQUENA, media: query })) as typeof window.matchMedia;
}

const filtros = <span data-testid="um-filtro">Ativo</span>;

describe('list filters on small screens', () => {
  it('shows the filters inline on a wide screen, without a button', async () => {
    tela(false);
    await renderWithProviders(<FiltrosDobraveis ativos={0}>{filtros}</FiltrosDobraveis>);
    expect(screen.getByTestId('um-filtro')).toBeTruthy();
    expect(screen.queryByTestId('recurso-filtros-abrir')).toBeNull();
  });

  it('folds them behind "Filtros" on a phone, with the number in use, and opens them on a tap', async () => {
    tela(true);
    await renderWithProviders(<FiltrosDobraveis ativos={2}>{filtros}</FiltrosDobraveis>);
    const botao = screen.getByTestId('recurso-filtros-abrir');
    expect(botao.textContent).toBe('Filtros2');
    expect(botao.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('um-filtro')).toBeNull();
    fireEvent.click(botao);
    expect(screen.getByTestId('um-filtro')).toBeTruthy();
    expect(botao.getAttribute('aria-expanded')).toBe('true');
  });

  it('counts the filters holding a value', () => {
    expect(filtrosAtivos({ ativo: 'true', grupo: '', tipo: undefined as never })).toBe(1);
  });
});
