// Six D Two's live help on the take: two dice of one colour, and what they are worth.
// The forms post without it; the referee checks every take.
(function () {
  "use strict";
  var say = window.refereeWords.say;
  var PAIR = "The {colour} {first} and {second}: {pips} pips.";
  // From the pool: once a die is picked, only its colour can be; two make the pair.
  document.querySelectorAll("form.take-pick").forEach(function (form) {
    var boxes = form.querySelectorAll("input[name=pick]");
    var out = form.querySelector("output.selection");
    var take = form.querySelector("button[value=take]");
    function update() {
      var picked = Array.prototype.filter.call(boxes, function (b) { return b.checked; });
      var colour = picked.length ? picked[0].dataset.colour : null;
      boxes.forEach(function (b) {
        b.disabled = !b.checked && (picked.length >= 2 || (colour !== null && b.dataset.colour !== colour));
      });
      var same = picked.every(function (b) { return b.dataset.colour === colour; });
      var values = picked.map(function (b) { return +b.dataset.value; });
      if (!picked.length) {
        out.textContent = say("Tap the two dice taken.");
      } else if (picked.length === 1) {
        out.textContent = say("The {colour} {value} and…", { colour: picked[0].dataset.name, value: values[0] });
      } else {
        out.textContent = say(PAIR, { colour: picked[0].dataset.name, first: values[0], second: values[1],
          pips: values[0] + values[1] });
      }
      take.disabled = !(picked.length === 2 && same);
    }
    form.addEventListener("change", update);
    update();
  });
  // Without a pool: a colour and two values typed.
  document.querySelectorAll("form.take-typed").forEach(function (form) {
    var values = form.querySelector("input[name=values]");
    var out = form.querySelector("output.selection");
    var take = form.querySelector("button[value=take]");
    function update() {
      var colour = form.querySelector("input[name=colour]:checked");
      var typed = values.value.replace(/[^1-6]/g, "");
      var name = colour ? colour.parentNode.querySelector(".sr").textContent : "";
      if (colour && typed.length === 2) {
        out.textContent = say(PAIR, { colour: name, first: typed[0], second: typed[1], pips: +typed[0] + +typed[1] });
      } else {
        out.textContent = colour ? say("The {colour} pair: type its two values.", { colour: name })
          : say("Pick the colour, type the two values.");
      }
      take.disabled = !(colour && typed.length === 2 && values.value.trim().length === 2);
    }
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    update();
  });
})();
