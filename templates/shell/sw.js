// The service worker (rendered by referee/web/shell.py).  It keeps a copy of the app's static
// files and of the offline page, answers those files from the copy, and shows the offline page
// when a page cannot be reached.  It keeps nothing else: table pages, polls and every other
// answer of the server always come from the server, and a form is never sent again.
"use strict";
var PREFIX = "referee-shell-";
var CACHE = PREFIX + {{ version|tojson }};
var OFFLINE = {{ offline|tojson }};
var SHELL = {{ shell|tojson }};
var KEPT = new Set(SHELL.map(function (path) { return new URL(path, self.location).href; }));

self.addEventListener("install", function (event) {
  // "reload": each file fresh from the server, never an older copy from the browser's cache.
  var requests = SHELL.concat([OFFLINE]).map(function (path) {
    return new Request(path, { cache: "reload" });
  });
  event.waitUntil(caches.open(CACHE)
    .then(function (cache) { return cache.addAll(requests); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  // The new version's copy replaces the old ones, and the open pages are looked after at once.
  event.waitUntil(caches.keys()
    .then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(PREFIX) === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    })
    .then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(function () { return unreachable(request); }));
  } else if (request.method === "GET" && KEPT.has(request.url)) {
    event.respondWith(caches.match(request).then(function (kept) {
      return kept || fetch(request);
    }));
  }
  // Anything else (polls, QR codes, a script's requests) goes to the server untouched.
});

// What a page that could not be reached shows.  A form that could not be sent leads back to
// the page it was sent from: reloading then asks for that page again and never resends the form.
function unreachable(request) {
  var from = request.referrer;
  if (request.method !== "GET" && from && new URL(from).origin === self.location.origin) {
    return Response.redirect(from, 303);
  }
  return caches.match(OFFLINE);
}
