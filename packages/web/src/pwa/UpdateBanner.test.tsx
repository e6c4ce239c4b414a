import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';
import { useUpdateState } from './updateState.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useUpdateState.setState({ registration: null, available: false });
});

describe('update notice (SPEC.md §4, §9)', () => {
  it('says the words of the specification with one action, Atualizar, and stays until used (time-out 0)', async () => {
    await renderWithProviders(<UpdateBanner />);
    expect(screen.queryByTestId('banner-atualizacao')).toBeNull();
    vi.useFakeTimers();
    act(() => useUpdateState.getState().setUpdated({} as ServiceWorkerRegistration));
    const banner = screen.getByTestId('banner-atualizacao');
    expect(banner.textContent).toContain('Conteúdo atualizado está disponível. Por favor atualize a página.');
    expect(within(banner).getAllByRole('button').map((b) => b.textContent)).toEqual(['Atualizar']);
    expect(banner.getAttribute('data-timeout')).toBe('0');
    act(() => vi.advanceTimersByTime(24 * 60 * 60 * 1000));
    expect(screen.getByTestId('banner-atualizacao')).toBe(banner);
  });
});
