// Tengen desk pages: single-key result entry, confirm before a forfeit, the forfeit clock ticking, and what a
// volunteer typed kept when live.js swaps <main> for a fresh copy. Every page works without this script.
(function () {
  "use strict";
  if (window.tengenDesk) return;
  window.tengenDesk = true;

  // --- What was typed survives a live refresh -------------------------------------------------------------
  // Forms with data-keep="key" remember their fields; after live.js replaces <main>, the values, the focus and
  // the error message come back.
  var kept = {};
  var focusKey = null;

  function keyOf(el) {
    var form = el && el.form;
    if (!form || !form.dataset || !form.dataset.keep || !el.name || el.type === "hidden") return null;
    return form.dataset.keep + "|" + el.name;
  }

  function remember(el) {
    var k = keyOf(el);
    if (!k) return;
    if (el.type === "radio") { if (el.checked) kept[k] = el.value; }
    else if (el.type === "checkbox") kept[k] = el.checked;
    else kept[k] = el.value;
  }

  function rememberAll(root) {
    var els = root.querySelectorAll("form[data-keep] input, form[data-keep] textarea, form[data-keep] select");
    for (var i = 0; i < els.length; i++) remember(els[i]);
  }

  function restore(root) {
    var els = root.querySelectorAll("form[data-keep] input, form[data-keep] textarea, form[data-keep] select");
    var focus = null;
    for (var i = 0; i < els.length; i++) {
      var el = els[i], k = keyOf(el);
      if (!k) continue;
      if (Object.prototype.hasOwnProperty.call(kept, k)) {
        if (el.type === "radio") el.checked = kept[k] === el.value;
        else if (el.type === "checkbox") el.checked = !!kept[k];
        else el.value = kept[k];
      }
      if (k === focusKey && !focus && (el.type !== "radio" || el.checked)) focus = el;
    }
    if (focus) focus.focus();
    else if (document.getElementById("table") && document.getElementById("result")) {
      if (!document.activeElement || document.activeElement === document.body) firstField().focus();
    }
  }

  // Where the results form's cursor goes: the "Who had Black?" answer while the form asks it (the chosen one,
  // else the first), else the table field.
  function firstField() {
    return document.querySelector('#black input[name="black"]:checked') ||
      document.querySelector('#black input[name="black"]') || document.getElementById("table");
  }

  document.addEventListener("input", function (e) { remember(e.target); }, true);
  document.addEventListener("change", function (e) { remember(e.target); }, true);
  document.addEventListener("focusin", function (e) { focusKey = keyOf(e.target); }, true);
  document.addEventListener("focusout", function (e) {
    // Leaving a field on purpose forgets it; a field removed by a refresh is still the one to focus again.
    var el = e.target;
    setTimeout(function () {
      var idle = !document.activeElement || document.activeElement === document.body;
      if (idle && document.contains(el)) focusKey = null;
    }, 0);
  }, true);

  var loadedAt = Date.now();
  new MutationObserver(function (mutations) {
    for (var i = 0; i < mutations.length; i++) {
      var added = mutations[i].addedNodes, removed = mutations[i].removedNodes;
      for (var j = 0; j < added.length; j++) {
        if (added[j].tagName !== "MAIN") continue;
        var fresh = added[j];
        for (var r = 0; r < removed.length; r++) {
          var old = removed[r].querySelector && removed[r].querySelector("#error");
          if (old && !fresh.querySelector("#error")) {
            var heading = fresh.querySelector("h1");
            if (heading) heading.after(old); else fresh.prepend(old);
          }
          // A nigiri slip's question stays until it is answered: the fresh copy of the page does not know it.
          var ask = removed[r].querySelector && removed[r].querySelector("#black");
          var form = fresh.querySelector("form#result");
          var send = form && form.querySelector("button[type=submit]");
          if (ask && send && !fresh.querySelector("#black")) {
            var asked = removed[r].querySelector('input[name="asked"]');
            form.insertBefore(ask, send);
            if (asked) form.insertBefore(asked, ask);
          }
        }
        loadedAt = Date.now();
        restore(fresh);
        tick();
      }
    }
  }).observe(document.body, { childList: true });

  // --- Words: the page's language -------------------------------------------------------------------------
  // A sentence the script shows comes from the page (a `data-` attribute rendered in the page's language, with
  // `{name}` where the script puts a value); without the attribute, the English sentence.
  function words(el, key, english, values) {
    var text = (el && el.dataset && el.dataset[key]) || english;
    for (var name in values) text = text.split("{" + name + "}").join(values[name]);
    return text;
  }

  // --- Results desk: table number, one key, Enter ---------------------------------------------------------
  var RESULT_KEYS = { b: true, w: true, j: true, x: true };

  function hint(form, text) {
    var p = document.getElementById("key-hint");
    if (!p) {
      p = document.createElement("p");
      p.id = "key-hint";
      p.className = "error";
      p.setAttribute("role", "alert");
      form.after(p);
    }
    p.textContent = text;
  }

  // A slip refused before it is sent: like the server's refusal, the field is emptied and focused (the next
  // slip must not be appended to this one), and the message says what was typed and what to do.
  function refuseSlip(form, problem) {
    var table = form.querySelector("#table");
    var typed = [table ? table.value.trim() : ""];
    var chosen = form.querySelector('input[name="result"]:checked');
    if (chosen) typed.push(chosen.value);
    var box = form.querySelector("#forfeit");
    if (box && box.checked) typed.push("f");
    typed = typed.filter(function (t) { return t; }).join(" ");
    hint(form, typed
      ? words(form, "notEntered", "Not entered: {problem}. You typed \u201c{typed}\u201d; check the slip and type it again.",
        { problem: problem, typed: typed })
      : words(form, "notEnteredNothing", "Not entered: {problem}. You typed nothing; check the slip and type it again.",
        { problem: problem }));
    var old = document.getElementById("error");
    if (old) old.remove();
    form.reset();
    if (table) {
      table.value = "";
      rememberAll(form);
      table.focus();
    }
  }

  document.addEventListener("keydown", function (e) {
    var form = e.target && e.target.form;
    if (!form || form.id !== "result" || e.ctrlKey || e.metaKey || e.altKey) return;
    var key = (e.key || "").toLowerCase();
    if (RESULT_KEYS[key]) {
      var radio = form.querySelector('input[name="result"][value="' + key + '"]');
      if (radio) {
        e.preventDefault();
        radio.checked = true;
        remember(radio);
      }
    } else if (key === "f") {
      var box = form.querySelector("#forfeit");
      if (box) {
        e.preventDefault();
        box.checked = !box.checked;
        remember(box);
      }
    } else if (key === "escape") {
      e.preventDefault();
      form.reset();
      var table = form.querySelector("#table");
      table.value = "";
      rememberAll(form);
      table.focus();
    } else if (key === "enter" && e.target.type === "radio") {
      // Enter on a radio button submits like Enter in the table field.
      e.preventDefault();
      if (form.requestSubmit) form.requestSubmit(); else form.submit();
    }
  });

  document.addEventListener("submit", function (e) {
    var form = e.target;
    // While no server here takes changes, a form would only reach an error page: keep what was typed.
    var down = document.getElementById("failover");
    if (down && form.id !== "handover") {
      e.preventDefault();
      down.scrollIntoView();
      return;
    }
    if (form.id === "result") {
      var table = form.querySelector("#table");
      var chosen = form.querySelector('input[name="result"]:checked');
      var typed = table && /^\s*\d+/.test(table.value);
      var keyed = table && /[bwjx]/i.test(table.value.replace(/^\s*\d+/, ""));
      if (!typed) {
        e.preventDefault();
        refuseSlip(form, words(form, "typeTable", "type the table number first", {}));
        return;
      }
      if (!chosen && !keyed) {
        e.preventDefault();
        refuseSlip(form, words(form, "pressKey", "press b, w, j or x for the result after the table number", {}));
        return;
      }
      return;
    }
    // Referee: a forfeit or a player leaving is confirmed first (a mistaken tap costs a game). Director: closing
    // registration, drawing again, publishing and closing a round too; their forms say so to the server
    // (`confirmed`), which otherwise asks on a page of its own.
    var button = e.submitter || form.querySelector("button[data-confirm]");
    var question = button && button.getAttribute("data-confirm");
    if (question) {
      if (!window.confirm(question)) {
        e.preventDefault();
        return;
      }
      var confirmed = form.querySelector('input[name="confirmed"]');
      if (confirmed) confirmed.value = "yes";
    }
  });

  // --- Settling a result: a select that starts on no choice -----------------------------------------------
  // The browser refuses to send it empty (`required`); say so in red beside it instead of a small bubble.
  document.addEventListener("invalid", function (e) {
    var select = e.target;
    if (!select || select.tagName !== "SELECT" || select.name !== "result" || !select.form) return;
    e.preventDefault();
    var form = select.form;
    var p = form.querySelector(".choose-hint");
    if (!p) {
      p = document.createElement("p");
      p.className = "error choose-hint";
      p.setAttribute("role", "alert");
      form.appendChild(p);
    }
    p.textContent = words(select, "choose", "Choose the result first: nothing was recorded.", {});
    select.focus();
  }, true);
  document.addEventListener("change", function (e) {
    var select = e.target;
    if (!select || select.tagName !== "SELECT" || select.name !== "result" || !select.form) return;
    var p = select.form.querySelector(".choose-hint");
    if (p && select.value) p.remove();
  }, true);

  // --- Referee: the forfeit clock ticks between refreshes -------------------------------------------------
  function tick() {
    var clock = document.getElementById("clock");
    if (!clock || clock.dataset.minutes === undefined) return;
    var base = parseInt(clock.dataset.minutes, 10);
    var forfeit = parseInt(clock.dataset.forfeit, 10);
    if (isNaN(base) || isNaN(forfeit)) return;
    var minutes = base + Math.floor((Date.now() - loadedAt) / 60000);
    if (clock.classList.contains("before")) {
      // Before the announced start: count down, then turn into the forfeit clock at the start.
      var until = clock.querySelector(".until");
      if (minutes < 0) { if (until) until.textContent = String(-minutes); return; }
      clock.classList.remove("before");
      clock.textContent = "";
      // The sentence once started, `{m}` and `{due}` marking where the two spans go.
      var template = words(clock, "template", "{m}" + (clock.dataset.since || " min since the start") +
        " · forfeit after " + forfeit + " min: {due}", {});
      template.split(/(\{m\}|\{due\})/).forEach(function (piece) {
        if (piece === "{m}" || piece === "{due}") {
          var span = document.createElement("span");
          span.className = piece === "{m}" ? "minutes" : "due-words";
          clock.append(span);
        } else if (piece) {
          clock.append(piece);
        }
      });
    }
    var shown = clock.querySelector(".minutes");
    if (shown) shown.textContent = String(minutes);
    var dueWords = clock.querySelector(".due-words");
    var due = minutes >= forfeit;
    if (dueWords) {
      dueWords.textContent = due ? words(clock, "reached", "reached", {})
        : words(clock, "in", "in {n} min", { n: String(forfeit - minutes) });
    }
    clock.classList.toggle("due", due);
    var tables = document.getElementById("tables");
    if (tables) tables.classList.toggle("forfeit-due", due);
    if (due) {
      var late = document.querySelectorAll(".table-card.late");
      for (var i = 0; i < late.length; i++) late[i].classList.add("overdue");
    }
  }

  // --- Fail-over: the page finds the server that takes changes ------------------------------------------
  // Every few seconds the page asks its server whether it takes writes. When it does not (gone, a standby, or
  // halted), the page asks the other server of the pair; if that one does, the page moves there, signed in by
  // the sealed ticket in the hidden #handover form. Typed but unsent values stop the move until the volunteer
  // says so. With no server taking writes the banner says so, and the page keeps asking.
  var moving = false;

  function banner(text, button) {
    var b = document.getElementById("failover");
    if (!text) { if (b) b.remove(); return; }
    if (!b) {
      b = document.createElement("p");
      b.id = "failover";
      b.className = "error";
      b.setAttribute("role", "alert");
      var main = document.querySelector("main");
      if (main) main.before(b); else document.body.prepend(b);
    }
    b.textContent = text + " ";
    if (button) b.appendChild(button);
  }

  function ask(base) {
    var ctl = window.AbortController ? new AbortController() : null;
    var timer = ctl ? setTimeout(function () { ctl.abort(); }, 2500) : null;
    return fetch(base + "/desk/where", { cache: "no-store", mode: base ? "cors" : "same-origin", credentials: "omit", signal: ctl && ctl.signal })
      .then(function (r) { return r.ok ? r.json() : null; })
      .catch(function () { return null; })
      .then(function (v) { if (timer) clearTimeout(timer); return v; });
  }

  function typed() {
    var els = document.querySelectorAll("main form input:not([type=hidden]):not([type=radio]):not([type=checkbox]), main textarea");
    for (var i = 0; i < els.length; i++) {
      if (els[i].id !== "search" && els[i].value && els[i].value !== els[i].defaultValue) return true;
    }
    return false;
  }

  function move(form) {
    moving = true;
    form.querySelector('input[name="next"]').value = location.pathname;
    form.submit();
  }

  function watch() {
    var form = document.getElementById("handover");
    if (moving || !form) return;
    var peer = form.dataset.peer;
    ask("").then(function (here) {
      if (here && here.writes) { banner(null); return; }
      ask(peer).then(function (there) {
        var host = peer.replace(/^https?:\/\//, "");
        if (there && there.writes) {
          if (!typed()) {
            banner(words(form, "moving", "This server stopped taking changes; moving this desk to {host}…", { host: host }));
            move(form);
          } else {
            var go = document.createElement("button");
            go.type = "button";
            go.className = "big";
            go.textContent = words(form, "continue", "Continue on {host}", { host: host });
            go.addEventListener("click", function () { move(form); });
            banner(words(form, "unsent", "This server stopped taking changes. What you typed here was not sent: note it, then", {}), go);
          }
        } else {
          banner(words(form, "none", "No server takes changes at the moment ({here}; {there}). Nothing typed here is sent " +
            "until one does; the director promotes the standby (VENUE.md).", {
            here: here ? words(form, "hereIs", "this one is a {mode}", { mode: here.mode })
              : words(form, "hereSilent", "this one does not answer", {}),
            there: there ? words(form, "thereIs", "{host} is a {mode}", { host: host, mode: there.mode })
              : words(form, "thereSilent", "{host} does not answer", { host: host })
          }));
        }
      });
    });
  }
  if (document.getElementById("handover")) setInterval(watch, 3000);

  // --- A new terminal's card: printed from the one page that shows its token ---------------------------------
  document.addEventListener("click", function (e) {
    var button = e.target && e.target.closest && e.target.closest("button[data-print]");
    if (button) window.print();
  });

  // --- A desk's undo lasts a minute -------------------------------------------------------------------------
  // An element with data-expires-in (ms, from the server) disappears when its time is up; the server refuses a
  // late undo anyway. Counted from when this page first saw it, so the tablet's own clock does not matter.
  function expire() {
    var els = document.querySelectorAll("[data-expires-in]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (!el.__until) el.__until = Date.now() + (parseInt(el.getAttribute("data-expires-in"), 10) || 0);
      if (Date.now() >= el.__until) el.hidden = true;
    }
  }
  setInterval(expire, 500);

  rememberAll(document);
  var first = document.getElementById("table");
  if (first && document.getElementById("result") && (!document.activeElement || document.activeElement === document.body)) {
    firstField().focus();
  }
  setInterval(tick, 15000);
})();
