// Six D Three's live help on a turn: with a hand die tapped, tapping a free cell says what
// the die would score there and why (the referee's own sum, sent with the page) and marks
// the dice of the chain; the re-roll (and a photo of its die) takes the die tapped in the
// hand.  The forms post without it: a hand die's radio button and a cell's button place it.
(function () {
  "use strict";
  var say = window.refereeWords.say;
  var form = document.querySelector("form.tap-board[data-previews]");
  if (!form) { return; }
  var previews = JSON.parse(form.dataset.previews);
  var hand = form.querySelectorAll(".hand input[name=hand]");
  var post = form.querySelector(".tap-confirm button[type=submit]");
  var said = form.querySelector(".tap-confirm output");
  var reroll = form.querySelector("details.reroll");
  var photoHand = document.querySelector("#reroll-photo input[name=hand]");
  var picked = null;

  function held() { return form.querySelector(".hand input:checked"); }

  function clear() {
    form.querySelectorAll(".cell.chain").forEach(function (c) { c.classList.remove("chain"); });
  }

  // The placed dice joined to the cell through dice of the die's colour, and through dice
  // of its pips: the dice the referee's sum counts.
  function chain(start, colour, value) {
    var placed = {};
    form.querySelectorAll(".cell[data-colour]").forEach(function (c) {
      placed[c.dataset.cell] = c;
    });
    function flood(joins) {
      var seen = {}, todo = [start], found = [];
      seen[start] = true;
      while (todo.length) {
        var at = todo.pop().split(",").map(Number);
        [[at[0] - 1, at[1]], [at[0] + 1, at[1]], [at[0], at[1] - 1], [at[0], at[1] + 1]]
          .forEach(function (n) {
            var key = n.join(","), cell = placed[key];
            if (cell && !seen[key] && joins(cell)) {
              seen[key] = true;
              todo.push(key);
              found.push(cell);
            }
          });
      }
      return found;
    }
    return flood(function (c) { return c.dataset.colour === colour; })
      .concat(flood(function (c) { return +c.dataset.value === value; }));
  }

  function show() {
    clear();
    if (!picked) { return; }
    var die = held();
    post.disabled = !die;
    if (!die) {
      said.textContent = say("Tap a die of your hand first, then the cell.");
      return;
    }
    var words = (previews[die.value] || {})[picked.value];
    said.textContent = say("The {die} on the {cell}: {score}.",
      { die: die.dataset.name, cell: picked.getAttribute("aria-label"), score: words });
    chain(picked.value, die.dataset.colour, +die.dataset.value).forEach(function (c) {
      c.classList.add("chain");
    });
  }

  // The re-roll: the die tapped in the hand, sent with a photo of it too, and its six faces
  // in its colour.  Filled from a photo, the value read is ticked until "Enter the re-roll".
  function syncReroll() {
    if (!reroll) { return; }
    var die = held();
    var which = reroll.querySelector(".reroll-which");
    var filled = reroll.querySelector(".reroll-enter");
    reroll.querySelectorAll(".reroll-hand input").forEach(function (r) {
      r.checked = !!die && r.value === die.value;
    });
    photoHand.value = die ? die.value : "";
    which.textContent = !die ? say("Tap the die to re-roll in the hand above.")
      : say(filled ? "Re-roll the {die}: check the value read from the photo, then enter it."
        : "Re-roll the {die}: tap the value it shows now.", { die: die.dataset.name });
    reroll.querySelectorAll(".value-taps button, .value-taps input, .reroll-enter")
      .forEach(function (b) { b.disabled = !die; });
    reroll.querySelectorAll(".value-taps .gface").forEach(function (face) {
      var colour = die ? " c-" + die.dataset.colour : "";
      face.className = face.className.replace(/ c-\w/g, "") + colour;
    });
  }

  form.addEventListener("grid:pick", function (e) { picked = e.detail.cell; show(); });
  form.addEventListener("grid:drop", function () { picked = null; clear(); });
  hand.forEach(function (h) {
    h.addEventListener("change", function () { show(); syncReroll(); });
  });
  // A second tap on the picked cell places the die: not before a die is tapped.
  form.querySelectorAll("button.cell").forEach(function (cell) {
    cell.addEventListener("click", function (e) { if (!held()) { e.preventDefault(); } });
  });
  if (reroll) {
    reroll.querySelector(".reroll-hand").hidden = true;
    reroll.querySelector(".reroll-which").hidden = false;
    syncReroll();
  }
})();
