/* Scorekeeper: every page works without this file; it only makes entry quicker.
   Live preview, bid stepper, card grid and named-meld picks, live standings, seat picks. */
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };
  var fire = function (el, kind) { el.dispatchEvent(new Event(kind, { bubbles: true })); };
  /* put a value into a field as a tap or typing would, with the events the form listens to:
     a chip (radio) checked, a switch (checkbox) set, a box filled */
  var putIn = function (el, value) {
    if (el.type === "radio") { el.checked = true; fire(el, "change"); }
    else if (el.type === "checkbox") { el.checked = value === true; fire(el, "change"); }
    else { el.value = value; fire(el, "input"); fire(el, "change"); }
  };

  /* ---- hand form ---- */
  var form = $("#hand-form");
  var dirty = false;
  if (form) {
    var preview = $("#preview", form);
    var timer = null;
    var bids = (form.dataset.bids || "").split(" ").filter(Boolean).map(Number);
    var other = form.elements.bid_other;
    var stepper = $(".stepper", form);
    var stepValue = stepper && $(".step-value", stepper);

    var currentBid = function () {
      if (other && other.value) return Number(other.value);
      var checked = $("input[name=bid]:checked", form);
      return checked ? Number(checked.value) : null;
    };
    var setBid = function (value) {
      var radio = $("input[name=bid][value='" + value + "']", form);
      if (radio) { radio.checked = true; if (other) other.value = ""; }
      else if (other) { $$("input[name=bid]", form).forEach(function (r) { r.checked = false; }); other.value = value; }
      remember("bid"); showBid();
    };
    /* Tap the chosen chip again to clear its group: the group's empty choice (the reneger's
       "Nobody", "From meld and tricks") is chosen if it has one, else nothing is. The browser has
       already checked the tapped radio when "click" runs, so which one was chosen before is kept
       in data-was (updated on every change). Meld modes always have one mode, so they are left. */
    var CLEARABLE = ["declarer", "bid", "trump", "outcome", "reneger", "last_trick"];
    var remember = function (name) {
      $$("input[type=radio][name='" + name + "']", form).forEach(function (r) { r.dataset.was = r.checked ? "1" : ""; });
    };
    CLEARABLE.forEach(remember);
    form.addEventListener("click", function (event) {  // on the form: chips save.js adds too
      var radio = event.target, name = radio.name;
      if (radio.type !== "radio" || CLEARABLE.indexOf(name) < 0) return;
      if (radio.dataset.was !== "1" || radio.value === "") return;
      var none = $("input[type=radio][name='" + name + "'][value='']", form);
      if (none) none.checked = true; else radio.checked = false;
      fire(form, "change");
    });
    form.addEventListener("change", function () { CLEARABLE.forEach(remember); });

    /* the big figure: the bid chosen or typed; "–" while there is none, or while Other bid
       holds something that is not a number (its own error says so, never "NaN") */
    var showBid = function () {
      if (stepValue) { var b = currentBid(); stepValue.textContent = b === null || isNaN(b) ? "–" : b; }
    };
    if (stepper && bids.length) {
      stepper.hidden = false;
      $$(".step", stepper).forEach(function (button) {
        button.addEventListener("click", function () {
          /* data-bids is every legal bid of the session, low to high (the server's list):
             step to the next one up or down, so a forbidden bid (Brooklyn's 490) is never shown */
          var dir = Number(button.dataset.step), b = currentBid();
          if (b === null || isNaN(b)) { setBid(bids[0]); return schedule(); }
          var next = null;
          if (dir > 0) { for (var i = 0; i < bids.length; i++) if (bids[i] > b) { next = bids[i]; break; } }
          else { for (var j = bids.length - 1; j >= 0; j--) if (bids[j] < b) { next = bids[j]; break; } }
          if (next === null) return;  /* already at the lowest or highest legal bid */
          setBid(next); schedule();
        });
      });
      showBid();
    }
    $$("input[name=bid]", form).forEach(function (radio) {
      radio.addEventListener("change", function () { if (other) other.value = ""; showBid(); });
    });
    if (other) other.addEventListener("input", function () {
      if (other.value) $$("input[name=bid]", form).forEach(function (r) { r.checked = false; });
      showBid();
    });

    var total = Number(form.dataset.total || 250);
    var tricks = form.elements.tricks, otherSide = $("[data-other-side]", form);
    var showOther = function () {
      if (!tricks || !otherSide) return;
      var v = tricks.value.trim() === "" ? null : Number(tricks.value);
      /* a figure outside 0 to the deck's total leaves no other side: say so, never a negative */
      var outside = v !== null && !isNaN(v) && (v < 0 || v > total);
      otherSide.textContent = "Other side: " + (v === null || isNaN(v) || outside ? "—" : total - v) +
        (outside ? " (a side takes 0 to " + total + ")" : "");
      otherSide.classList.toggle("outside", outside);
    };

    /* takes add up to the deck: the one take left empty fills itself with the rest (marked, and
       kept as typed once typed over), so the table types one figure fewer */
    var takesBox = $(".takes[data-sum]", form);
    if (takesBox) {
      var sum = Number(takesBox.dataset.sum);
      var takes = $$("input[name^='take-']", takesBox);
      var fillRest = function (event) {
        if (event && event.target.dataset.filled) delete event.target.dataset.filled;
        var open = takes.filter(function (i) { return i.value === "" || i.dataset.filled; });
        if (open.length !== 1) {
          open.forEach(function (i) { if (i.dataset.filled) { i.value = ""; delete i.dataset.filled; } });
          return;
        }
        var rest = sum;
        takes.forEach(function (i) { if (i !== open[0]) rest -= Number(i.value); });
        if (isNaN(rest) || rest < 0) return;
        open[0].value = String(rest); open[0].dataset.filled = "1";
      };
      takes.forEach(function (i) { i.addEventListener("input", fillRest); });
    }

    /* a field's box: where its errors are shown (the server's and the live preview's) */
    var FIELD_BOX = ".meld, .own-bid, .takes, .tricks, .field";
    /* a refused save's error at a field goes once that field is changed (the live preview
       then says what is still wrong there); the form's own errors (another phone saved first)
       stay until the next answer */
    var clearServerErrors = function (event) {
      var box = event.target.closest && event.target.closest(FIELD_BOX);
      if (!box || !form.contains(box)) return;
      $$(".error:not(.live-error)", box).forEach(function (el) { el.remove(); });
      box.classList.remove("has-error");
    };
    form.addEventListener("input", clearServerErrors);
    form.addEventListener("change", clearServerErrors);

    /* a problem of the live preview, under the field it is about (the form's own error markup) */
    var showAtField = function (problem) {
      var box = problem.field === "takes" ? $(".takes", form)
        : problem.field === "own_bids" ? $(".own-bids", form) : null;
      var named = problem.field && form.elements[problem.field];
      var input = named && (named.tagName ? named : named[0]);
      if (!box && input) box = input.closest(FIELD_BOX);
      if (!box) return false;
      var p = document.createElement("p");
      p.className = "error live-error"; p.setAttribute("role", "alert"); p.textContent = problem.message;
      var typed = /^(declarer|bid)$/.test(problem.field) && other && other.value && other.closest("label");
      if (typed) typed.after(p);  // under the bid typed, where the eye is, not below every chip
      else box.appendChild(p);
      return true;
    };
    /* The server's refusal of a bid typed in Other: said under the box; and after a refused
       save, the first problem in view with its field focused. */
    var otherLabel = other && other.closest("label");
    if (otherLabel && other.value) {
      var bidBox = otherLabel.closest(FIELD_BOX);
      $$(":scope > p.error", bidBox).reverse().forEach(function (e) { otherLabel.after(e); });
    }
    var firstProblem = $(".form-errors, p.error", form);
    if (firstProblem) {
      var problemBox = firstProblem.closest(FIELD_BOX) || form;
      var field = firstProblem.previousElementSibling && firstProblem.previousElementSibling.querySelector &&
        firstProblem.previousElementSibling.querySelector("input:not([type=hidden])");
      field = field || $("input:not([type=hidden]):not([disabled])", problemBox);
      var bringUp = function () {  // once loaded: the address's #hand-form scrolls first
        if (field) field.focus({ preventScroll: true });
        firstProblem.scrollIntoView({ block: "center" });
      };
      if (document.readyState === "complete") bringUp();
      else window.addEventListener("load", function () { setTimeout(bringUp, 0); });
    }
    /* the preview is busy from a change until its answer is shown (assistive technology waits
       for it; so does a test tapping Save, which would otherwise tap where the answer moves it) */
    var busy = function (on) { if (preview) { if (on) preview.setAttribute("aria-busy", "true"); else preview.removeAttribute("aria-busy"); } };
    var schedule = function () { dirty = true; busy(true); clearTimeout(timer); timer = setTimeout(runPreview, 250); };
    var runPreview = function () {
      if (!preview || !form.dataset.previewUrl) return busy(false);
      if (form.dataset.ahead) {  // save.js: hands before this one wait to be sent, so the
        // server, which previews the hand after its last, cannot preview this one yet
        var wait = document.createElement("p");
        wait.className = "preview-text muted"; wait.textContent = "Preview once the hands before this one are saved.";
        preview.innerHTML = ""; preview.appendChild(wait);
        return busy(false);
      }
      var data = new FormData(form);
      /* a game with a bid is ready once declarer and bid are in, or under summed bids once a
         player's own bid is; one without a bid (no declarer field) once its trick points are */
      var tricksIn = data.get("tricks") || $$("input[name^='take-']", form).some(function (el) { return el.value.trim(); });
      var ownBids = $$(".own-bid input", form).some(function (el) { return el.value.trim(); });
      var ready = ownBids || (form.elements.declarer
        ? data.get("declarer") && (data.get("bid") || data.get("bid_other"))
        : tricksIn);
      var melded = $$(".meld-text", form).some(function (el) { return el.value.trim(); });
      if (!ready) preview.innerHTML = "";
      if (!ready && !melded) return busy(false);
      var token = form.elements.csrf_token ? form.elements.csrf_token.value : "";
      var sent = timer;  // a change made while this was asked schedules the next answer
      fetch(form.dataset.previewUrl, {
        method: "POST", body: data, credentials: "same-origin", headers: { "X-CSRFToken": token }
      })
        .then(function (r) { return r.json(); })
        .then(function (answer) {
          var broken = answer.errors || [];
          $$(".live-error", form).forEach(function (el) { el.remove(); });
          if (ready) {
            /* a rule broken at one field is said there, once; the preview says the rest */
            var elsewhere = broken.filter(function (e) { return !showAtField(e); });
            var p = document.createElement("p");
            p.className = "preview-text" + (answer.ok ? "" : " bad");
            p.textContent = answer.ok ? answer.text
              : elsewhere.length ? elsewhere.map(function (e) { return e.message; }).join(" ")
              : "The rules refuse this hand as it is: see the message above.";
            preview.innerHTML = ""; preview.appendChild(p);
          }
          $$("[data-breakdown]", form).forEach(function (el) { el.textContent = ""; });
          if (answer.breakdowns) {
            Object.keys(answer.breakdowns).forEach(function (pid) {
              var key = $("[data-meld='declarer']", form) ? "declarer" : pid;
              var el = $("[data-breakdown='" + key + "']", form);
              if (el) el.textContent = answer.breakdowns[pid].join(" · ");
            });
          }
        })
        .catch(function () { /* offline: the Preview button still works */ })
        .then(function () { if (timer === sent) busy(false); });
    };
    /* ---- the focus moves along (issue 30): the keyboard's Next goes from a figure to the
       next one still empty, and the last choice a hand needs puts the cursor in its first
       empty figure, so the only taps are the choices, the first figure and Save. Keys typed
       are typing, not taps. Without this, Enter saves (the form's first submit button). ---- */
    var inSight = function (el) {
      return el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : el.offsetParent !== null;
    };
    var isFigure = function (el) {
      return el && el.tagName === "INPUT" && form.contains(el) && el.name && el.name !== "line" &&
        /^(text|number|tel|)$/.test(el.getAttribute("type") || "") && !el.disabled;
    };
    var hasText = function (el) { return el.value.trim() !== ""; };
    /* a side's meld is typed as one figure or each player's: the other way is not asked for */
    var otherWayTyped = function (el) {
      var side = el.closest(".side-meld"), own = el.closest(".meld[data-team]");
      if (side) {
        return $$(".meld[data-team='" + side.dataset.side + "'] .meld-text", form).some(hasText);
      }
      if (own) {
        var box = $(".side-meld[data-side='" + own.dataset.team + "'] input", form);
        return !!(box && hasText(box));
      }
      return false;
    };
    var figureFields = function () {
      return $$("input", form).filter(function (el) {
        return isFigure(el) && el.name !== "bid_other" && inSight(el);
      });
    };
    var emptyFigure = function (el) { return !hasText(el) && !el.dataset.filled && !otherWayTyped(el); };
    var nextEmpty = function (after) {
      var all = figureFields(), from = after ? all.indexOf(after) : -1;
      return all.filter(function (el, i) { return i > from && emptyFigure(el); })[0] || null;
    };
    form.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || event.isComposing || !isFigure(event.target)) return;
      var next = nextEmpty(event.target);
      if (!next) return;  // nothing left to type: Enter saves
      event.preventDefault();
      next.focus();
    });
    /* every choice the hand needs made (the declarer and bid where there is a bid, trump where
       the form asks it, an outcome that leaves the figures to work it out) */
    var CHOICES = ["declarer", "bid", "trump", "outcome"];
    var isChosen = function (name) { return !!$("input[name='" + name + "']:checked", form); };
    var choicesMade = function () {
      var el = form.elements;
      if (el.declarer && !$(".own-bids", form)) {
        if (!isChosen("declarer") || !(isChosen("bid") || (other && hasText(other)))) return false;
      }
      if (el.trump && !isChosen("trump")) return false;
      var outcome = $("input[name=outcome]:checked", form);
      return !outcome || outcome.value === "";
    };
    form.addEventListener("change", function (event) {
      var radio = event.target;
      if (!event.isTrusted || radio.type !== "radio" || CHOICES.indexOf(radio.name) < 0) return;
      if (isFigure(document.activeElement)) return;  // a figure (Other bid) has the cursor
      var details = $("details.details", form);
      if ((details && !details.open) || !choicesMade()) return;
      var first = nextEmpty(null);
      if (first) first.focus();
    });

    form.addEventListener("change", function () { showBid(); showOther(); schedule(); });
    form.addEventListener("input", function () { showOther(); schedule(); });
    form.addEventListener("submit", function () { dirty = false; });

    /* meld helpers: named-meld picks and the card grid write into the text field. The deck
       says which ranks the grid shows and how many copies a tap cycles through (a single deck:
       A 10 K Q J 9, two of each; a double deck: no nines, four of each). */
    var RANKS = (form.dataset.ranks || "ATKQJ9").split(""), SUITS = ["S", "H", "D", "C"];
    var COPIES = parseInt(form.dataset.copies, 10) || 2;
    var SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
    // what a screen reader says for a card button: "ace of spades, 1 held"
    var SPOKEN_RANK = { A: "ace", T: "ten", K: "king", Q: "queen", J: "jack", 9: "nine" };
    var SPOKEN_SUIT = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
    var spoken = function (card, n) {
      return SPOKEN_RANK[card[0]] + " of " + SPOKEN_SUIT[card[1]] + ", " + n + " held";
    };
    var CLAIMS = ["run", "royal marriage", "marriage S", "marriage H", "marriage D", "marriage C", "dix",
      "pinochle", "aces around", "kings around", "queens around", "jacks around", "roundhouse"]
      .filter(function (c) { return c !== "dix" || RANKS.indexOf("9") >= 0; });
    var PLACEHOLDER = { number: "e.g. 190", claims: "Tap the melds below, or type: run, pinochle",
      cards: "Tap the cards below, or type: AS TS KS QS JS" };
    var claimLabel = function (c) { return c.replace(/marriage ([SHDC])/, function (_, s) { return "marriage " + SYMBOL[s]; }); };

    if (form.dataset.scale === "10") PLACEHOLDER.number = "e.g. 19";
    $$(".meld:not(.side-meld)", form).forEach(function (box) {
      var text = $(".meld-text", box);
      var picks = document.createElement("div");
      picks.className = "chips wrap claim-picks"; picks.hidden = true;
      CLAIMS.forEach(function (c) {
        var b = document.createElement("button");
        b.type = "button"; b.className = "chip small"; b.textContent = "+ " + claimLabel(c);
        b.addEventListener("click", function () {
          text.value = text.value.trim() ? text.value.trim().replace(/,$/, "") + ", " + c : c; schedule();
        });
        picks.appendChild(b);
      });
      var clear = document.createElement("button");
      clear.type = "button"; clear.className = "chip small"; clear.textContent = "Clear";
      clear.addEventListener("click", function () { text.value = ""; syncGrid(); schedule(); });
      picks.appendChild(clear);

      var grid = document.createElement("div");
      grid.className = "card-grid ranks-" + RANKS.length; grid.hidden = true;
      var counts = {};
      SUITS.forEach(function (s) {
        RANKS.forEach(function (r) {
          var b = document.createElement("button");
          b.type = "button"; b.dataset.card = r + s; b.dataset.count = "0";
          b.textContent = (r === "T" ? "10" : r) + SYMBOL[s];
          if (s === "H" || s === "D") b.className = "red";
          b.setAttribute("aria-label", spoken(b.dataset.card, 0));
          b.setAttribute("aria-pressed", "false");
          b.addEventListener("click", function () {
            var n = ((counts[b.dataset.card] || 0) + 1) % (COPIES + 1);
            counts[b.dataset.card] = n;
            var out = [];
            SUITS.forEach(function (s2) { RANKS.forEach(function (r2) {
              for (var i = 0; i < (counts[r2 + s2] || 0); i++) out.push(r2 + s2);
            }); });
            text.value = out.join(" ");
            paint(); schedule();
          });
          grid.appendChild(b);
        });
      });
      var paint = function () {
        $$("button", grid).forEach(function (b) {
          var n = counts[b.dataset.card] || 0;
          b.dataset.count = String(n);
          b.setAttribute("aria-label", spoken(b.dataset.card, n));
          b.setAttribute("aria-pressed", n > 0 ? "true" : "false");
        });
      };
      var syncGrid = function () {
        counts = {};
        text.value.toUpperCase().replace(/10/g, "T").split(/[\s,]+/).forEach(function (tok) {
          var m = /^([ATKQJ9])([SHDC♠♥♦♣])$/.exec(tok);
          if (!m || RANKS.indexOf(m[1]) < 0) return;
          var suit = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" }[m[2]] || m[2];
          counts[m[1] + suit] = Math.min(COPIES, (counts[m[1] + suit] || 0) + 1);
        });
        paint();
      };
      text.addEventListener("input", syncGrid);
      text.parentNode.insertBefore(picks, text.nextSibling);
      text.parentNode.insertBefore(grid, picks.nextSibling);
      var showMode = function () {
        var mode = ($("input[type=radio]:checked", box) || {}).value || "number";
        picks.hidden = mode !== "claims"; grid.hidden = mode !== "cards";
        text.setAttribute("inputmode", mode === "number" ? "numeric" : "text");
        text.placeholder = PLACEHOLDER[mode] || "";
        if (mode === "cards") syncGrid();
      };
      $$(".modes input", box).forEach(function (r) { r.addEventListener("change", showMode); });
      showMode();
    });
    showOther();
    if ($(".form-errors", form) === null && $(".error", form) === null && preview && !preview.textContent.trim()) runPreview();
  }

  /* ---- live standings: every open phone follows the table at once ---- */
  /* The session's stream (docs/api.md, "The live stream") says each new version as it is
     saved; the standings are then read once. Where a stream cannot be held (no EventSource,
     a server that refuses it, a proxy that cuts it again and again) the phone asks every few
     seconds instead, and tries the stream again later. EventSource itself connects again
     after the Wi-Fi drops or the laptop restarts, and is told the version it missed. */
  var live = $("#live");
  if (live && window.fetch) {
    var version = live.dataset.version;
    var etag = null;  // the API answers 304 while the standings are unchanged
    var show = function (newer) {
      if (String(newer) === String(version)) return;
      if (document.hidden) return;  // read when the phone is looked at again (poll below)
      if (live.dataset.leaving) return;  // save.js: the page is being read again already
      if (+live.dataset.sending) { setTimeout(function () { show(newer); }, 200); return; }  // save.js
      version = String(newer);
      return fetch(live.dataset.fragmentUrl, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          live.innerHTML = html;  // the figures at once, whatever comes next
          // Nothing typed: read the whole page again, the form for the next hand with it.
          if (form && !dirty && !$(".error", form)) { window.location.reload(); return; }
          var note = document.createElement("p");
          note.className = "flash"; note.setAttribute("role", "status");
          note.textContent = version === live.dataset.sentVersion  // save.js: a hand this phone sent
            ? "What this phone sent is saved: standings updated."
            : "Another phone saved a hand: standings updated. Check the hand number before saving.";
          live.insertBefore(note, live.firstChild);
        })
        .catch(function () { version = null; /* read again at the next news or poll */ });
    };
    var poll = function () {
      if (document.hidden) return;
      var headers = etag ? { "If-None-Match": etag } : {};
      fetch(live.dataset.liveUrl, { credentials: "same-origin", cache: "no-store", headers: headers })
        .then(function (r) {
          if (r.status !== 200) return null;
          etag = r.headers.get("ETag");
          return r.json();
        })
        .then(function (answer) { if (answer) return show(answer.version); })
        .catch(function () { /* the table's Wi-Fi hiccuped: try again next time */ });
    };
    var polling = null;
    var asking = function (on) {
      if (on && !polling) polling = setInterval(poll, 3000);
      if (!on && polling) { clearInterval(polling); polling = null; }
    };
    var failures = 0;
    var follow = function () {
      if (!window.EventSource || !live.dataset.eventsUrl) { asking(true); return; }
      var source = new EventSource(live.dataset.eventsUrl);  // the page's cookie goes with it
      source.addEventListener("version", function (e) {
        failures = 0; asking(false);
        try { show(JSON.parse(e.data).version); } catch (err) { poll(); }
      });
      source.addEventListener("error", function () {
        failures += 1;
        if (failures >= 3) asking(true);  // it keeps trying by itself; meanwhile, ask
        if (source.readyState === 2 || failures >= 10) {  // refused (503, 401...) or never holds
          source.close(); asking(true);
          setTimeout(function () { failures = 0; follow(); }, 60000);
        }
      });
    };
    follow();
    document.addEventListener("visibilitychange", poll);
  }

  /* ---- a club night's organiser page: every table followed within seconds (304 while
     nothing changed; the server's ETag is the night's stamp) ---- */
  var club = $("#club-live");
  if (club && window.fetch) {
    var clubTag = '"' + club.dataset.stamp + '"';
    var clubPoll = function () {
      if (document.hidden) return;
      fetch(club.dataset.liveUrl, { credentials: "same-origin", cache: "no-store", headers: { "If-None-Match": clubTag } })
        .then(function (r) {
          if (r.status !== 200) return null;
          clubTag = r.headers.get("ETag") || clubTag;
          return r.text();
        })
        .then(function (html) { if (html) club.innerHTML = html; })
        .catch(function () { /* the club's Wi-Fi hiccuped: try again next time */ });
    };
    setInterval(clubPoll, 5000);
    document.addEventListener("visibilitychange", clubPoll);
  }

  /* ---- the hand said in one line (issue 29): read by the server (the API's read, which saves
     nothing) and put into the hand form as if tapped, over what was tapped already; what is
     still to enter or in doubt is said under the line and the first such field focused.
     Without this, the line form posts and the server shows the form filled in. ---- */
  var lineForm = $("#line-form"), handForm = $("#hand-form");
  if (lineForm && handForm && window.fetch) {
    var lineBox = lineForm.elements.line;
    var tap = function (name, value) {  // a radio of the hand form, checked as a tap checks it
      var radio = $("input[type=radio][name='" + name + "'][value='" + value + "']", handForm);
      if (radio) putIn(radio, value);
      return radio;
    };
    var type = function (name, value) {
      var box = handForm.elements[name];
      if (box && box.tagName === "INPUT") putIn(box, value);
      return box;
    };
    var fillBid = function (hand) {
      if (tap("bid", hand.bid)) { if (handForm.elements.bid_other) handForm.elements.bid_other.value = ""; return; }
      $$("input[name=bid]", handForm).forEach(function (r) { r.checked = false; });
      type("bid_other", hand.bid);
    };
    var fillHand = function (hand) {
      if (hand.declarer_id !== null) tap("declarer", hand.declarer_id);
      if (hand.bid !== null) fillBid(hand);
      if (hand.trump) tap("trump", hand.trump);
      if (hand.outcome) tap("outcome", hand.outcome);
      if (hand.reneger_id !== null) tap("reneger", hand.reneger_id);
      if (hand.takeover && handForm.elements.takeover) putIn(handForm.elements.takeover, true);
      var figures = hand.tricks !== null || hand.melds.length || hand.takes.length;
      var details = $("details.details", handForm);
      if (figures && details) details.open = true;
      if (hand.tricks !== null) type("tricks", hand.tricks);
      if (hand.last_trick_id !== null) tap("last_trick", hand.last_trick_id);
      hand.takes.forEach(function (t) { type("take-" + t.player_id, t.taken); });
      hand.bids.forEach(function (b) { type("own_bid-" + b.player_id, b.bid); });
      hand.melds.forEach(function (m) {
        if (m.mode === "side") { type("meld-side-" + m.player_id, m.text); return; }
        var key = handForm.elements["meld-declarer"] ? "declarer" : m.player_id;
        tap("meld_mode-" + key, "number");
        type("meld-" + key, m.text);
      });
    };
    var FIRST = {  // where each field the line left to enter is, in the hand form
      declarer_id: "input[name=declarer]",
      bid: "input[name=bid], input[name=bid_other]",
      trump: "input[name=trump]", outcome: "input[name=outcome]", reneger_id: "input[name=reneger]",
      tricks: "input[name=tricks], input[name^='take-']", takes: "input[name^='take-']",
      last_trick_id: "input[name=last_trick]", bids: "input[name^='own_bid-']",
      melds: "input.meld-text, input[name^='meld-side-']"
    };
    var say = function (lines) {  // the notes under the line, in place of the server's
      var box = $("#line-read", lineForm);
      if (!box) {
        box = document.createElement("div");
        box.id = "line-read"; box.className = "line-read"; box.setAttribute("role", "status");
        lineBox.closest(".field").appendChild(box);
        lineBox.setAttribute("aria-describedby", "line-read");
      }
      box.textContent = "";
      lines.forEach(function (line) {
        var p = document.createElement("p");
        p.className = line[0]; p.textContent = line[1]; box.appendChild(p);
      });
    };
    var sayRead = function (answer) {
      var lines = answer.ambiguous.map(function (a) {
        var last = a.could_be[a.could_be.length - 1], rest = a.could_be.slice(0, -1).join(", ");
        return ["line-doubt", "\u201c" + a.word + "\u201d could be " + rest + " or " + last + ": tap the one it is."];
      });
      var labels = JSON.parse(lineForm.dataset.labels || "{}");
      if (answer.missing.length) lines.push(["line-missing", "Still to enter: " + answer.missing.map(function (name) {
        return labels[name] || name;
      }).join(", ") + "."]);
      if (answer.unknown_words.length) lines.push(["line-unknown", "Not understood: " + answer.unknown_words.join(", ") + "."]);
      if (answer.refused) lines.push(["error", answer.refused]);
      if (lines.length === 0) lines.push(["line-done", "Read: check the hand below, then save it."]);
      say(lines);
      var find = function (name) {  // the first of the selectors that finds a field, in their order
        return (FIRST[name] || "#none").split(", ").map(function (one) { return $(one, handForm); })
          .filter(Boolean)[0];
      };
      var first = answer.missing.map(find).filter(Boolean)[0];
      if (first) first.focus();
    };
    lineForm.addEventListener("submit", function (event) {
      if (!lineBox.value.trim()) { event.preventDefault(); lineBox.focus(); return; }
      event.preventDefault();
      fetch(lineForm.dataset.readUrl, {
        method: "POST", credentials: "same-origin", cache: "no-store",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text: lineBox.value })
      })
        .then(function (r) { return r.json().then(function (body) { return [r.ok, body]; }); })
        .then(function (answer) {
          if (!answer[0]) { say([["error", answer[1].detail || answer[1].title]]); return; }
          fillHand(answer[1].hand);
          sayRead(answer[1]);
        })
        .catch(function () { lineForm.submit(); });  // the server reads it and fills the form
    });
  }

  /* ---- new session: tap a roster name to fill the next empty seat ---- */
  $$("[data-fill-seats] [data-name]").forEach(function (button) {
    button.addEventListener("click", function () {
      var seats = $$(".seats input[name^=seat-]");
      if (seats.some(function (s) { return s.value.trim().toLowerCase() === button.dataset.name.toLowerCase(); })) return;
      var empty = seats.filter(function (s) { return !s.value.trim(); })[0];
      if (empty) {
        empty.value = button.dataset.name; button.disabled = true;
        fire(empty, "input");  // the draft below keeps it
      }
    });
  });

  /* ---- nothing typed is lost (issue 30): what is typed in the hand form for the next hand
     (with the line said above it) and in the new-session form is kept as a draft in this
     phone's localStorage on every change, so a reload, a lost connection or a crashed tab
     loses nothing. The hand form's draft is the session's and the hand number's: shown again
     only for that hand, and only in a form where nothing is chosen or typed yet (a form the
     server shows again after a refused save holds what was typed already); drafts of an
     earlier hand go once the page is for a later one (that hand was saved), and a draft goes
     when its hand is saved or kept to send (save.js says so) or the form is cleared. A
     correction page (its version field set) keeps none. The new-session draft goes once a
     session is started from it; its house rules come back only for the same game. Drafts
     unused for a week are removed. ---- */
  var DRAFT = "scorekeeper-draft:", WEEK = 7 * 864e5;
  var storage = (function () {
    try { var s = window.localStorage; s.getItem(DRAFT); return s; } catch (e) { return null; }
  })();
  var drafted = $("form[data-draft]");
  var saying = drafted && drafted.id === "hand-form" ? $("#line-form") : null;
  var sayBox = saying && saying.elements.line;
  if (storage) {
    var readDraft = function (key) {
      try { var d = JSON.parse(storage.getItem(key)); return d && d.fields ? d : null; } catch (e) { return null; }
    };
    var forget = function (key) { try { storage.removeItem(key); } catch (e) { /* nothing kept */ } };
    var draftKeys = function () {
      var out = [];
      for (var i = 0; i < storage.length; i++) {
        var k = storage.key(i);
        if (k && k.indexOf(DRAFT) === 0) out.push(k);
      }
      return out;
    };
    draftKeys().forEach(function (k) {
      var d = readDraft(k);
      if (!d || !(Date.now() - d.time < WEEK)) forget(k);
    });
    /* a session started from the new-session form: its draft goes (see the submit below) */
    var started = null;
    try { started = sessionStorage.getItem(DRAFT + "sent"); sessionStorage.removeItem(DRAFT + "sent"); } catch (e) { /* none */ }
    if (started && drafted && drafted.id === "hand-form" && drafted.elements.hand_number &&
        drafted.elements.hand_number.value === "1") forget(started);
  }
  var correction = drafted && drafted.elements.version && drafted.elements.version.value;
  if (storage && drafted && !correction) {
    var isHand = drafted.id === "hand-form";
    var numberBox = drafted.elements.hand_number;
    var handPrefix = DRAFT + "hand:" + drafted.dataset.draft + ":";
    /* the hand a draft is for: the form's number when typing began. save.js moves the number
       on when another phone saves a hand meanwhile; what was typed stays the draft of the hand
       it was typed for (and goes with it once the page is for a later hand). */
    var handOf = function () { return numberBox ? numberBox.value : ""; };
    var origin = handOf();
    var draftKey = function () {
      return isHand ? handPrefix + origin : DRAFT + "new:" + drafted.dataset.draft;
    };
    var gameOf = function () {  // the new-session form's game: its house rules belong to it
      var el = drafted.elements;
      return (el.system ? el.system.value : "") + "/" + (el.rules ? el.rules.value : "");
    };
    var SKIPPED = /^(csrf_token|request_id|hand_number|version|system|rules)$/;
    var controls = function () {
      return $$("input, select, textarea", drafted).filter(function (el) {
        return el.name && !SKIPPED.test(el.name) && !/^(hidden|submit|button|reset|file)$/.test(el.type);
      });
    };
    /* every choice and figure as the form holds it: a chosen radio's value, a box's text, a
       switch on or off; a take the form filled in itself (the rest of the deck) is left to be
       filled in again */
    var snapshot = function () {
      var pairs = [];
      controls().forEach(function (el) {
        if (el.type === "radio") { if (el.checked) pairs.push([el.name, el.value]); }
        else if (el.type === "checkbox") pairs.push([el.name, el.checked]);
        else if (!el.dataset.filled) pairs.push([el.name, el.value]);
      });
      return pairs;
    };
    var typedIn = function (pairs, line) {  // anything chosen or typed by a player
      if (line && line.trim()) return true;
      return pairs.some(function (p) {
        if (!isHand) return /^seat-/.test(p[0]) && String(p[1]).trim();
        return p[1] === true || (typeof p[1] === "string" && p[1].trim() && !/^meld_mode-/.test(p[0]));
      });
    };
    var restoring = false;
    var keepDraft = function () {
      if (restoring) return;
      var pairs = snapshot(), line = sayBox ? sayBox.value : "", key = draftKey();
      if (!typedIn(pairs, line)) { forget(key); origin = handOf(); return; }
      var draft = { time: Date.now(), fields: pairs, line: line };
      if (isHand) draft.number = origin;
      else draft.game = gameOf();
      try { storage.setItem(key, JSON.stringify(draft)); } catch (e) { /* storage full or off */ }
    };
    /* put a draft into the form as taps and typing would: each chip checked and each box
       filled with the events the form listens to (the bid figure, the meld's card grid, the
       other side's tricks and the preview follow) */
    var putBack = function (pairs) {
      var all = controls();
      pairs.forEach(function (p) {
        var name = p[0], value = p[1];
        var el = all.filter(function (c) {
          return c.name === name && (c.type !== "radio" || c.value === value);
        })[0];
        if (!el) return;
        putIn(el, value);
        if (el.type === "radio" || el.type === "checkbox" ? el.checked : el.value) {
          for (var d = el.closest("details"); d; d = d.parentNode.closest("details")) d.open = true;
        }
      });
    };
    var note = null;
    var clearForm = function () {
      forget(draftKey());
      drafted.reset();
      if (saying) saying.reset();
      $$(".live-error", drafted).forEach(function (el) { el.remove(); });
      $$("[data-breakdown]", drafted).forEach(function (el) { el.textContent = ""; });
      var read = $("#line-read");
      if (read) read.textContent = "";
      var groups = {};
      controls().forEach(function (el) {
        if (el.type === "radio") {
          if (el.checked || !groups[el.name]) groups[el.name] = el;
        } else if (el.type !== "checkbox") fire(el, "input");
      });
      Object.keys(groups).forEach(function (name) { fire(groups[name], "change"); });
      fire(drafted, "change");
      forget(draftKey());
    };
    var sayRestored = function () {
      if (note) return;
      note = document.createElement("div");
      note.className = "flash saved-note draft-note"; note.setAttribute("role", "status");
      note.tabIndex = -1;
      (saying || drafted).before(note);
      var text = document.createElement("span");
      text.className = "note-text";
      var clear = document.createElement("button");
      clear.type = "button"; clear.className = "button small"; clear.textContent = "Clear";
      clear.setAttribute("aria-label", "Clear what was restored");
      clear.addEventListener("click", function () {
        clearForm();
        text.textContent = "Cleared.";
        clear.remove();
        note.focus();
      });
      /* filled once the status box is on the page, so that assistive technology says it */
      setTimeout(function () {
        text.textContent = isHand ? "Restored what you had typed for hand " + origin + "."
          : "Restored what you had typed.";
        note.append(text, clear);
      }, 50);
    };
    /* the draft of this form's hand (or of the new session), where nothing is entered yet */
    var restore = function () {
      var d = readDraft(draftKey());
      if (!d || typedIn(snapshot(), sayBox ? sayBox.value : "")) return;
      if ($(".form-errors, .error", drafted)) return;  // a refused form shows what was sent
      var pairs = d.fields;
      if (!isHand && d.game !== gameOf()) {  // another game: the players and the dealer only
        pairs = pairs.filter(function (p) { return /^(seat-\d+|first_dealer)$/.test(p[0]); });
      }
      restoring = true;
      try {
        putBack(pairs);
        if (sayBox && d.line) sayBox.value = d.line;
      } finally { restoring = false; }
      sayRestored();
      keepDraft();
    };
    if (isHand && numberBox) {
      var shown = Number(numberBox.value);
      draftKeys().forEach(function (k) {  // a hand before this form's was saved
        if (k.indexOf(handPrefix) === 0 && Number(k.slice(handPrefix.length)) < shown) forget(k);
      });
    }
    restore();
    if (typedIn(snapshot(), sayBox ? sayBox.value : "")) keepDraft();  // as the server shows it
    drafted.addEventListener("input", keepDraft);
    drafted.addEventListener("change", keepDraft);
    if (saying) { saying.addEventListener("input", keepDraft); saying.addEventListener("change", keepDraft); }
    document.addEventListener("visibilitychange", function () { if (document.hidden) keepDraft(); });
    /* save.js: the hand was saved, or kept on this phone to send (the outbox holds it) */
    drafted.addEventListener("handkept", function (event) {
      forget(handPrefix + event.detail.number);
      forget(draftKey());
    });
    /* save.js: the form is now for another hand (hands wait to be sent before it, or another
       phone saved one): an empty form takes that hand's draft, if there is one */
    drafted.addEventListener("handnumber", function () {
      if (typedIn(snapshot(), sayBox ? sayBox.value : "")) return;
      origin = handOf();
      restore();
    });
    if (!isHand) {
      drafted.addEventListener("submit", function (event) {
        if (event.submitter && event.submitter.name === "choose") return;  // another game: same form
        try { sessionStorage.setItem(DRAFT + "sent", draftKey()); } catch (e) { /* kept a week */ }
      });
    }
  }
})();
