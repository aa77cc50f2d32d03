// Lucky Sevens' live help on the turn screen; the grouping form also works without it.
(function () {
  "use strict";
  // Each group's running sum and points, from the referee's points table; near the end, a
  // choice the finish rule refuses is flagged with the referee's own reason (data-problems).
  document.querySelectorAll("form.sevens").forEach(function (form) {
    var table = JSON.parse(form.dataset.points);
    var problems = JSON.parse(form.dataset.problems || "{}");
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
      var letters = Object.keys(groups).sort();
      var sevens = letters.every(function (letter) {
        var dice = groups[letter];
        return !!table[dice.length] && dice.reduce(function (a, b) { return a + b; }, 0) === 7;
      });
      var key = letters.map(function (l) { return groups[l].slice().sort().join(","); }).sort().join("|");
      var problem = sevens && problems[key];
      var ok = letters.length > 0 && sevens && !problem;
      var lines = letters.map(function (letter) {
        var dice = groups[letter];
        var sum = dice.reduce(function (a, b) { return a + b; }, 0);
        var worth = table[dice.length];
        if (sum !== 7 || !worth) { return letter + ": " + dice.join(" + ") + " = " + sum + " — not a seven"; }
        return letter + ": " + dice.join(" + ") + (problem ? " = 7, " : " = 7 ✓ ") + worth + (worth === 1 ? " point" : " points");
      });
      if (problem) { lines.push("✗ not allowed: " + problem); }
      out.textContent = lines.join(" · ");
      out.classList.toggle("bad", !ok && lines.length > 0);
      buttons.forEach(function (b) { b.disabled = !ok; });
    }
    form.addEventListener("change", update);
    update();
  });
})();
