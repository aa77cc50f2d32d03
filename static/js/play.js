// Live help on the turn screen; every form also works without this file.
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
  // Roll entry: ask about colours only when the six dice are a 1-6 straight.
  document.querySelectorAll("form.roll").forEach(function (form) {
    var run = form.querySelector(".colour-run");
    if (!run) { return; }
    function update() {
      var values = Array.prototype.map.call(
        form.querySelectorAll("input[type=radio]:checked"), function (i) { return i.value; });
      run.classList.toggle("show", values.sort().join("") === "123456");
    }
    form.addEventListener("change", update);
    update();
  });
  // Solitaire: tap two dice, then two more; the last die is the throwaway.
  // The matching split from the referee's list lights up to be tapped.
  document.querySelectorAll(".split").forEach(function (card) {
    var builder = card.querySelector(".builder");
    if (!builder) { return; }
    builder.hidden = false;
    var dice = builder.querySelectorAll(".die-button");
    var out = builder.querySelector("output");
    var options = card.querySelectorAll(".split-option");
    var order = [];
    function value(i) { return +dice[i].dataset.value; }
    function update() {
      dice.forEach(function (d, i) {
        var pos = order.indexOf(i);
        d.className = "die-button" + (pos < 0 ? (order.length === 4 ? " t" : "") : (pos < 2 ? " a" : " b"));
      });
      var words = [], key = null;
      if (order.length >= 2) { words.push("first pair " + (value(order[0]) + value(order[1]))); }
      if (order.length === 4) {
        var rest = [0, 1, 2, 3, 4].filter(function (i) { return order.indexOf(i) < 0; })[0];
        var sums = [value(order[0]) + value(order[1]), value(order[2]) + value(order[3])];
        sums.sort(function (a, b) { return a - b; });
        key = sums[0] + "," + sums[1] + "," + value(rest);
        words.push("second pair " + (value(order[2]) + value(order[3])), "throwaway " + value(rest));
      }
      var match = null;
      options.forEach(function (o) {
        var hit = key !== null && o.dataset.key === key;
        o.classList.toggle("match", hit);
        o.classList.toggle("dim", key !== null && !hit);
        if (hit) { match = o; }
      });
      if (key !== null) { words.push(match ? "tap the highlighted split" : "not allowed for this sheet"); }
      out.textContent = words.join(" · ");
    }
    dice.forEach(function (d, i) {
      d.addEventListener("click", function () {
        var pos = order.indexOf(i);
        if (pos >= 0) { order.splice(pos); } else if (order.length < 4) { order.push(i); }
        update();
      });
    });
    update();
  });
  // Lucky Sevens: each group's running sum and points, from the referee's points table.
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
