// Lucky Sevens' live help on the turn screen; the grouping form also works without it.
(function () {
  "use strict";
  var say = window.refereeWords.say, sayN = window.refereeWords.sayN;
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
        var said = { group: letter, dice: dice.join(" + "), sum: sum };
        if (sum !== 7 || !worth) { return say("{group}: {dice} = {sum} — not a seven", said); }
        return problem ? sayN("{group}: {dice} = 7, {count} point", "{group}: {dice} = 7, {count} points", worth, said)
          : sayN("{group}: {dice} = 7 ✓ {count} point", "{group}: {dice} = 7 ✓ {count} points", worth, said);
      });
      if (problem) { lines.push(say("✗ not allowed: {problem}", { problem: problem })); }
      out.textContent = lines.join(" · ");
      out.classList.toggle("bad", !ok && lines.length > 0);
      buttons.forEach(function (b) { b.disabled = !ok; });
    }
    form.addEventListener("change", update);
    update();
  });
})();
