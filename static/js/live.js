// A table page that follows the other phones' moves.  While the page is visible it asks the
// table's poll every 1.5 s with the version it shows (a 304 while nothing changed; it stops
// asking while the page is hidden).  When the table moved:
// - if nobody is entering anything here, the page's main part is swapped for the table as
//   it is now and the page's scripts run again on it (no reload, the scroll kept);
// - if something is half entered, it is left alone and the note says the table moved on;
//   a form sent from it after that is held back (the server would refuse it anyway).
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

  // Anything tapped or typed inside a form (or the undo box opened) is an entry under way.
  main.addEventListener("input", function () { busy = true; });
  main.addEventListener("change", function () { busy = true; });
  main.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("form, summary")) { busy = true; }
  });
  main.addEventListener("submit", function (e) {
    if (!behind) { return; }
    e.preventDefault();
    note().querySelector(".live-said").textContent += " Nothing was sent.";
    note().scrollIntoView({ block: "center" });
  }, true);

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
      if (!text || busy) { return; }
      var page = new DOMParser().parseFromString(text, "text/html");
      var fresh = page.querySelector("main");
      if (!fresh || !fresh.querySelector(".live-note")) { return; }
      main.replaceChildren.apply(main, Array.prototype.map.call(fresh.childNodes, function (node) {
        return document.importNode(node, true);
      }));
      document.title = page.title;
      seen = note().dataset.version;
      rerun();
    });
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
  schedule();
})();
