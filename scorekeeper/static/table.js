/* Scorekeeper at the table; the page works without this file.
   1. The session page keeps the screen on (Screen Wake Lock API): given back when the page is
      hidden, asked again when shown; a switch turns it off, remembered on the phone.
   2. Meld tapped as cards shows its total in each trump, the best marked: the meld API's
      figures (POST data-meld-url), written as the table writes them (divided by the scale). */
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var shown = function () { return document.visibilityState === "visible"; };

  /* ---- 1. keep the screen awake ---- */
  var KEY = "scorekeeper:screen-on", wake = $("[data-wake]"), api = navigator.wakeLock;
  if (wake && api && typeof api.request === "function") {
    var box = $("input", wake), words = $("[data-wake-text]", wake);
    var on = true, lock = null, asking = false, refused = false;
    try { on = localStorage.getItem(KEY) !== "off"; } catch (e) { /* no storage: on */ }
    var paint = function () {
      box.checked = on;
      words.textContent = !on ? "Screen may sleep"
        : refused ? "Screen may sleep (the browser refused)" : "Screen stays on";
    };
    var release = function () {
      var held = lock;
      lock = null;
      if (held) held.release().catch(function () {});
    };
    var acquire = function () {
      if (!on || lock || asking || !shown()) return;
      asking = true;
      api.request("screen").then(function (sentinel) {
        asking = false; refused = false; paint();
        if (!on || !shown()) { sentinel.release().catch(function () {}); return; }  // changed meanwhile
        lock = sentinel;
        sentinel.addEventListener("release", function () { if (lock === sentinel) lock = null; });
      }, function () { asking = false; refused = true; paint(); });
    };
    box.addEventListener("change", function () {
      on = box.checked; refused = false; paint();
      try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* not remembered */ }
      if (on) acquire(); else release();
    });
    document.addEventListener("visibilitychange", function () { if (shown()) acquire(); else release(); });
    paint(); wake.hidden = false; acquire();
  }

  /* ---- 2. meld in each trump under tapped cards ---- */
  var form = $("#hand-form");
  if (!form || !form.dataset.meldUrl || !window.fetch) return;
  var SUITS = ["S", "H", "D", "C"], SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  var rules;
  try { rules = JSON.parse(form.dataset.options || "{}"); } catch (e) { return; }
  var el = function (tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  var inCards = function (meld) { var m = $(".modes input:checked", meld); return !!m && m.value === "cards"; };
  var hintOf = function (meld) {
    var hint = $(".trump-hint", meld);
    if (!hint) {
      hint = el("div", "trump-hint"); hint.hidden = true; hint.setAttribute("aria-live", "polite");
      var under = $(".card-grid", meld) || $(".meld-text", meld);
      under.parentNode.insertBefore(hint, under.nextSibling);
    }
    return hint;
  };
  var draw = function (hint, answer) {
    var total = {}, top = -Infinity;
    answer.by_trump.forEach(function (t) { total[t.trump] = t.total; top = Math.max(top, t.total); });
    var same = SUITS.every(function (s) { return total[s] === top; });
    var list = el("ol");
    SUITS.forEach(function (s) {
      var best = !same && total[s] === top, li = el("li", best ? "best" : "");
      var suit = el("span", s === "H" || s === "D" ? "suit red" : "suit", SYMBOL[s]);
      suit.setAttribute("aria-label", NAME[s]);
      li.dataset.trump = s;
      li.appendChild(suit);
      li.appendChild(el("b", "", String(total[s] / (answer.scale || 1))));
      li.appendChild(el("small", "", best ? "best" : ""));
      list.appendChild(li);
    });
    hint.innerHTML = "";
    hint.appendChild(el("p", "trump-hint-title", same ? "Same meld in every trump" : "Meld in each trump"));
    hint.appendChild(list);
    hint.hidden = false;
  };

  var timers = {}, latest = {};
  var refresh = function (meld) {
    var key = meld.dataset.meld, hint = hintOf(meld), cards = $(".meld-text", meld).value.trim();
    var ticket = latest[key] = (latest[key] || 0) + 1;
    clearTimeout(timers[key]);
    if (!inCards(meld) || !cards) { hint.hidden = true; return; }
    timers[key] = setTimeout(function () {  // one request once the tapping stops
      fetch(form.dataset.meldUrl, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Accept": "application/json" },
        body: JSON.stringify({ system: form.dataset.system, options: rules, cards: cards, trump: null })
      })
        .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
        .then(function (a) {
          if (ticket !== latest[key] || !inCards(meld)) return;  // a newer tap is on its way
          if (a.ok && a.body.by_trump) draw(hint, a.body);
          else if (a.body && a.body.detail) { hint.innerHTML = ""; hint.appendChild(el("p", "trump-hint-title bad", a.body.detail)); hint.hidden = false; }
          else hint.hidden = true;
        })
        .catch(function () { if (ticket === latest[key]) hint.hidden = true; });  // offline
    }, 300);
  };
  var meldOf = function (target, sel) { return target.closest && target.closest(sel) ? target.closest(".meld[data-meld]") : null; };
  form.addEventListener("click", function (e) { var m = meldOf(e.target, ".card-grid button"); if (m) refresh(m); });
  form.addEventListener("input", function (e) { var m = meldOf(e.target, ".meld-text"); if (m) refresh(m); });
  form.addEventListener("change", function (e) { var m = meldOf(e.target, ".modes input"); if (m) refresh(m); });
  Array.prototype.forEach.call(form.querySelectorAll(".meld[data-meld]"), function (m) { if (inCards(m)) refresh(m); });
})();
