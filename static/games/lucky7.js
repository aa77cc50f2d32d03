// Lucky Sevens' live help on the turn screen; the grouping form also works without it.
(function () {
  "use strict";
  // Each group's running sum and points, from the referee's points table.
  document.querySelectorAll("form.sevens").forEach(function (form) {
    var table = JSON.parse(form.dataset.points);
    var out = form.querySelector("output.groups");
    var buttons = form.querySelectorAll("button[name=action]");
    function update() {
      var groups = {};
      form.querySelectorAll("fieldset.group-row").forEach(function (row) {
        var picked = row.querySelector("input:checked");
        if (picked && picked.value) {
          (groups[picked.value] = groups[picked.value] || []).push(+row.dataset.value);
        }
      });
      var lines = [], ok = Object.keys(groups).length > 0;
      Object.keys(groups).sort().forEach(function (letter) {
        var dice = groups[letter];
        var sum = dice.reduce(function (a, b) { return a + b; }, 0);
        if (sum === 7 && table[dice.length]) {
          lines.push(letter + ": " + dice.join(" + ") + " = 7 ✓ " + table[dice.length] + (table[dice.length] === 1 ? " point" : " points"));
        } else {
          ok = false;
          lines.push(letter + ": " + dice.join(" + ") + " = " + sum + " — not a seven");
        }
      });
      out.textContent = lines.join(" · ");
      out.classList.toggle("bad", !ok && lines.length > 0);
      buttons.forEach(function (b) { b.disabled = !ok; });
    }
    form.addEventListener("change", update);
    update();
  });
})();
