/* Session page: Save sends the hand to the API (Idempotency-Key: the form's request id). Saved:
   reload, "Hand N saved" and Undo for 10 s on this phone only (told if another phone deletes or
   renumbers it meanwhile). Refused: the form posts as ever. No answer: the hand waits in
   IndexedDB and is sent again, in order; refused then, kept with the reason, and the hands
   behind it wait for it to be put back in the form or discarded (then they move up a number).
   While hands wait, the form is for the hand after them, with that hand's seating: the page's
   #next-hand carries the coming seatings (data-plan, the server's NextHand.plan). */
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
  const noteBox = el("div", ""), queueBox = el("div", ""), live = document.getElementById("live");
  box.append(noteBox, queueBox);

  /* the outbox: an IndexedDB entry per hand, keyed by its request id */
  let db, entries = [], flushing, tick;
  const putBack = new Set();  // put back in the form: listed again after a reload
  const sentHere = new Map();  // number -> outcome of the hands this page saved (the seating)
  let floor = 0;  // the server's next hand when a hand was refused (another phone may have saved)
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
  /* in line: the hands to be sent, by number; one taken out of line (put back in the form)
     is still listed after a reload, but holds no number. A refused hand in line holds up the
     hands behind it until it is put back or discarded. */
  const inLine = () => entries.filter((e) => !e.out && !putBack.has(e.requestId)).sort((a, b) => a.number - b.number || a.time - b.time);
  const waiting = () => inLine().filter((e) => e.state === "waiting");
  const heldBy = (e) => inLine().find((x) => x.state !== "waiting" && x.number < e.number);
  const moveUp = (after) => Promise.all(inLine().filter((x) => x.number > after).map((x) => keep({ ...x, number: x.number - 1 })));

  /* the API: no answer in 8 s, or 502-504, is the server out of reach */
  const send = (url, init) => fetch(url, { cache: "no-store", signal: AbortSignal.timeout(8000), ...init });
  const unreachable = (r) => r.status > 501 && r.status < 505;
  const leave = () => {  // to the page read again, which shows the news: app.js reads nothing more
    if (live) live.dataset.leaving = "1";
    location.assign(home);
  };
  const sending = (by) => { if (live) live.dataset.sending = Math.max(0, (+live.dataset.sending || 0) + by); };
  const post = (e) => {  // app.js holds the stream's news back while this phone's own save is on its way
    sending(1);
    return send(api + "?number=" + e.number, {
      method: "POST", body: JSON.stringify(e.body),
      headers: { "Content-Type": "application/json", "Idempotency-Key": e.requestId },
    }).finally(() => setTimeout(() => sending(-1), 100));  // time for the answer's version to be noted
  };
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
  const remember = (h, v) => note({ sid, number: h.number, etag: h.etag, text: h.result.text, v, until: Date.now() + 1e4 });
  const showNote = () => {
    clearInterval(tick);
    noteBox.textContent = "";
    const n = note();
    // not on the service worker's kept copy of the page: the server is out of reach
    if (!n || n.sid !== sid || n.until <= Date.now() || document.querySelector("[data-kept-copy]")) return;
    const p = el("p", "flash saved-note");
    p.setAttribute("role", "status");
    const was = n.was ? " (it was hand " + n.was + ": a hand before it was deleted on another phone)" : "";
    p.append(el("span", "note-text", n.undone || "Hand " + n.number + " saved" + was + ". " + n.text));
    noteBox.append(p);
    if (n.undone) return;  // said on every page read until it expires, a reload's too
    const undo = button("", "undo", async () => {
      undo.disabled = true;
      undo.textContent = "Undoing…";
      note({ ...n, undoing: true });  // checkNote: the change the stream tells of is this phone's
      sending(1);
      try {
        const r = await send(api + "/" + n.number + "?undo=true", { method: "DELETE", headers: { "If-Match": n.etag } });
        sending(-1);
        if (r.ok) return note({ sid, until: Date.now() + 1e4, undone: "Hand " + n.number + " undone." }) || leave();
        clearInterval(tick); note(null); undo.remove();
        p.append(el("span", "error", "Not undone: " + reasons(r, await json(r)).join(" ")));
      } catch (_) {
        sending(-1);
        note(n);
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
  /* Another phone changed the session since the hand was saved: is it still that hand? A
     hand's ETag is "hand-<place>-<version>" (docs/api.md): its place stays when an earlier
     hand is deleted and it is renumbered. */
  const everyHand = async () => {  // the session's hands, page by page; null if not all read
    const list = [];
    for (let cursor = ""; ;) {
      const r = await send(api + "?limit=200" + (cursor && "&cursor=" + encodeURIComponent(cursor))).catch(() => null);
      // A body cut off (the page is being read again) says nothing: no verdict from it.
      const page = r && r.ok ? await json(r) : {};
      if (!Array.isArray(page.hands)) return null;
      list.push(...page.hands);
      if (!page.next_cursor) return list;
      cursor = page.next_cursor;
    }
  };
  const checkNote = async () => {
    const n = note();
    if (!n || n.sid !== sid || n.undone || n.undoing || n.until <= Date.now()) return;
    const list = await everyHand();
    if (!list) return;
    const place = (tag) => (/^"hand-(\d+)-/.exec(tag || "") || [])[1];
    // The note changed while the server was asked (this phone's Undo, a verdict already
    // reached, a new save): the answer may be older than what the note knows.
    const m = note();
    if (!m || m.undone || m.undoing || m.etag !== n.etag || m.number !== n.number) return;
    const now = list.find((h) => place(h.etag) === place(n.etag));
    if (now && now.number === n.number && now.etag === n.etag) return;
    if (!now) note({ sid, until: n.until, undone: "Hand " + n.number + " was deleted on another phone: it is no longer in the standings." });
    else if (now.etag !== n.etag) note({ sid, until: n.until, undone: "Hand " + n.number + " was changed on another phone" + (now.number !== n.number ? " and is now hand " + now.number : "") + ": " + now.result.text });
    else note({ ...n, number: now.number, was: n.was || n.number });
    showNote();
  };

  /* hands waiting to send, and hands the server refused */
  const section = (list, cls, title, mark, more) => {
    if (!list.length) return;
    const sec = el("section", "queue " + cls);
    sec.append(el("p", "queue-title", list.length + (list.length > 1 ? " hands " : " hand ") + title));
    list.forEach((e) => {
      const div = el("div", "queued"), p = el("p", "queued-hand");
      p.append(el("b", "", (e.out ? "Was hand " : "Hand ") + e.number + ": "), e.words + " ", el("span", "unconfirmed", mark));
      div.append(p);
      sec.append(div);
      if (more) more(e, div);
    });
    queueBox.append(sec);
    return sec;
  };
  const showQueue = () => {
    queueBox.textContent = "";
    const sec = section(waiting(), "waiting", "waiting to send", "not yet confirmed", (e, div) => {
      const held = heldBy(e);  // not refused: it waits its turn, behind a hand the server refused
      if (held) div.append(el("p", "waits muted small", "Waits for hand " + held.number + ": sent once hand " + held.number + " is put back in the form or discarded."));
    });
    if (sec) sec.firstChild.after(el("p", "muted small", "Sent as soon as the server answers; not in the standings until then."));
    section(entries.filter((e) => e.state !== "waiting" && !putBack.has(e.requestId)).sort((a, b) => a.number - b.number), "refused", "not saved", "not saved", (e, div) => {
      e.reasons.forEach((why) => div.append(el("p", "error reason", why)));
      const actions = el("div", "queued-actions");
      if (form) actions.append(button("Put back in the form", "", () => restore(e)));
      actions.append(button("Discard", "danger", () => discard(e)));
      div.append(actions);
    });
  };
  const discard = (e) => drop(e.requestId).then(() => e.out || moveUp(e.number)).catch(() => {}).then(refresh).then(flush);
  /* a hand kept before the API named player ids "..._id" and outcomes "all-pass" is sent in
     today's names, so an update of the app never refuses a hand that waited through it */
  const renamed = { declarer: "declarer_id", reneger: "reneger_id", last_trick: "last_trick_id" };
  const current = (e) => {
    const b = e.body, ids = (list) => (list || []).map(({ player, ...rest }) => (player === undefined ? rest : { player_id: player, ...rest }));
    Object.entries(renamed).forEach(([was, now]) => {
      if (was in b) { b[now] = b[was]; delete b[was]; }
    });
    ["melds", "takes", "bids"].forEach((k) => { if (b[k]) b[k] = ids(b[k]); });
    if (typeof b.outcome === "string") b.outcome = b.outcome.replace(/_/g, "-");
    return e;
  };
  const refresh = () => store("readonly", (s) => s.getAll()).catch(() => []).then((all) => {
    entries = all.filter((e) => e.sessionId === sid).map(current).sort((a, b) => a.time - b.time);
    showQueue();
    seat();
  });

  /* the seating of hand N: the plan's next hand, moved on by each hand before N (a misdeal
     keeps the dealer), as far as this phone knows them; unsure after a hand that may end a game */
  const plan = () => {
    try { return JSON.parse(document.getElementById("next-hand").dataset.plan); } catch (_) { return null; }
  };
  const seatingOf = (p, n) => {
    const known = new Map(sentHere);
    inLine().forEach((e) => known.set(e.number, e.body.outcome));
    let k = 0;
    for (let j = p.number; j < n; j++) k += known.get(j) === p.redeal ? 0 : 1;
    return [p.seatings[k % p.seatings.length], k];  // k: hands before n that may end a game
  };
  const banner = (p, n) => {
    const line = document.getElementById("next-hand");
    if (!line.dataset.served) line.dataset.served = line.innerHTML;  // the server's: hand p.number
    if (n <= p.number) { line.innerHTML = line.dataset.served; return notes(null); }
    /* a hand may end a game (not a misdeal): the game's number after it is unsure, and so is
       the dealer where the game's winner deals the next (Bison): said so, not guessed */
    const [s, k] = seatingOf(p, n), bold = (t) => el("b", "", t), unsure = p.winner_deals && k > 0;
    notes(s);
    const no = el("span", "next-no", "Hand " + n + (p.cumulative ? " · game " + p.game + (k ? ", unless a waiting hand ends it" : "") : ""));
    const seats = el("span", "next-seats");
    seats.append(bold(s.dealer), " deals" + (s.dealer_out ? " and sits out" : ""));
    if (s.out.length) seats.append(", ", bold(s.out.join(" and ")), s.out.length > 1 ? " sit out" : " sits out");
    seats.append(unsure ? ", unless a waiting hand ends the game: then its winner deals." : ".");
    const first = el("span", "muted next-first", (unsure ? "The player on the dealer's left" : s.first) + " " + p.verb + " first.");
    line.replaceChildren(no, " ", seats, " ", first);
  };
  const notes = (s) => {  // the standings' "deals" and "sits out": hand n's (s), or the server's
    document.querySelectorAll("#standings .standing.player .who").forEach((who) => {
      let small = who.querySelector("small");
      if (who.dataset.served === undefined) who.dataset.served = small ? small.textContent : "";
      const kept = who.dataset.served.split(", ").filter((w) => w && !/^(deals|sits out)$/.test(w));  // "2 games"
      if (kept.includes("left")) return;
      const name = who.firstChild.textContent.trim();
      const mine = !s ? [] : name === s.dealer ? (s.dealer_out ? ["deals", "sits out"] : ["deals"]) : s.out.includes(name) ? ["sits out"] : [];
      const text = !s ? who.dataset.served : kept.concat(mine).join(", ");
      if (!text) return small && small.remove();
      if (!small) who.append(" ", small = el("small", ""));
      small.textContent = text;
    });
  };
  const chips = (s, names) => {  // the declarer chips: the players dealt in, in bidding order
    const radios = $$("input[name=declarer]");
    if (!radios.length) return;
    const row = radios[0].closest(".chips");
    const chipOf = (id) => {
      const found = radios.find((r) => r.value === String(id));
      if (found) return found.closest("label");
      const made = radios[0].closest("label").cloneNode(true), input = made.querySelector("input");
      input.value = String(id);
      input.checked = false;
      delete input.dataset.was;  // app.js: not the chip chosen before
      made.querySelector("span").textContent = names[id];
      return made;
    };
    const shown = s.active.map(chipOf);
    radios.forEach((r) => {
      const label = r.closest("label");
      label.hidden = !shown.includes(label);
      if (label.hidden && r.checked) r.checked = false;
    });
    shown.forEach((label) => { label.hidden = false; row.append(label); });
  };
  const seat = () => {  // the form is for the hand after those in line, with that hand's seating
    const p = plan();
    if (!form || !p || !p.seatings || !p.seatings.length) return;
    const served = Math.max(p.number, floor, ...[...sentHere.keys()].map((k) => k + 1));  // the server's next
    const n = Math.max(served, ...inLine().map((e) => e.number + 1));
    const before = form.elements.hand_number.value;
    form.elements.hand_number.value = n;
    if (before !== String(n)) form.dispatchEvent(new Event("handnumber"));  // app.js: that hand's draft
    const was = form.dataset.ahead;
    if (n > served) form.dataset.ahead = String(n); else delete form.dataset.ahead;  // app.js: no preview
    if (was && !form.dataset.ahead) form.dispatchEvent(new Event("change"));  // app.js: now it can
    const previewButton = form.querySelector("button[value=preview]");  // the server previews
    if (previewButton) previewButton.hidden = !!form.dataset.ahead;  // only the hand after its last
    banner(p, n);
    chips(seatingOf(p, n)[0], p.names);
  };
  const flush = async () => {
    if (flushing || !waiting().length) return;
    flushing = true;
    let saved;
    try {
      for (const e of inLine()) {  // in order: one refused holds up the hands behind it
        if (e.state !== "waiting") break;
        const r = await post(e).catch(() => null);
        if (!r || unreachable(r)) break;  // still out of reach: next time
        const out = await json(r);
        if (r.ok && out.hand) {
          await drop(e.requestId);
          sentHere.set(out.hand.number, e.body.outcome);
          remember(out.hand, out.standings && out.standings.version);
          if (live && out.standings) live.dataset.sentVersion = out.standings.version;  // app.js: this phone's
          saved = true;
        } else {
          await keep({ ...e, state: "refused", reasons: reasons(r, out) });
          const now = live ? await send(live.dataset.liveUrl).then(json).catch(() => ({})) : {};
          floor = (now.next_hand && now.next_hand.number) || floor;
          break;
        }
      }
    } finally {
      flushing = false;
      await refresh();
    }
    if (!saved) return;
    showNote();  // and the server's figures, unless a hand is being typed
    if (!waiting().length && !(form && typing())) leave();
  };

  /* the hand form */
  const typed = () => Array.from(new FormData(form)).filter(([k]) => !/^(csrf_token|request_id|hand_number|version)$/.test(k));
  const typing = () => typed().some(([k, v]) => v && !k.startsWith("meld_mode-"));
  const fill = (pairs) => {
    $$("input:not([type=hidden])").forEach((i) => {
      const v = (pairs.find(([k]) => k === i.name) || [])[1];
      if (i.type === "radio") i.checked = i.value === (v != null ? v : i.name.startsWith("meld_mode-") ? "number" : "");
      else if (i.type === "checkbox") i.checked = v != null;
      else i.value = v || "";
    });
    if (pairs.some(([k, v]) => v && /^(meld-|take-|tricks|last)/.test(k))) form.querySelector("details").open = true;
    $$(".modes :checked").forEach((i) => i.dispatchEvent(new Event("change")));
    $$(".meld-text").forEach((i) => i.dispatchEvent(new Event("input")));
    form.dispatchEvent(new Event("change"));  // app.js: the bid shown, the other side, the preview
  };
  const restore = async (e) => {
    if (typing() && !confirm("Replace what is typed in the form with this hand?")) return;
    putBack.add(e.requestId);  // out of line: the hands behind it move up and are sent
    if (!e.out) await keep({ ...e, out: true }).then(() => moveUp(e.number)).catch(() => {});
    await refresh();  // the form is now for the hand after those in line, with its seating
    fill(e.fields);
    seat();  // a declarer not dealt in this hand is not chosen
    form.scrollIntoView();
    flush();
  };
  const bodyOf = () => {
    const d = new FormData(form), get = (n) => String(d.get(n) || "").trim();
    const num = (n) => (get(n) === "" ? null : /^\d+$/.test(get(n)) ? +get(n) : get(n));
    const picked = num("bid"), other = num("bid_other"), declarer = num("declarer");
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
    const who = chosen("declarer"), trump = chosen("trump"), outcome = chosen("outcome").toLowerCase();
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
    const kept = (number) => form.dispatchEvent(new CustomEvent("handkept", { detail: { number } }));  // app.js: its draft goes
    const queue = (entry) => keep(entry).then(async () => {
      kept(entry.number);
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
      if (inLine().length) return queue(entry).then(flush);  // behind the hands still in line
      post(entry).then(async (r) => {
        if (unreachable(r)) return queue(entry);
        const out = await json(r);
        if (!r.ok || !out.hand) return form.submit();  // refused: the page says why, beside the field
        remember(out.hand, out.standings && out.standings.version);
        kept(entry.number);
        await dropPutBack();
        leave();
      }, () => queue(entry));
    });
  }

  showNote();
  const n = note();  // saved before another phone changed the session?
  if (live && n && n.v && String(n.v) !== live.dataset.version) checkNote();
  if (live) new MutationObserver(() => { seat(); checkNote(); }).observe(live, { childList: true });  // app.js's fresh standings
  refresh().then(flush);
  addEventListener("online", flush);
  addEventListener("pageshow", () => { if (live) delete live.dataset.leaving; });  // back from the cache
  setInterval(flush, 4000);
})();
