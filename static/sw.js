// Service worker: serves the game from its cache first, so it starts and plays offline, and takes
// a new deployment a file at a time. `make site` writes the file list below (every file of the
// site with its revision, the start of its SHA-256: tools/service_worker.py) and puts this file at
// the site root so its scope is the whole site.
const FILES = __PRECACHE__;
const SCOPE = self.registration.scope;
// Caches are per origin, and two copies of the game may share one (forks at /a/ and /b/ of
// <user>.github.io): each copy keeps one cache, named after its scope, and touches no other.
const CACHE = `mastermind ${SCOPE}`;

// Each file is kept under its revision, so that the files of two versions sit side by side while
// the page still runs the old one: a new version adds only the files whose content changed.
const keyOf = (path) => `${new URL(path, SCOPE).href}?revision=${FILES[path]}`;

async function revisionOf(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  return Array.from(digest.slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// A file of this version. First from the HTTP cache, which on a first visit holds what the page
// has just loaded (so no file is downloaded twice), else from the server; then, if its content is
// not this version's (GitHub Pages lets browsers keep files for 10 minutes, so the HTTP cache may
// hold an older deployment's), revalidated with the server.
async function download(path) {
  for (const cache of ["default", "no-cache"]) {
    const response = await fetch(new URL(path, SCOPE), { cache });
    if (response.ok && (await revisionOf(response)) === FILES[path]) return response;
  }
  throw new Error(`${path}: the server does not have revision ${FILES[path]}`); // mid-deployment: install again later
}

// A cached file of this version, or null. Any script of this origin (a sibling project on a
// shared <user>.github.io host) may write into this cache, so an entry is served only while its
// bytes are still the ones the manifest names: a planted or damaged entry is dropped instead.
async function verified(cache, path) {
  const cached = await cache.match(keyOf(path));
  if (!cached) return null;
  if ((await revisionOf(cached)) === FILES[path]) return cached;
  await cache.delete(keyOf(path));
  return null;
}

// Said instead of a file that is in the cache but not as this version wrote it, when the network
// cannot give it again: fail closed, never run the changed file.
const REFUSED =
  "Mastermind cannot start offline: its offline copy of {path} was changed by something other than the game, " +
  "so it is not used. Connect to the internet once and reload to repair it.";

self.addEventListener("install", (event) => {
  // No skipWaiting here: the page offers "Reload" so one page never mixes two versions.
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(Object.keys(FILES).map(async (path) => {
    if (!(await verified(cache, path))) await cache.put(keyOf(path), await download(path));
  }))));
});

// A cache of this worker's former versions, which named one cache per build ("mastermind-<hash>"):
// this copy's if every file it holds is one of this copy's.
async function formerCacheOfThisCopy(name) {
  if (!/^mastermind-[0-9a-f]{16}$/.test(name)) return false;
  const requests = await (await caches.open(name)).keys();
  return requests.every(({ url }) => url.startsWith(SCOPE) && (url === SCOPE || url.slice(SCOPE.length) in FILES));
}

self.addEventListener("activate", (event) => {
  // The player agreed to switch: drop the former version's files, then serve this one's.
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const current = new Set(Object.keys(FILES).map(keyOf));
    await Promise.all((await cache.keys()).filter(({ url }) => !current.has(url)).map((request) => cache.delete(request)));
    for (const name of await caches.keys()) {
      if (await formerCacheOfThisCopy(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  let path = new URL(request.url).pathname.slice(new URL(SCOPE).pathname.length);
  // The page's own URL carries ?seed=, ?mode=...: any of them is the cached page.
  if (request.mode === "navigate" && ["", "index.html"].includes(path)) path = "./";
  if (!(path in FILES)) return;
  // The cached response as it is (never rebuilt), so the wasm keeps V8's compiled-code cache.
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(keyOf(path));
    if (!cached) return fetch(request); // not cached yet (the worker still installing): the network's
    if ((await revisionOf(cached)) === FILES[path]) return cached;
    await cache.delete(keyOf(path)); // planted or damaged: never served
    try {
      const fresh = await download(path); // this version's bytes, checked: keep them again
      await cache.put(keyOf(path), fresh.clone());
      return fresh;
    } catch {
      try {
        return await fetch(request); // online, but the server has moved on to a newer version
      } catch {
        const text = REFUSED.replace("{path}", path === "./" ? "the page" : path);
        return new Response(text, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      }
    }
  })());
});
