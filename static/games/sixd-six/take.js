// Six D Six's take, live: templates/sixd-six/play.html links it while a set is taken.
// Without it the set is ticked and shown with a plain GET of the page, one form per
// placement; with it each tick asks the referee (the same GET of the page) and shows its
// judgement: the set outlined, or why it is not one; then the set becomes a piece over the
// mover's area: rotate it, tap where it goes, see what it scores, place it.
(function () {
  "use strict";
  var face = window.refereeGrid.face;  // a die face with pips (static/js/grid.js)
  var say = window.refereeWords.say, sayN = window.refereeWords.sayN;

  // --- The set as a piece to move over the mover's area ------------------------------------
  // The referee lists every placement (one form each, which also posts without this file);
  // here they become one drawing of the area: the rotate button turns the set through the
  // ways it fits, the squares it can cover are marked, a tap on one puts the set there (tap
  // again for the next placement over that square) and shows what it scores; "Place it"
  // posts that placement's form.
  // What the set scores, and how many ways it fits, by its quarter turns clockwise.
  var SCORES = ["The set unturned scores {score}.", "The set turned a quarter clockwise scores {score}.",
    "The set turned half round scores {score}.", "The set turned a quarter anticlockwise scores {score}."];
  var FITS = [
    ["The set unturned fits {count} way: tap a marked square to put it there.",
      "The set unturned fits {count} ways: tap a marked square to put it there."],
    ["The set turned a quarter clockwise fits {count} way: tap a marked square to put it there.",
      "The set turned a quarter clockwise fits {count} ways: tap a marked square to put it there."],
    ["The set turned half round fits {count} way: tap a marked square to put it there.",
      "The set turned half round fits {count} ways: tap a marked square to put it there."],
    ["The set turned a quarter anticlockwise fits {count} way: tap a marked square to put it there.",
      "The set turned a quarter anticlockwise fits {count} ways: tap a marked square to put it there."]
  ];
  // The area's squares: at first as large as fit the width, 44 px (a finger's tap) to 52 px,
  // an area wider than that scrolling in its box; zoomed out, the whole area fits the
  // width (smaller squares, asked for); zoomed in, 60 px.
  var TAP = 44, ROOMY = 52, ZOOMED = 60;

  function movablePiece(section) {
    var forms = Array.prototype.slice.call(section.querySelectorAll("form.placement"));
    var cellsOf = function (text) { return text.split(" "); };
    var places = forms.map(function (form) {
      return { form: form, quarters: +form.dataset.quarters, cells: cellsOf(form.dataset.place),
        dice: cellsOf(form.dataset.dice), words: form.dataset.words };
    });
    var area = {};
    JSON.parse(section.dataset.area || "[]").forEach(function (d) { area[d[0] + "," + d[1]] = d[2]; });
    var turns = [];
    places.forEach(function (p) { if (turns.indexOf(p.quarters) < 0) { turns.push(p.quarters); } });
    var turn = 0, chosen = null, zoom = 1;  // zoom: 0 the whole area, 1 at first, 2 close up

    // The drawing spans the area and every square a placement can cover.
    var all = Object.keys(area);
    places.forEach(function (p) { all = all.concat(p.cells); });
    var rs = all.map(function (k) { return +k.split(",")[0]; });
    var cs = all.map(function (k) { return +k.split(",")[1]; });
    var top = Math.min.apply(null, rs), bottom = Math.max.apply(null, rs);
    var left = Math.min.apply(null, cs), right = Math.max.apply(null, cs);

    var box = document.createElement("div");
    box.className = "piece";
    box.innerHTML = '<div class="piece-tools">' +
      '<button type="button" class="secondary rotate"></button>' +
      '<span class="zoom" role="group">' +
      '<button type="button" class="secondary" data-zoom="-1">−</button>' +
      '<button type="button" class="secondary" data-zoom="1">+</button></span></div>' +
      '<output class="piece-said" aria-live="polite"></output>' +
      '<div class="piece-area"><div class="board" role="group"><div class="board-grid"></div></div></div>' +
      '<button type="button" class="wide place-it" hidden></button>';
    box.querySelector(".rotate").textContent = say("Rotate the set ↻");
    box.querySelector(".zoom").setAttribute("aria-label", say("Zoom the area"));
    box.querySelector("[data-zoom='-1']").setAttribute("aria-label", say("Zoom out"));
    box.querySelector("[data-zoom='1']").setAttribute("aria-label", say("Zoom in"));
    box.querySelector(".piece-area .board").setAttribute("aria-label",
      say("{player}’s area with the set", { player: section.dataset.name }));
    section.insertBefore(box, forms[0]);
    forms.forEach(function (form) { form.hidden = true; });
    var grid = box.querySelector(".board-grid");
    var said = box.querySelector(".piece-said");
    var go = box.querySelector(".place-it");
    var rotate = box.querySelector(".rotate");

    var scroller = box.querySelector(".piece-area");
    var squareSize = function () {
      var columns = right - left + 1, gap = 2, edges = 14;  // the board's padding and border
      var fits = Math.floor((scroller.clientWidth - edges - gap * (columns - 1)) / columns);
      return [Math.min(fits, ROOMY), Math.max(TAP, Math.min(fits, ROOMY)), ZOOMED][zoom];
    };
    // An area wider or taller than its box scrolls inside it: keep the set (or the first
    // square it can cover) in sight, moving the box only, never the page.
    var inView = function (cell) {
      if (!cell) { return; }
      var at = cell.getBoundingClientRect(), frame = scroller.getBoundingClientRect();
      if (at.left < frame.left || at.right > frame.right) {
        scroller.scrollLeft += at.left - frame.left - (frame.width - at.width) / 2;
      }
      if (at.top < frame.top || at.bottom > frame.bottom) {
        scroller.scrollTop += at.top - frame.top - (frame.height - at.height) / 2;
      }
    };
    var here = function () { return places.filter(function (p) { return p.quarters === turns[turn]; }); };
    var faceOf = function (die) { return face(+die[0], die[1]); };
    var draw = function () {
      var fits = {};
      here().forEach(function (p) { p.cells.forEach(function (k) { fits[k] = true; }); });
      var piece = {};
      if (chosen) { chosen.cells.forEach(function (k, i) { piece[k] = chosen.dice[i]; }); }
      grid.innerHTML = "";
      box.style.setProperty("--piece-cell", squareSize() + "px");
      for (var r = top; r <= bottom; r++) {
        var line = document.createElement("div");
        line.className = "board-row";
        for (var c = left; c <= right; c++) {
          var key = r + "," + c, cell;
          if (area[key]) {
            cell = document.createElement("span");
            cell.className = "cell";
            cell.appendChild(faceOf(area[key]));
          } else {
            cell = document.createElement("button");
            cell.type = "button";
            cell.className = "cell tap" + (piece[key] ? " new" : fits[key] ? " fits" : " free");
            cell.appendChild(piece[key] ? faceOf(piece[key]) : document.createElement("span"));
            if (!piece[key]) { cell.firstChild.className = "gsquare"; }
            cell.setAttribute("aria-label", say(piece[key] ? "the set’s {die} at row {row}, column {column}"
              : fits[key] ? "the set can cover this square at row {row}, column {column}"
                : "free square at row {row}, column {column}",
            { die: piece[key], row: r - top + 1, column: c - left + 1 }));
            cell.addEventListener("click", tapped.bind(null, key));
          }
          cell.dataset.cell = key;
          line.appendChild(cell);
        }
        grid.appendChild(line);
      }
      inView(grid.querySelector(".cell.new") || grid.querySelector(".cell.fits"));
      rotate.disabled = turns.length < 2;
      box.dataset.turn = turns[turn];
      box.dataset.chosen = chosen ? chosen.cells.join(" ") : "";
      go.hidden = !chosen;
      if (chosen) {
        go.textContent = say("Place it here: {score}", { score: chosen.words });
        said.textContent = say(SCORES[chosen.quarters], { score: chosen.words });
      } else {
        var ways = FITS[turns[turn]];
        said.textContent = sayN(ways[0], ways[1], here().length);
      }
    };
    var tapped = function (key) {
      var over = here().filter(function (p) { return p.cells.indexOf(key) >= 0; });
      if (!over.length) {
        chosen = null;
        draw();
        said.textContent = say("Turned this way the set cannot cover that square: tap a marked one, or rotate it.");
        return;
      }
      var at = over.indexOf(chosen);
      chosen = over[(at + 1) % over.length];  // a second tap: the next placement over it
      draw();
      if (over.length > 1) {
        said.textContent += " " + say("Tap again for another of the {count} ways over that square.", { count: over.length });
      }
      placeInView();
    };
    // "Place it here" comes into sight once a placement is chosen (just into sight: the
    // area above it stays as far up as it can).
    var placeInView = function () {
      if (chosen) { go.scrollIntoView({ block: "nearest" }); }
    };
    rotate.addEventListener("click", function () {
      var kept = chosen ? chosen.cells[0] : null;
      turn = (turn + 1) % turns.length;
      chosen = null;
      if (kept) {
        chosen = here().filter(function (p) { return p.cells.indexOf(kept) >= 0; })[0] || null;
      }
      if (here().length === 1) { chosen = here()[0]; }  // one way to lie: shown at once
      draw();
      placeInView();
    });
    box.querySelectorAll("[data-zoom]").forEach(function (b) {
      b.addEventListener("click", function () {
        zoom = Math.max(0, Math.min(2, zoom + +b.dataset.zoom));
        draw();
      });
    });
    go.addEventListener("click", function () {
      if (chosen) { chosen.form.requestSubmit(chosen.form.querySelector("button.place-here")); }
    });
    if (here().length === 1) { chosen = here()[0]; }
    draw();
  }

  // --- A take: the referee's judgement of the ticked dice, asked at each tick ------------
  function takeASet(pick, result) {
    var said = pick.querySelector(".set-said");
    pick.querySelector(".show-places").hidden = true;
    var order = [];  // the cells in the order ticked
    pick.querySelectorAll("input[name=cell]:checked").forEach(function (box) { order.push(box.value); });
    var asked = 0;

    var outline = function (state) {
      pick.classList.remove("is-set", "no-set");
      if (state) { pick.classList.add(state); }
    };

    // The set's placements come under the board: the next tap (Place it, or a square the set
    // may cover) is brought just into sight, no further, so the board stays above it.
    var turning = function () {
      var section = result.querySelector(".placements");
      if (!section) { return; }
      movablePiece(section);
      var next = section.querySelector(".piece .place-it:not([hidden]), .piece .cell.fits");
      if (next) { next.scrollIntoView({ block: "nearest" }); }
    };

    var ask = function () {
      var mine = ++asked;
      if (!order.length) {
        outline(null);
        said.textContent = "";
        result.innerHTML = "";
        return;
      }
      said.textContent = say("Asking the referee…");
      var url = pick.action + "?" + order.map(function (c) { return "cell=" + encodeURIComponent(c); }).join("&");
      fetch(url, { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (text) {
        if (mine !== asked) { return; }
        var page = new DOMParser().parseFromString(text, "text/html");
        var fresh = page.querySelector(".take-result");
        var fault = fresh && fresh.querySelector(".set-fault");
        result.innerHTML = fresh ? fresh.innerHTML : "";
        if (fault && fault.classList.contains("unfinished")) {
          // Too few dice yet, or not joined yet: more taps may make a set, so a hint, not an error.
          outline(null);
          said.className = "set-said";
          said.textContent = fault.textContent;
          result.innerHTML = "";
        } else if (fault) {
          outline("no-set");
          said.className = "set-said bad";
          said.textContent = fault.textContent;
          result.innerHTML = "";
        } else {
          outline("is-set");
          said.className = "set-said";
          said.textContent = say("A set of {count} dice.", { count: order.length });
          turning();
        }
      }).catch(function () {
        said.textContent = say("The referee could not be asked: tap Show where the set fits.");
        pick.querySelector(".show-places").hidden = false;
      });
    };

    pick.addEventListener("change", function (e) {
      var box = e.target;
      if (box.name !== "cell") { return; }
      order = order.filter(function (c) { return c !== box.value; });
      if (box.checked) { order.push(box.value); }
      ask();
    });
    if (order.length) { turning(); }
  }

  var pick = document.querySelector("form.take-pick");
  var result = document.querySelector(".take-result");
  if (pick && result) { takeASet(pick, result); }
})();
