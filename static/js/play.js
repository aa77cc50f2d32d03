// Live help on the turn screen that several games share; every form also works without it.
// A game's own live help: static/games/<slug>.js.
(function () {
  "use strict";
  // Set-aside: show what the tapped dice score, from the referee's own table.
  document.querySelectorAll("form[data-selections]").forEach(function (form) {
    var table = JSON.parse(form.dataset.selections);
    var out = form.querySelector("output.selection");
    var buttons = form.querySelectorAll("button[name=action]");
    function update() {
      var picked = Array.prototype.map.call(
        form.querySelectorAll("input[name=pick]:checked"), function (i) { return i.dataset.value; });
      picked.sort();
      var entry = table[picked.join(",")];
      var ok = !!entry && entry[0] > 0;
      out.textContent = picked.length ? entry[1] : (form.classList.contains("more") ? "" : "Pick the dice to set aside.");
      out.classList.toggle("bad", picked.length > 0 && !ok);
      buttons.forEach(function (b) { b.disabled = !ok; });
    }
    form.addEventListener("change", update);
    update();
  });
})();
