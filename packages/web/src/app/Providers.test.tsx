import { notifications, notificationsStore } from '@mantine/notifications';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../i18n/index.ts';
import { entrarComo, sair } from '../test/sessao.ts';
import { Providers } from './Providers.tsx';

afterEach(() => {
  notifications.clean();
  cleanup();
  sair();
  vi.useRealTimers();
});

/** The notifications' container, loaded with the first sign-in (app/Avisos.tsx). */
const conteiner = () => document.querySelector('[data-position="bottom-center"]');

const abertas = () => notificationsStore.getState().notifications.length;

describe('notifications (SPEC.md §9)', () => {
  it('show at the bottom and close by themselves after 5000 ms', async () => {
    await initI18n();
    entrarComo();
    render(
      <Providers i18n={i18next}>
        <p>tela</p>
      </Providers>,
    );
    await waitFor(() => expect(conteiner()).not.toBeNull());
    vi.useFakeTimers();
    act(() => void notifications.show({ message: 'Falha de comunicação!' }));
    const aviso = screen.getByText('Falha de comunicação!');
    expect(aviso.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-center');
    act(() => vi.advanceTimersByTime(4999));
    expect(abertas()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(abertas()).toBe(0);
    // Then it leaves the screen (its exit transition runs on chained timers).
    for (let i = 0; i < 10; i++) act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Falha de comunicação!')).toBeNull();
  });

  it('shown before the container is loaded (before sign-in), one is not lost: it shows once a user signs in', async () => {
    await initI18n();
    render(
      <Providers i18n={i18next}>
        <p>tela</p>
      </Providers>,
    );
    act(() => void notifications.show({ message: 'Senha alterada.', autoClose: false }));
    expect(screen.queryByText('Senha alterada.')).toBeNull();
    act(() => void entrarComo());
    expect((await screen.findByText('Senha alterada.')).closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-center');
  });
});
