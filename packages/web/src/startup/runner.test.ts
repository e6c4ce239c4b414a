import { afterEach, describe, expect, it, vi } from 'vitest';
import { runStartup, type StartupModule } from './runner.ts';

afterEach(() => vi.restoreAllMocks());

const ctx = { path: '/' };

describe('startup runner', () => {
  it('runs every module in order and then mounts', async () => {
    const order: string[] = [];
    const modules: StartupModule[] = ['i18n', 'offline', 'queryClient', 'serviceWorker'].map((name) => ({
      name,
      run: async () => void order.push(name),
    }));
    await expect(runStartup(modules, ctx)).resolves.toEqual({ kind: 'mount' });
    expect(order).toEqual(['i18n', 'offline', 'queryClient', 'serviceWorker']);
  });

  it('honours a redirect instead of mounting and stops running further modules', async () => {
    const later = vi.fn();
    const outcome = await runStartup(
      [{ name: 'a', run: () => undefined }, { name: 'b', run: () => ({ redirect: '/login' }) }, { name: 'c', run: later }],
      ctx,
    );
    expect(outcome).toEqual({ kind: 'redirect', to: '/login', module: 'b' });
    expect(later).not.toHaveBeenCalled();
  });

  it('logs a failing module and aborts the mount', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const later = vi.fn();
    const boom = new Error('boom');
    const outcome = await runStartup([{ name: 'i18n', run: async () => { throw boom; } }, { name: 'c', run: later }], ctx);
    expect(outcome).toEqual({ kind: 'failed', module: 'i18n', error: boom });
    expect(error).toHaveBeenCalled();
    expect(later).not.toHaveBeenCalled();
  });

  it('passes the context to each module', async () => {
    const run = vi.fn();
    await runStartup([{ name: 'x', run }], { path: '/pessoa' });
    expect(run).toHaveBeenCalledWith({ path: '/pessoa' });
  });
});
