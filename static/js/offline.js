// Registers the service worker (its address in data-worker), which keeps the app's files and
// shows "No connection to the table's server" when this phone drops off the network.
// Browsers run service workers only over HTTPS or on localhost: elsewhere this does nothing.
(function () {
  "use strict";
  var script = document.currentScript;
  var worker = script && script.dataset.worker;
  if (!worker || !("serviceWorker" in navigator)) { return; }
  window.addEventListener("load", function () { navigator.serviceWorker.register(worker); });
})();
