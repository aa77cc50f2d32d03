// Solitaire Dice's live help on the turn screen; the split buttons also work without it.
(function () {
  "use strict";
  var say = window.refereeWords.say;
  // Tap two dice, then two more; the last die is the throwaway.
  // The matching split from the referee's list lights up to be tapped.
  document.querySelectorAll(".split").forEach(function (card) {
    var builder = card.querySelector(".builder");
    if (!builder) { return; }
    builder.hidden = false;
    var dice = builder.querySelectorAll(".die-button");
    var out = builder.querySelector("output");
    var options = card.querySelectorAll(".split-option");
    // The dice tapped so far, kept on the builder so that a live update carries them over.
    var order = (builder.dataset.kept || "").split(",").filter(Boolean).map(Number);
    function value(i) { return +dice[i].dataset.value; }
    function update() {
      builder.dataset.kept = order.join(",");
      builder.dataset.keptSaid = order.length ? say("dice {dice} tapped for a split", { dice: order.map(value).join(" ") }) : "";
      dice.forEach(function (d, i) {
        var pos = order.indexOf(i);
        d.className = "die-button" + (pos < 0 ? (order.length === 4 ? " t" : "") : (pos < 2 ? " a" : " b"));
      });
      var words = [], key = null;
      if (order.length >= 2) { words.push(say("first pair {sum}", { sum: value(order[0]) + value(order[1]) })); }
      if (order.length === 4) {
        var rest = [0, 1, 2, 3, 4].filter(function (i) { return order.indexOf(i) < 0; })[0];
        var sums = [value(order[0]) + value(order[1]), value(order[2]) + value(order[3])];
        sums.sort(function (a, b) { return a - b; });
        key = sums[0] + "," + sums[1] + "," + value(rest);
        words.push(say("second pair {sum}", { sum: value(order[2]) + value(order[3]) }),
          say("throwaway {value}", { value: value(rest) }));
      }
      var match = null;
      options.forEach(function (o) {
        var hit = key !== null && o.dataset.key === key;
        o.classList.toggle("match", hit);
        o.classList.toggle("dim", key !== null && !hit);
        if (hit) { match = o; }
      });
      if (key !== null) { words.push(match ? say("tap the highlighted split") : say("not allowed for this sheet")); }
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
})();
