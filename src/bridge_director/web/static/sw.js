/* bridge-director's service worker (docs/phone.md): the app's shell and static files from the cache, the pages
 * from the network with the last copy kept for when the connection drops.  Entries (POST) and the JSON API are
 * never cached nor answered from here: the table page keeps its own queue of entries (static/app.js). */
"use strict";

const VERSION = "bd-1";
const SHELL = `${VERSION}-shell`;
const PAGES = `${VERSION}-pages`;
const OFFLINE = "/static/offline.html";
const SHELL_FILES = ["/static/app.css", "/static/app.js", "/static/vendor/htmx.min.js", "/static/manifest.json",
                     "/static/icon-192.png", "/static/icon-512.png", OFFLINE];
const KEPT_PAGES = /^\/((tables|device)\/[^/]+)?$/;  // the tables list, each table page, each table device

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => !n.startsWith(`${VERSION}-`)).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

/* A static file: the cached copy at once, refreshed in the background for the next time. */
async function fromShell(event) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(event.request, { ignoreSearch: true });
  const fetched = fetch(event.request).then((response) => {
    if (response.ok) cache.put(event.request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(fetched.catch(() => undefined));
    return cached;
  }
  return fetched;
}

/* A page: from the network; a table page's copy is kept, and answered when the network fails. */
async function fromNetwork(event, url) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(event.request);
    if (response.ok && !response.redirected && KEPT_PAGES.test(url.pathname)) {
      await cache.put(url.pathname, response.clone());
    }
    return response;
  } catch (err) {
    const kept = await cache.match(url.pathname);
    if (kept) return kept;
    if (event.request.mode === "navigate") return (await caches.match(OFFLINE)) || Response.error();
    throw err;
  }
}

/* A table page the app asks to keep: the HTML it was just given (after an entry), else fetched now. */
async function keepPage(path, html) {
  const cache = await caches.open(PAGES);
  if (typeof html === "string") {
    await cache.put(path, new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    return;
  }
  const response = await fetch(path, { credentials: "same-origin" });
  if (response.ok && !response.redirected) await cache.put(path, response);
}

self.addEventListener("message", (event) => {
  const { keep, html } = event.data || {};
  if (typeof keep === "string" && KEPT_PAGES.test(keep)) event.waitUntil(keepPage(keep, html).catch(() => undefined));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (event.request.method !== "GET") {
    if (url.pathname === "/logout") event.waitUntil(caches.delete(PAGES));  // the next person sees no page of this one
    return;
  }
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(fromShell(event));
  } else if (!url.pathname.startsWith("/api/") && url.pathname !== "/sw.js") {
    event.respondWith(fromNetwork(event, url));
  }
});
