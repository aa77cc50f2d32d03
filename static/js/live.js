// A table page that follows the other phones' moves.  While the page is visible it asks the
// table's poll every 1.5 s with the version it shows (a 304 while nothing changed; it stops
// asking while the page is hidden).  When the table moved:
// - if nobody is entering anything here, the page's main part is swapped for the table as
//   it is now and the page's scripts run again on it (no reload, the scroll kept);
// - if something is half entered, it is left alone and the note says the table moved on;
//   a form sent from it after that is held back (the server would refuse it anyway).
// A phone may also buzz at the moment the page shows (a bust, hot dice, a win): off unless
// ticked, kept on the phone, once per version of the table.  A phone buzzes only once it
// has been tapped, so while buzzing is on this page sends its own forms and swaps in the
// answer, instead of loading a new page that could not buzz.
(function () {
  "use strict";
  var INTERVAL = 1500;
  var main = document.querySelector("main");
  if (!main || !window.fetch || !main.querySelector(".live-note[data-poll]")) { return; }
  var busy = !!main.querySelector(".error");  // a refused entry is on the page: keep it
  var behind = false;
  var seen = main.querySelector(".live-note").dataset.version;
  var timer = null;

  function note() { return main.querySelector(".live-note"); }

  // A refused post's page sits at the address it was posted to (".../move"): it takes the
  // table page's address, so that a reload or a link read from there finds the table.
  var home = note().querySelector("a").getAttribute("href");
  if (location.pathname !== home) { history.replaceState(null, "", home + location.hash); }

  var BUZZ = "referee.buzz";
  var PATTERNS = { "bust": [200, 100, 200], "hot dice": [60, 40, 60, 40, 60], "win": [300, 100, 300, 100, 600] };

  function stored(store, key) { try { return store.getItem(key); } catch (e) { return null; } }
  function keep(store, key, value) { try { store.setItem(key, value); } catch (e) { /* private mode */ } }
  function buzzing() { return !!navigator.vibrate && stored(localStorage, BUZZ) === "on"; }
  function setting(e) { return e.target.closest && e.target.closest(".phone-setting"); }

  // The tick box (hidden where the phone cannot buzz), and the buzz of the moment shown.
  function buzz() {
    var box = main.querySelector(".phone-buzz");
    if (box && navigator.vibrate) {
      box.hidden = false;
      box.querySelector("input").checked = buzzing();
    }
    var shown = note(), pattern = PATTERNS[shown.dataset.moment];
    var key = BUZZ + shown.dataset.poll;
    if (pattern && buzzing() && stored(sessionStorage, key) !== shown.dataset.version) {
      keep(sessionStorage, key, shown.dataset.version);
      navigator.vibrate(pattern);
    }
  }
  main.addEventListener("change", function (e) {
    if (setting(e) && e.target.closest(".phone-buzz")) {
      keep(localStorage, BUZZ, e.target.checked ? "on" : "off");
      keep(sessionStorage, BUZZ + note().dataset.poll, note().dataset.version);
    }
  });

  // Anything tapped or typed inside a form (or the undo box opened) is an entry under way.
  main.addEventListener("input", function (e) { busy = busy || !setting(e); });
  main.addEventListener("change", function (e) { busy = busy || !setting(e); });
  main.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("form, summary")) { busy = true; }
  });
  main.addEventListener("submit", function (e) {
    if (!behind) { return; }
    e.preventDefault();
    note().querySelector(".live-said").textContent += " Nothing was sent.";
    note().scrollIntoView({ block: "center" });
  }, true);

  // While buzzing is on, a form sent from here goes by fetch and its answer (the table, or
  // the page that refuses it) is swapped in.  An answer that is no table page (an error
  // page) is left to the browser: the form is sent again the ordinary way.
  var ordinary = false;
  main.addEventListener("submit", function (e) {
    var form = e.target, button = e.submitter;
    // (getAttribute: a field named "action" would stand in for form.action)
    if (ordinary || e.defaultPrevented || !buzzing() || form.getAttribute("method") !== "post") { return; }
    e.preventDefault();
    var again = function () { ordinary = true; form.requestSubmit(button); };
    fetch(form.getAttribute("action"), { method: "POST", body: new FormData(form, button), credentials: "same-origin" })
      .then(function (r) {
        return r.text().then(function (text) {
          if (!show(text)) { return again(); }
          if (r.redirected) { history.replaceState(null, "", r.url.split("#")[0] + "#now"); }
          var now = document.getElementById("now");
          if (now) { now.scrollIntoView(); }
        });
      }).catch(again);
  });

  // The page's own scripts (everything deferred but this one) run again on the new page.
  function rerun() {
    document.querySelectorAll("script[defer]:not([data-live])").forEach(function (old) {
      var again = document.createElement("script");
      again.src = old.src;
      again.async = false;
      again.defer = true;
      old.parentNode.replaceChild(again, old);
    });
  }

  function swap() {
    var link = note().querySelector("a").getAttribute("href");
    var here = location.pathname === link ? location.href : link;
    return fetch(here, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (text) {
      if (text && !busy) { show(text); }
    });
  }

  // The page's main part swapped for the one in ``text`` (false: it has none), its scripts
  // run again on it.
  function show(text) {
    var page = new DOMParser().parseFromString(text, "text/html");
    var fresh = page.querySelector("main");
    if (!fresh || !fresh.querySelector(".live-note")) { return false; }
    main.replaceChildren.apply(main, Array.prototype.map.call(fresh.childNodes, function (node) {
      return document.importNode(node, true);
    }));
    document.title = page.title;
    seen = note().dataset.version;
    busy = !!main.querySelector(".error");
    rerun();
    buzz();
    return true;
  }

  function moved(data) {
    if (String(data.version) === seen) { return null; }
    if (!busy) { return swap(); }
    behind = true;
    seen = String(data.version);
    var box = note();
    box.querySelector(".live-said").textContent = "The table moved on: " + data.ruling +
      " What is entered here was for the table before that.";
    box.hidden = false;
    return null;
  }

  function ask() {
    timer = null;
    if (document.hidden) { return; }
    var url = note().dataset.poll + "?v=" + encodeURIComponent(seen);
    fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      return r.status === 200 ? r.json().then(moved) : null;
    }).catch(function () { return null; }).then(schedule);
  }

  function schedule() {
    if (!timer && !document.hidden) { timer = setTimeout(ask, INTERVAL); }
  }

  document.addEventListener("visibilitychange", function () {
    clearTimeout(timer);
    timer = null;
    if (!document.hidden) { ask(); }
  });
  buzz();
  schedule();
})();
