// Service worker: precaches all of dist/ under a cache named after the build's content
// hashes (build.py fills PRECACHE), serves cache-first, and waits to take over until the
// page says so (the page shows a "new version" banner with a reload button).
const PRECACHE = /*PRECACHE*/{ "version": "dev", "files": [], "handed": {} }/*END*/;
const CACHE = `doko-${PRECACHE.version}`;
// Files the engine's worker decoded from their Brotli copies (a host that sends only gzip)
// and left here, keyed by their digest: taken over instead of downloaded a second time.
const HANDED = "doko-handed";
// the service worker's own scope (its events and clients), as the type checker knows it
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const scope = new URL("./", sw.location.href).href;

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const fetched = [];
    for (const file of PRECACHE.files) {
      if (!(await takeHanded(cache, file))) fetched.push(file);
    }
    // cache: "no-cache": what the game has fetched already is revalidated with the server
    // (a 304 costs a round trip, not the file again), and a stale HTTP cache entry never
    // ends up in a new version.
    await cache.addAll(fetched.map((f) => new Request(new URL(f, scope), { cache: "no-cache" })));
    await caches.delete(HANDED);
  })());
});

// The worker's decoded copy of `file`, if it left one of this build's (same digest).
async function takeHanded(cache, file) {
  const digest = PRECACHE.handed[file];
  if (!digest || !(await caches.has(HANDED))) return false;
  const handed = await (await caches.open(HANDED)).match(new URL(`${file}?digest=${digest}`, scope).href);
  if (!handed) return false;
  await cache.put(new URL(file, scope).href, handed);
  return true;
}

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("doko-") && name !== CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") sw.skipWaiting();
  else if (data.type === "version" && event.source) {
    event.source.postMessage({ type: "version", version: PRECACHE.version });
  }
});

sw.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || !req.url.startsWith(scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const url = new URL(req.url);
    url.hash = "";
    url.search = "";
    const key = url.href === scope ? new URL("index.html", scope).href : url.href;
    const hit = await cache.match(key);
    if (hit) return hit;
    return fetch(req);
  })());
});
