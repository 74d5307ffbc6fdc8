/* Scorekeeper's app shell on the page: registers the service worker (static/sw.js, served at
   /sw.js) so pages open when the laptop can't be reached, and on the offline page lists the
   pages this phone has kept. Loaded with defer from templates/base.html; the worker's URL and
   scope come from the script tag's data-worker and data-scope. */
(function () {
  "use strict";
  var me = document.currentScript;

  if ("serviceWorker" in navigator && me && me.dataset.worker) {
    window.addEventListener("load", function () {
      navigator.serviceWorker
        .register(me.dataset.worker, { scope: me.dataset.scope || "/" })
        .catch(function () { /* a browser that refuses: the pages work as before, online */ });
    });
  }

  /* ---- the offline page: the pages kept on this phone, newest first ---- */
  var kept = document.querySelector("[data-kept-pages]");
  if (!kept || !window.caches) return;
  var here = location.href.split("#")[0];
  caches.open(kept.dataset.keptPages)
    .then(function (cache) {
      return cache.keys().then(function (keys) {
        return Promise.all(keys.map(function (key) {
          return cache.match(key).then(function (page) {
            return {
              url: key.url,
              title: decodeURIComponent(page.headers.get("X-Scorekeeper-Title") || ""),
              seen: Number(page.headers.get("X-Scorekeeper-Seen")) || 0
            };
          });
        }));
      });
    })
    .then(function (pages) {
      pages = pages.filter(function (p) { return p.url !== here; })
        .sort(function (a, b) { return b.seen - a.seen; })
        .slice(0, 5);
      if (!pages.length) return;
      var list = kept.querySelector("ul");
      pages.forEach(function (p) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        var title = document.createElement("span");
        var when = document.createElement("span");
        link.className = "card-link";
        link.href = p.url;
        title.className = "card-title";
        title.textContent = p.title.replace(/ · Scorekeeper$/, "") || p.url;
        when.className = "muted";
        when.textContent = "Seen " + new Date(p.seen).toLocaleString([], {
          weekday: "short", hour: "numeric", minute: "2-digit"
        });
        link.appendChild(title);
        link.appendChild(when);
        item.appendChild(link);
        list.appendChild(item);
      });
      kept.hidden = false;
    })
    .catch(function () { /* no cache to read: the page says what to do without the list */ });
})();
