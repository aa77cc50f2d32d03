// Keys and Base Dice's live help on the turn screen; every form also works without it.
(function () {
  "use strict";
  var say = window.refereeWords.say;
  // A group in one tap: "All 3s" ticks every base die of that value on the table (a group
  // of two or more from this roll), "Keys" every key; a second tap unticks them. The dice
  // stay the form's fields, so a group of two of four 3s is still tapped die by die.
  document.querySelectorAll("form.set-aside").forEach(function (form) {
    var picks = Array.prototype.slice.call(form.querySelectorAll("input[name=pick]"));
    var groups = {};
    picks.forEach(function (input) {
      var value = input.dataset.value;
      (groups[value] = groups[value] || []).push(input);
    });
    var keys = picks.filter(function (i) { return i.dataset.value.charAt(0) === "K"; });
    var rows = [];
    if (keys.length) { rows.push([keys.length === 1 ? say("The key") : say("Both keys"), keys]); }
    Object.keys(groups).sort().forEach(function (value) {
      if (value.charAt(0) !== "K" && groups[value].length >= 2) {
        rows.push([say("All {value}s ({count})", { value: value, count: groups[value].length }), groups[value]]);
      }
    });
    if (rows.length < 1) { return; }
    var bar = document.createElement("div");
    bar.className = "group-taps";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", say("Tick a whole group"));
    rows.forEach(function (row) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "secondary group-tap";
      button.textContent = row[0];
      button.addEventListener("click", function () {
        var on = !row[1].every(function (i) { return i.checked; });
        row[1].forEach(function (i) { i.checked = on; });
        form.dispatchEvent(new Event("change", { bubbles: true }));
      });
      bar.appendChild(button);
    });
    form.querySelector(".picks").after(bar);
  });
})();
