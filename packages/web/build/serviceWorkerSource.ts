/**
 * The text of /service-worker.js. It is plain JavaScript generated at build time, so it carries the
 * build id and the exact list of built files; a new build means a new worker, which is what makes
 * the "conteúdo atualizado" banner appear in open tabs.
 */
export function serviceWorkerSource(buildId: string, precache: readonly string[]): string {
  return `/* Retaguarda service worker, build ${buildId} (generated, do not edit) */
const BUILD_ID = ${JSON.stringify(buildId)};
const CACHE = 'retaguarda-' + BUILD_ID;
const PRECACHE = ${JSON.stringify(precache, null, 0)};

self.addEventListener('install', (event) => {
  // No skipWaiting here: the page asks for it when the user clicks "Atualizar".
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('retaguarda-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    cache.put(request, response.clone());
  }
  return response;
}

async function networkFirstNavigation(request) {
  try {
    return await fetch(request);
  } catch (error) {
    // Offline: every route of the single-page app is served by the same index.html.
    const shell = await caches.match('/index.html');
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Server state is never cached: the API and the runtime configuration always go to the network.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname === '/config.json') return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
    return;
  }
  // Files under /assets/ carry a content hash in their name, so a cached copy is never stale.
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
`;
}
