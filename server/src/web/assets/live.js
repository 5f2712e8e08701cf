// Tengen board: keeps a page current over Server-Sent Events and filters lists as you type.
// The page says what it shows (body data-topics) and as of when (data-stamp); when /live announces another stamp,
// the page fetches itself again and swaps <main>, keeping what a person was typing (and where) in any box.
(function () {
  "use strict";
  var body = document.body;
  var topics = body.dataset.topics;
  var indicator = document.getElementById("live");

  function fold(s) {
    return s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function filter() {
    var box = document.getElementById("search");
    if (!box) return;
    var words = fold(box.value).split(/\s+/).filter(Boolean);
    var items = document.querySelectorAll("[data-k]");
    var shown = 0;
    for (var i = 0; i < items.length; i++) {
      var key = items[i].getAttribute("data-k");
      var show = words.every(function (w) { return key.indexOf(w) >= 0; });
      items[i].hidden = !show;
      if (show) shown++;
    }
    // The count beside the list says what the list shows ("1 shown of 12"), not what the server sent.
    var count = document.getElementById("shown");
    if (count) count.textContent = String(shown);
  }

  function wire() {
    var box = document.getElementById("search");
    if (box) {
      box.addEventListener("input", filter);
      filter();
    }
  }

  // A field is known again in the fresh page by its form (where it posts, and the hidden fields that say what
  // it acts on, less the per-render request id and csrf token) and its own name; a radio also by its value.
  function fieldKey(f) {
    var key = "";
    if (f.form) {
      key = f.form.getAttribute("action") || "";
      var hidden = f.form.querySelectorAll("input[type=hidden]");
      for (var i = 0; i < hidden.length; i++) {
        var n = hidden[i].name;
        if (n !== "request_id" && n !== "csrf") key += "|" + n + "=" + hidden[i].value;
      }
    }
    key += "#" + (f.name || f.id);
    if (f.type === "radio") key += "=" + f.value;
    return key;
  }

  function edited(f) {
    if (f.type === "checkbox" || f.type === "radio") return f.checked !== f.defaultChecked;
    if (f.tagName === "SELECT") {
      for (var i = 0; i < f.options.length; i++) {
        if (f.options[i].selected !== f.options[i].defaultSelected) return true;
      }
      return false;
    }
    return f.value !== f.defaultValue;
  }

  // What was typed or chosen in <main> and not yet sent, and the box that has the cursor.
  function typing() {
    var fields = document.querySelectorAll("main input, main textarea, main select");
    var out = [];
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.type === "hidden") continue;
      var focused = document.activeElement === f;
      if (!focused && !edited(f)) continue;
      var at = null;
      try { at = [f.selectionStart, f.selectionEnd]; } catch (e) { at = null; }
      out.push({ key: fieldKey(f), value: f.value, checked: f.checked, focused: focused, at: at });
    }
    return out;
  }

  function putBack(kept) {
    if (!kept.length) return;
    var fields = document.querySelectorAll("main input, main textarea, main select");
    var byKey = {};
    for (var i = 0; i < fields.length; i++) {
      var k = fieldKey(fields[i]);
      if (!(k in byKey)) byKey[k] = fields[i];
    }
    for (var j = 0; j < kept.length; j++) {
      var f = byKey[kept[j].key];
      if (!f) continue;
      if (f.type === "checkbox" || f.type === "radio") f.checked = kept[j].checked;
      else f.value = kept[j].value;
      if (kept[j].focused) {
        f.focus();
        var at = kept[j].at;
        if (at && at[0] !== null) {
          try { f.setSelectionRange(at[0], at[1]); } catch (e) { /* not a text box */ }
        }
      }
    }
  }

  var busy = false, again = false, whole = false;
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    // A desk page names the parts it holds (a referee's table cards): the answer leaves those out, and each
    // stand-in (data-same) takes this page's own copy back. A stand-in without a copy: fetch the page whole.
    var held = document.querySelectorAll("main .part[data-h]");
    var names = [];
    for (var i = 0; i < held.length; i++) names.push(held[i].getAttribute("data-h"));
    var headers = { "Accept": "text/html" };
    if (names.length && !whole) headers["X-Tengen-Have"] = names.join(",");
    whole = false;
    fetch(location.href, { headers: headers, cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (text) {
        var doc = new DOMParser().parseFromString(text, "text/html");
        var fresh = doc.querySelector("main");
        var same = fresh ? fresh.querySelectorAll(".part[data-same]") : [];
        var kept = {};
        for (var k = 0; k < held.length; k++) kept[held[k].getAttribute("data-h")] = held[k];
        for (var j = 0; j < same.length; j++) {
          var own = kept[same[j].getAttribute("data-h")];
          if (!own) { whole = again = true; return; }
        }
        for (var m = 0; m < same.length; m++) same[m].replaceWith(kept[same[m].getAttribute("data-h")]);
        var typed = typing();
        if (fresh) document.querySelector("main").replaceWith(fresh);
        body.dataset.stamp = doc.body.dataset.stamp || "";
        putBack(typed);
        wire();
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }

  wire();
  if (!topics || !window.EventSource) return;
  var source = null;
  function connect() {
    source = new EventSource("/live?topics=" + encodeURIComponent(topics));
    source.addEventListener("change", function (e) {
      if (indicator) indicator.className = "live";
      if (e.data !== body.dataset.stamp) refresh();
    });
    source.onerror = function () {
      if (indicator) indicator.className = "live off";
    };
  }
  connect();
  // A phone that slept may hold a dead connection: reconnect when the page is shown again.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && source && source.readyState === EventSource.CLOSED) connect();
  });
  // A page left for another (kept in the back/forward cache) must not keep its stream: over plain HTTP/1.1 a
  // browser opens only six connections to the board, and open streams would starve the next page.
  window.addEventListener("pagehide", function () {
    if (source) { source.close(); source = null; }
  });
  window.addEventListener("pageshow", function (e) {
    if (!source) connect();
    if (e.persisted) refresh();
  });
})();
