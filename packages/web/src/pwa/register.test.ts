import { describe, expect, it, vi } from 'vitest';
import { applyUpdate, isLocalhost, registerServiceWorker, type RegisterEnv } from './register.ts';

function fakeContainer(overrides: Partial<ServiceWorkerContainer> = {}) {
  const registration = { waiting: null, installing: null, onupdatefound: null, unregister: vi.fn(async () => true) } as unknown as ServiceWorkerRegistration;
  const container = {
    controller: {} as ServiceWorker,
    register: vi.fn(async () => registration),
    getRegistrations: vi.fn(async () => [registration]),
    addEventListener: vi.fn(),
    ...overrides,
  } as unknown as ServiceWorkerContainer;
  return { container, registration };
}

const response = (status: number, type: string) => new Response('x', { status, headers: { 'content-type': type } });

describe('service worker registration', () => {
  it('recognises localhost addresses', () => {
    expect(isLocalhost('localhost')).toBe(true);
    expect(isLocalhost('127.0.0.1')).toBe(true);
    expect(isLocalhost('[::1]')).toBe(true);
    expect(isLocalhost('retaguarda.com.br')).toBe(false);
  });

  it('on localhost, unregisters and reloads when the worker file is missing', async () => {
    const { container, registration } = fakeContainer();
    const env: RegisterEnv = { serviceWorker: container, hostname: 'localhost', fetch: vi.fn(async () => response(404, 'text/html')), reload: vi.fn() };
    await registerServiceWorker({ updated: vi.fn() }, env);
    expect(registration.unregister).toHaveBeenCalled();
    expect(env.reload).toHaveBeenCalled();
    expect(container.register).not.toHaveBeenCalled();
  });

  it('on localhost, unregisters when the file is not JavaScript (the SPA fallback page)', async () => {
    const { container, registration } = fakeContainer();
    const env: RegisterEnv = { serviceWorker: container, hostname: 'localhost', fetch: vi.fn(async () => response(200, 'text/html')), reload: vi.fn() };
    await registerServiceWorker({ updated: vi.fn() }, env);
    expect(registration.unregister).toHaveBeenCalled();
    expect(container.register).not.toHaveBeenCalled();
  });

  it('registers from the site root when the file is valid, and elsewhere without fetching', async () => {
    const local = fakeContainer();
    const fetchOk = vi.fn(async () => response(200, 'application/javascript; charset=utf-8'));
    await registerServiceWorker({ updated: vi.fn() }, { serviceWorker: local.container, hostname: 'localhost', fetch: fetchOk, reload: vi.fn() });
    expect(local.container.register).toHaveBeenCalledWith('/service-worker.js', { scope: '/' });

    const remote = fakeContainer();
    const fetchSpy = vi.fn();
    await registerServiceWorker({ updated: vi.fn() }, { serviceWorker: remote.container, hostname: 'retaguarda.com.br', fetch: fetchSpy, reload: vi.fn() });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(remote.container.register).toHaveBeenCalled();
  });

  it('reports "updated" only when a new worker installs while a controller exists', async () => {
    const { container, registration } = fakeContainer();
    const updated = vi.fn();
    await registerServiceWorker({ updated }, { serviceWorker: container, hostname: 'example.com', fetch: vi.fn(), reload: vi.fn() });
    const installing = { state: 'installing', onstatechange: null as null | (() => void) };
    Object.assign(registration, { installing });
    registration.onupdatefound!(new Event('updatefound'));
    installing.state = 'installed';
    installing.onstatechange!();
    expect(updated).toHaveBeenCalledWith(registration);
  });

  it('applying the update asks the waiting worker to skip waiting and reloads once on controllerchange', () => {
    const listeners: Array<() => void> = [];
    const container = { addEventListener: (_: string, fn: () => void) => listeners.push(fn) } as unknown as ServiceWorkerContainer;
    const waiting = { postMessage: vi.fn() };
    const reload = vi.fn();
    applyUpdate({ waiting } as unknown as ServiceWorkerRegistration, { serviceWorker: container, reload }, 60_000);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    listeners.forEach((fn) => fn());
    listeners.forEach((fn) => fn());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('falls back to a plain reload without a waiting worker', () => {
    const reload = vi.fn();
    applyUpdate(null, { serviceWorker: undefined, reload });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
