import { notifications, notificationsStore } from '@mantine/notifications';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient.ts';
import { i18next, initI18n } from '../i18n/index.ts';
import { Providers } from './Providers.tsx';

afterEach(() => {
  notifications.clean();
  cleanup();
  vi.useRealTimers();
});

const abertas = () => notificationsStore.getState().notifications.length;

describe('notifications (SPEC.md §9)', () => {
  it('show at the bottom and close by themselves after 5000 ms', async () => {
    await initI18n();
    vi.useFakeTimers();
    render(
      <Providers queryClient={createQueryClient()} i18n={i18next}>
        <p>tela</p>
      </Providers>,
    );
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
});
