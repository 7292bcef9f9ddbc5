/* Equilibraí service worker. Built by build/service-worker-plugin.ts: the two placeholders
 * below are replaced with the build's version and the app shell's hashed files. */
const VERSION = '__EQ_VERSION__'
const PRECACHE = __EQ_PRECACHE__
const CACHE = `equilibrai-${VERSION}`
const SHELL = '/'
const OFFLINE = '/offline.html'

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...PRECACHE]))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  // API answers are personal and live: never cached, never served from here. This includes
  // navigations such as the OAuth callbacks under /api/auth.
  if (url.pathname.startsWith('/api/')) return

  if (request.mode === 'navigate') {
    event.respondWith(navigate(request))
    return
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed file names never change content: cache first, fill the cache on the way.
    event.respondWith(cacheFirst(request))
    return
  }
  if (PRECACHE.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)))
  }
})

async function navigate(request) {
  try {
    return await fetch(request)
  } catch {
    const cache = await caches.open(CACHE)
    return (await cache.match(SHELL)) || (await cache.match(OFFLINE)) || Response.error()
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE)
  const hit = await cache.match(request)
  if (hit) return hit
  const response = await fetch(request)
  if (response.ok) cache.put(request, response.clone())
  return response
}
