// Service worker: serves the game from its cache first, so it starts and plays offline.
// `make site` writes the real cache name (a hash of the build) and the file list over the
// placeholders below, and puts this file at the site root so its scope is the whole site.
const CACHE = "__CACHE_NAME__";
const PRECACHE = __PRECACHE_LIST__;

self.addEventListener("install", (event) => {
  // No skipWaiting here: the page offers "Reload" so one page never mixes two versions.
  // "no-cache": revalidate with the server, so a new deployment never caches a file the HTTP
  // cache still holds from the old one (GitHub Pages lets browsers keep files for 10 minutes).
  const requests = PRECACHE.map((url) => new Request(url, { cache: "no-cache" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("mastermind-") && name !== CACHE)
          .map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  // The page's own URL carries ?seed=, ?mode=...: any of them is the cached page.
  const page = new URL("./", self.registration.scope);
  const isPage = request.mode === "navigate" && [page.pathname, `${page.pathname}index.html`].includes(url.pathname);
  const lookup = caches.match(isPage ? page.href : request, { cacheName: CACHE });
  event.respondWith(lookup.then((cached) => cached || fetch(request)));
});
