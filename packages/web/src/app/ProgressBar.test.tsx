import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { advanceProgress, PROGRESS_MAX } from './progress.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { RootFrame } from './RootFrame.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const valor = () => Number(screen.getByTestId('progresso-navegacao').getAttribute('aria-valuenow'));

describe('navigation progress indicator (SPEC.md §2, §9)', () => {
  it('starts at the minimum 0.08 and advances every 800 ms, never past the end before the page is there', () => {
    vi.useFakeTimers();
    render(<ProgressBar active />);
    expect(valor()).toBe(0.08);
    act(() => vi.advanceTimersByTime(799));
    expect(valor()).toBe(0.08);
    act(() => vi.advanceTimersByTime(1));
    const primeiro = valor();
    expect(primeiro).toBeGreaterThan(0.08);
    act(() => vi.advanceTimersByTime(800));
    expect(valor()).toBeGreaterThan(primeiro);
    act(() => vi.advanceTimersByTime(800 * 1000));
    expect(valor()).toBe(PROGRESS_MAX);
    expect(PROGRESS_MAX).toBeLessThan(1);
  });

  it('a step never goes below the minimum', () => {
    expect(advanceProgress(0)).toBeGreaterThan(0.08);
    expect(advanceProgress(-1)).toBe(advanceProgress(0.08));
  });

  it('completes and goes away when the navigation ends', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ProgressBar active />);
    rerender(<ProgressBar active={false} />);
    expect(valor()).toBe(1);
    act(() => vi.advanceTimersByTime(250));
    expect(screen.queryByTestId('progresso-navegacao')).toBeNull();
  });

  it('shows while a navigation loads its page, on every navigation', async () => {
    let carregar!: () => void;
    const router = createMemoryRouter(
      [
        {
          element: <RootFrame />,
          children: [
            { path: '/a', handle: { name: 'a' }, element: <p>a</p> },
            {
              path: '/b',
              handle: { name: 'b' },
              loader: () => new Promise<null>((resolve) => (carregar = () => resolve(null))),
              element: <p>b</p>,
            },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.queryByTestId('progresso-navegacao')).toBeNull();
    let indo!: Promise<void>;
    act(() => {
      indo = router.navigate('/b');
    });
    expect(await screen.findByTestId('progresso-navegacao')).toBeTruthy();
    expect(valor()).toBe(0.08);
    await act(async () => {
      carregar();
      await indo;
    });
    expect(screen.getByText('b')).toBeTruthy();
    expect(valor()).toBe(1);
  });
});
