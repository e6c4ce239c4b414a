/**
 * Service worker registration, following the behaviour of the register-service-worker package:
 * on localhost the worker file is fetched first, and when it is missing (404) or not served as
 * JavaScript any registration is removed and the page reloads (a stale worker from an earlier
 * project on the same port would otherwise keep serving old files). Only the "updated" event has
 * an effect here (SPEC.md §4); the other events do nothing.
 */
export const SERVICE_WORKER_URL = '/service-worker.js';

export interface RegisterHooks {
  updated(registration: ServiceWorkerRegistration): void;
}

export interface RegisterEnv {
  serviceWorker: ServiceWorkerContainer | undefined;
  hostname: string;
  fetch: typeof fetch;
  reload(): void;
}

export function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.(?:25[0-5]|2[0-4]\d|[01]?\d?\d)){3}$/.test(hostname);
}

function browserEnv(): RegisterEnv {
  return {
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    hostname: window.location.hostname,
    fetch: window.fetch.bind(window),
    reload: () => window.location.reload(),
  };
}

function watchForUpdates(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer, hooks: RegisterHooks): void {
  // A worker already waiting when the page opens is an update the user has not applied yet.
  if (registration.waiting && container.controller) hooks.updated(registration);
  registration.onupdatefound = () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.onstatechange = () => {
      // With a controller the new worker is an update; without one it is the first install ("cached").
      if (installing.state === 'installed' && container.controller) hooks.updated(registration);
    };
  };
}

async function registerValid(container: ServiceWorkerContainer, url: string, hooks: RegisterHooks): Promise<void> {
  const registration = await container.register(url, { scope: '/' });
  watchForUpdates(registration, container, hooks);
}

async function checkValid(env: RegisterEnv, container: ServiceWorkerContainer, url: string, hooks: RegisterHooks): Promise<void> {
  let response: Response;
  try {
    response = await env.fetch(url, { cache: 'no-store' });
  } catch {
    return; // offline: nothing to check against, keep whatever worker is installed
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 404 || !type.includes('javascript')) {
    const registrations = await container.getRegistrations();
    await Promise.all(registrations.map((r) => r.unregister()));
    if (registrations.length > 0) env.reload();
    return;
  }
  await registerValid(container, url, hooks);
}

export async function registerServiceWorker(hooks: RegisterHooks, env: RegisterEnv = browserEnv(), url = SERVICE_WORKER_URL): Promise<void> {
  const container = env.serviceWorker;
  if (!container) return;
  try {
    if (isLocalhost(env.hostname)) await checkValid(env, container, url, hooks);
    else await registerValid(container, url, hooks);
  } catch (error) {
    console.error('Falha ao registrar o service worker', error);
  }
}

/**
 * Applies the waiting worker: it is told to skip waiting and the page reloads once it controls
 * the page. Without a waiting worker (or if it never takes over) the page simply reloads.
 */
export function applyUpdate(registration: ServiceWorkerRegistration | null, env: Pick<RegisterEnv, 'serviceWorker' | 'reload'> = browserEnv(), fallbackMs = 4000): void {
  const waiting = registration?.waiting;
  const container = env.serviceWorker;
  if (!waiting || !container) {
    env.reload();
    return;
  }
  let reloaded = false;
  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    env.reload();
  };
  container.addEventListener('controllerchange', reloadOnce);
  waiting.postMessage({ type: 'SKIP_WAITING' });
  setTimeout(reloadOnce, fallbackMs);
}
