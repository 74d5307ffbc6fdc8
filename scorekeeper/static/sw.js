/* Scorekeeper's service worker: the pages open at the table even when the laptop can't be reached.
 *
 * Served at /sw.js (scope: the whole app) by scorekeeper/views/app_shell.py, which writes a
 * first line before this file: const SHELL = {version, shell, offline, start, pages, static,
 * favicon, api}, the URLs as the app writes them.
 *
 * - Install: keep the app shell (CSS, JavaScript, icons, the offline page) in the cache
 *   "scorekeeper-shell-<version>", and the start page among the pages kept.
 * - Activate: delete the older shell caches, look after the open pages at once and keep a copy
 *   of each (so a page opened once, before there was a worker, opens offline too).
 * - Pages (GET navigations): the network first. Each page answered 200 is kept (the last 30,
 *   in "scorekeeper-pages", which outlives updates), so the last session page seen opens
 *   offline. When the network fails, or has not answered in WAIT ms and there is a copy,
 *   the copy is shown, with a note at its top saying when it was seen; without a copy, the
 *   offline page.
 * - Static files: the cache first, else the network (and kept).
 * - Anything else (every POST, the API under /api/ with each session's live stream, the live
 *   standings fragment) is left alone: the browser sends it to the laptop as if there were no
 *   worker, so a stream is never held or kept here.
 */
"use strict";
/* global SHELL */

const SHELL_PREFIX = "scorekeeper-shell-";
const SHELL_CACHE = SHELL_PREFIX + SHELL.version;
const WAIT = 3000; // ms the laptop has to answer before the kept copy of a page is shown
const KEEP_PAGES = 30;
const SEEN = "X-Scorekeeper-Seen"; // when the copy was kept (ms since 1970)
const TITLE = "X-Scorekeeper-Title"; // the page's title, URI-encoded (headers are Latin-1)

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // Without cookies: the offline page must not take a message meant for the next page.
      const fresh = (url) => new Request(url, { cache: "reload", credentials: "omit" });
      await cache.addAll(SHELL.shell.map(fresh));
      await refreshCopy(SHELL.start); // the installed app opens on it, even offline
      await self.skipWaiting();
    })()
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      await self.clients.claim();
      const open = await self.clients.matchAll({ type: "window" });
      await Promise.all(open.map((client) => refreshCopy(client.url)));
    })()
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return; // never answered, kept or replayed here
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith(SHELL.api)) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith(SHELL.static) || url.pathname === SHELL.favicon) {
    event.respondWith(asset(event));
  }
});

/* ---- pages: the network first, then the copy this phone kept, then the offline page ---- */

function page(event) {
  const request = event.request;
  const network = fetch(request).then((response) => {
    if (keepable(response)) event.waitUntil(keepPage(request.url, response.clone()));
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  return new Promise((resolve) => {
    let answered = false;
    const answer = (response) => {
      if (!answered && response) {
        answered = true;
        resolve(response);
      }
    };
    network.then(answer, async () => answer((await keptCopy(request.url)) || (await offlinePage())));
    setTimeout(async () => {
      if (!answered) answer(await keptCopy(request.url)); // slow: the copy, if there is one
    }, WAIT);
  });
}

function keepable(response) {
  return (
    response.status === 200 &&
    response.type === "basic" &&
    (response.headers.get("Content-Type") || "").startsWith("text/html") &&
    !/no-store/.test(response.headers.get("Cache-Control") || "")
  );
}

function pageKey(url) {
  const key = new URL(url);
  key.hash = "";
  return key.href;
}

async function refreshCopy(url) {
  const target = new URL(url, self.location.href);
  if (target.origin !== self.location.origin || target.pathname.startsWith(SHELL.api)) return;
  try {
    const response = await fetch(target.href, { cache: "no-store", credentials: "same-origin" });
    if (keepable(response)) await keepPage(target.href, response);
  } catch (error) {
    /* the laptop went away meanwhile: the page is kept the next time it is seen */
  }
}

async function keepPage(url, response) {
  const html = await response.text();
  const title = /<title>([^<]*)<\/title>/.exec(html);
  const headers = new Headers(response.headers);
  headers.delete("Content-Length"); // the body is stored as text, not as it came
  headers.delete("Content-Encoding");
  headers.delete("Vary"); // kept by URL alone
  headers.set(SEEN, String(Date.now()));
  headers.set(TITLE, encodeURIComponent(title ? unescapeHtml(title[1].trim()) : ""));
  const cache = await caches.open(SHELL.pages);
  await cache.put(pageKey(url), new Response(html, { status: 200, headers }));
  const keys = await cache.keys();
  if (keys.length > KEEP_PAGES) {
    const seen = await Promise.all(
      keys.map(async (key) => [key, Number((await cache.match(key)).headers.get(SEEN))])
    );
    seen.sort((a, b) => a[1] - b[1]);
    await Promise.all(seen.slice(0, keys.length - KEEP_PAGES).map(([key]) => cache.delete(key)));
  }
}

function unescapeHtml(text) {
  const named = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name) => {
    if (name[0] !== "#") return named[name.toLowerCase()] || whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return String.fromCodePoint(code);
  });
}

/* The kept copy of a page, its messages ("Hand 3 saved") left out, with a note at the top of
   <main>: offline, and since when. */
async function keptCopy(url) {
  const cache = await caches.open(SHELL.pages);
  const kept = await cache.match(pageKey(url));
  if (!kept) return null;
  const html = await kept.text();
  const seen = new Date(Number(kept.headers.get(SEEN)));
  const note =
    '<p class="flash flash-warn" role="status" data-kept-copy>The laptop can\'t be reached: this is the ' +
    "page as this phone last saw it, " + seenAt(seen) + ". Hands saved since then " +
    'don\'t show. <a class="button small" href="">Try again</a></p>';
  const marked = html
    .replace(/<p class="flash[^"]*" role="status">[\s\S]*?<\/p>\s*/g, "")
    .replace(/<main\b[^>]*>/, (main) => main + note);
  return new Response(marked, { status: 200, headers: kept.headers });
}

function seenAt(when) {
  const time = when.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
  if (when.toDateString() === new Date().toDateString()) return "at " + time;
  return when.toLocaleDateString([], { weekday: "short", day: "numeric", month: "short" }) + " " + time;
}

async function offlinePage() {
  const page = await caches.match(SHELL.offline);
  if (page) return page;
  return new Response("The laptop can't be reached. Check the Wi-Fi, then try again.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/* ---- static files: the cache first ---- */

async function asset(event) {
  const request = event.request;
  const cache = await caches.open(SHELL_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.status === 200 && response.type === "basic") {
      event.waitUntil(cache.put(request, response.clone()));
    }
    return response;
  } catch (error) {
    // A kept page from before an update asks for the old version of a file: the new one.
    const current = await cache.match(request, { ignoreSearch: true });
    if (current) return current;
    throw error;
  }
}
