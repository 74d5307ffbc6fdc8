/* Session page: Save sends the hand to the API (Idempotency-Key: the form's request id). Saved:
   reload, "Hand N saved" and Undo for 10 s on this phone only. Refused: the form posts as ever.
   No answer: the hand waits in IndexedDB and is sent again; refused then, kept with the reason. */
(() => {
  "use strict";
  const box = document.getElementById("outbox"), api = box && box.dataset.handsUrl;
  if (!api || !AbortSignal.timeout) return;
  const form = document.getElementById("hand-form"), sid = +box.dataset.session, home = box.dataset.sessionUrl;
  const $$ = (sel) => Array.from(form.querySelectorAll(sel));
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    e.className = cls;
    e.textContent = text || "";
    return e;
  };
  const button = (text, cls, click) => {
    const b = el("button", "button small " + cls, text);
    b.type = "button";
    b.onclick = click;
    return b;
  };
  const noteBox = el("div", ""), queueBox = el("div", "");
  box.append(noteBox, queueBox);

  /* the outbox: an IndexedDB entry per hand, keyed by its request id */
  let db, entries = [], flushing, tick;
  const putBack = new Set();  // put back in the form: listed again after a reload
  const store = (mode, fn) => (db = db || new Promise((ok, no) => {
    const r = indexedDB.open("scorekeeper-outbox", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("hands", { keyPath: "requestId" });
    r.onsuccess = () => ok(r.result);
    r.onerror = () => no(r.error);
  })).then((d) => new Promise((ok, no) => {
    const t = d.transaction("hands", mode), req = fn(t.objectStore("hands"));
    t.oncomplete = () => ok(req.result);
    t.onerror = t.onabort = () => no(t.error);
  }));
  const keep = (e) => store("readwrite", (s) => s.put(e));
  const drop = (id) => store("readwrite", (s) => s.delete(id));
  const waiting = () => entries.filter((e) => e.state === "waiting");

  /* the API: no answer in 8 s, or 502-504, is the server out of reach */
  const send = (url, init) => fetch(url, { cache: "no-store", signal: AbortSignal.timeout(8000), ...init });
  const unreachable = (r) => r.status > 501 && r.status < 505;
  const post = (e) => send(api + "?number=" + e.number, {
    method: "POST", body: JSON.stringify(e.body),
    headers: { "Content-Type": "application/json", "Idempotency-Key": e.requestId },
  });
  const json = (r) => r.json().catch(() => ({}));
  const reasons = (r, out) => {  // the problem in words, without the API's "field: "
    const bare = (m) => String(m).replace(/^[a-z_.\d]+: /, "");
    const detail = bare(out.detail || "Refused (error " + r.status + ").");
    return [detail, ...(out.errors || []).map((x) => bare(x.message)).filter((m) => m !== detail)];
  };

  /* "Hand N saved" and Undo, on the phone that saved it (sessionStorage) */
  const note = (v) => {
    try {
      if (v === undefined) return JSON.parse(sessionStorage.getItem("saved-hand"));
      if (v) sessionStorage.setItem("saved-hand", JSON.stringify(v));
      else sessionStorage.removeItem("saved-hand");
    } catch (_) { /* storage off: no Undo */ }
  };
  const remember = (h) => note({ sid, number: h.number, etag: h.etag, text: h.result.text, until: Date.now() + 1e4 });
  const showNote = () => {
    clearInterval(tick);
    noteBox.textContent = "";
    const n = note();
    // not on the service worker's kept copy of the page: the server is out of reach
    if (!n || n.sid !== sid || n.until <= Date.now() || document.querySelector("[data-kept-copy]")) return;
    const p = el("p", "flash saved-note");
    p.setAttribute("role", "status");
    p.append(el("span", "note-text", n.undone || "Hand " + n.number + " saved. " + n.text));
    noteBox.append(p);
    if (n.undone) return note(null);
    const undo = button("", "undo", async () => {
      undo.disabled = true;
      undo.textContent = "Undoing…";
      try {
        const r = await send(api + "/" + n.number, { method: "DELETE", headers: { "If-Match": n.etag } });
        if (r.ok) return note({ sid, until: Date.now() + 1e4, undone: "Hand " + n.number + " deleted (undone)." }) || location.assign(home);
        clearInterval(tick); note(null); undo.remove();
        p.append(el("span", "error", "Not undone: " + reasons(r, await json(r)).join(" ")));
      } catch (_) {
        undo.disabled = false;
        p.append(el("span", "error", "Not undone: no answer from the server."));
      }
    });
    const count = () => {
      const left = Math.ceil((n.until - Date.now()) / 1000);
      if (left < 1) { clearInterval(tick); undo.remove(); note(null); } else if (!undo.disabled) undo.textContent = "Undo (" + left + " s)";
    };
    p.append(undo);
    count();
    tick = setInterval(count, 1000);
  };

  /* hands waiting to send, and hands the server refused */
  const section = (list, cls, title, mark, more) => {
    if (!list.length) return;
    const sec = el("section", "queue " + cls);
    sec.append(el("p", "queue-title", list.length + (list.length > 1 ? " hands " : " hand ") + title));
    list.forEach((e) => {
      const div = el("div", "queued"), p = el("p", "queued-hand");
      p.append(el("b", "", "Hand " + e.number + ": "), e.words + " ", el("span", "unconfirmed", mark));
      div.append(p);
      sec.append(div);
      if (more) more(e, div);
    });
    queueBox.append(sec);
    return sec;
  };
  const showQueue = () => {
    queueBox.textContent = "";
    const sec = section(waiting(), "waiting", "waiting to send", "not yet confirmed");
    if (sec) sec.firstChild.after(el("p", "muted small", "Sent as soon as the server answers; not in the standings until then."));
    section(entries.filter((e) => e.state !== "waiting" && !putBack.has(e.requestId)), "refused", "not saved", "not saved", (e, div) => {
      e.reasons.forEach((why) => div.append(el("p", "error reason", why)));
      const actions = el("div", "queued-actions");
      if (form) actions.append(button("Put back in the form", "", () => restore(e)));
      actions.append(button("Discard", "danger", () => drop(e.requestId).then(refresh)));
      div.append(actions);
    });
  };
  const refresh = () => store("readonly", (s) => s.getAll()).catch(() => []).then((all) => {
    entries = all.filter((e) => e.sessionId === sid).sort((a, b) => a.time - b.time);
    showQueue();
    if (form) {  // the next hand's number counts the hands still waiting
      const field = form.elements.hand_number;
      field.value = Math.max(+field.value || 1, ...waiting().map((e) => e.number + 1));
    }
  });
  const flush = async () => {
    if (flushing || !waiting().length) return;
    flushing = true;
    let saved;
    try {
      for (const e of waiting()) {
        const r = await post(e).catch(() => null);
        if (!r || unreachable(r)) break;  // still out of reach: next time
        const out = await json(r);
        if (r.ok && out.hand) {
          await drop(e.requestId);
          remember(out.hand);
          saved = true;
        } else {
          await keep({ ...e, state: "refused", reasons: reasons(r, out) });
        }
      }
    } finally {
      flushing = false;
      await refresh();
    }
    if (!saved) return;
    showNote();  // and the server's figures, unless a hand is being typed
    if (!waiting().length && !(form && typing())) location.assign(home);
  };

  /* the hand form */
  const typed = () => Array.from(new FormData(form)).filter(([k]) => !/^(csrf_token|request_id|hand_number|version)$/.test(k));
  const typing = () => typed().some(([k, v]) => v && !k.startsWith("meld_mode-"));
  const fill = (pairs) => {
    $$("input:not([type=hidden])").forEach((i) => {
      const v = (pairs.find(([k]) => k === i.name) || [])[1];
      delete i.dataset.kept;  // app.js's figure kept aside was the form's last hand's
      if (i.type === "radio") i.checked = i.value === (v != null ? v : i.name.startsWith("meld_mode-") ? "number" : "");
      else if (i.type === "checkbox") i.checked = v != null;
      else i.value = v || "";
    });
    if (pairs.some(([k, v]) => v && /^(meld-|take-|tricks|last)/.test(k))) form.querySelector("details").open = true;
    $$(".modes :checked").forEach((i) => i.dispatchEvent(new Event("change")));
    $$(".meld-text").forEach((i) => i.dispatchEvent(new Event("input")));
    form.dispatchEvent(new Event("change"));  // app.js: the bid shown, the other side, the preview
  };
  const restore = (e) => {
    if (typing() && !confirm("Replace what is typed in the form with this hand?")) return;
    fill(e.fields);
    putBack.add(e.requestId);
    showQueue();
    form.scrollIntoView();
  };
  const bodyOf = () => {
    const d = new FormData(form), get = (n) => String(d.get(n) || "").trim();
    const num = (n) => (get(n) === "" ? null : /^\d+$/.test(get(n)) ? +get(n) : get(n));
    const chip = /^(\d+):(\d+|other)$/.exec(get("declarer_bid"));  // the grid: "7:65", "7:other"
    const declarer = chip ? +chip[1] : num("declarer"), other = num("bid_other");
    const picked = chip ? (chip[2] === "other" ? null : +chip[2]) : num("bid");
    if (picked !== null && other !== null && picked !== other) return null;  // the page asks which
    return {
      outcome: get("outcome") || null, declarer_id: declarer, bid: other !== null ? other : picked, trump: get("trump") === "none" ? null : get("trump") || null,
      takeover: d.has("takeover"), reneger_id: num("reneger"), tricks: num("tricks"), last_trick_id: num("last_trick"),
      melds: $$("[data-meld]").map((m) => {
        const key = m.dataset.meld, player = key === "declarer" ? declarer : +key;
        return { player_id: player, mode: get("meld_mode-" + key) || "number", text: get("meld-" + key) };
      }).concat($$("[data-side]").map((m) => ({ player_id: +m.dataset.side, mode: "side", text: get("meld-side-" + m.dataset.side) })))
        .filter((m) => m.text && m.player_id !== null),
      takes: $$(".take input").map((i) => ({ player_id: +i.name.slice(5), taken: num(i.name) })).filter((t) => t.taken !== null),
      bids: $$(".own-bid input").map((i) => ({ player_id: +i.name.slice(8), bid: num(i.name) })).filter((b) => b.bid !== null),
    };
  };
  const words = (b) => {  // the hand as typed, for the list
    const chosen = (name) => { const r = form.querySelector("[name=" + name + "]:checked"); return r && r.value && r.value !== "none" ? r.parentNode.textContent.trim() : ""; };
    const row = form.querySelector("[name=declarer_bid]:checked"), trump = chosen("trump");
    const who = row ? row.closest(".bid-row").querySelector(".bid-row-name").textContent.trim() : chosen("declarer");
    const outcome = chosen("outcome").toLowerCase();
    const figures = (sel, name) => $$(sel).filter((i) => i.value.trim()).map((i) => name(i) + " " + i.value.trim()).join(", ");
    const melds = figures(".meld-text", (i) => (i.name === "meld-declarer" ? who : i.getAttribute("aria-label").slice(8)));
    const takes = figures(".take input", (i) => i.parentNode.textContent.trim());
    const own = figures(".own-bid input", (i) => i.dataset.player);  // summed bids: each player's
    const bidding = own ? (who ? who + " declares; bids " : "Bids ") + own
      : form.querySelector("[name=bid_other]") ? (who ? who + " bid " : "Bid ") + (b.bid === null ? "–" : b.bid) : "Played";
    return bidding + (trump ? " in " + trump : "") +
      (outcome ? ", " + outcome : "") + (melds ? "; meld " + melds : "") +
      (b.tricks !== null ? "; tricks " + b.tricks : "") + (takes ? "; took " + takes : "") + ".";
  };

  if (form) {
    const save = form.querySelector(".save"), label = save.textContent;
    const busy = (on) => { save.disabled = on; save.textContent = on ? "Saving…" : label; };
    const dropPutBack = () => Promise.all([...putBack].map(drop)).catch(() => {}).then(() => putBack.clear());
    addEventListener("pageshow", () => busy(false));
    const queue = (entry) => keep(entry).then(async () => {
      await dropPutBack();
      fill([]);
      form.elements.request_id.value = Date.now().toString(36) + Math.random().toString(36).slice(2);
      busy(false);
      await refresh();
    }, () => {
      busy(false);
      queueBox.prepend(el("p", "flash flash-error", "No answer, and this phone could not keep the hand: it is still in the form. Save again soon."));
    });
    form.addEventListener("submit", (ev) => {
      if (!ev.submitter || ev.submitter.value !== "save") return;  // Preview posts as before
      const body = bodyOf(), key = form.elements.request_id.value;
      if (!body || !/^[\w-]{1,64}$/.test(key)) return;
      ev.preventDefault();
      note(null);
      showNote();
      busy(true);
      const entry = { sessionId: sid, requestId: key, number: +form.elements.hand_number.value, body, fields: typed(), words: words(body), time: Date.now(), state: "waiting" };
      if (waiting().length) return queue(entry).then(flush);  // behind the hands still waiting
      post(entry).then(async (r) => {
        if (unreachable(r)) return queue(entry);
        const out = await json(r);
        if (!r.ok || !out.hand) return form.submit();  // refused: the page says why, beside the field
        remember(out.hand);
        await dropPutBack();
        location.assign(home);
      }, () => queue(entry));
    });
  }

  showNote();
  refresh().then(flush);
  addEventListener("online", flush);
  setInterval(flush, 4000);
})();
