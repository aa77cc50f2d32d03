// Six D Six's live parts.  Every form posts without this file (the colours typed as letters,
// the set ticked and shown with a plain GET of the page, one form per placement, the slid
// board typed as text); with it:
// - the square: pick a colour, tap its six dice; the count of each colour shown;
// - a take: each tick asks the referee (the same GET of the page) and shows its judgement:
//   the set outlined, or why it is not one; then the set becomes a piece over the mover's
//   area: rotate it, tap where it goes, see what it scores, place it;
// - the slide: tap a die, then an arrow: it slides one step with the dice behind it in its
//   row or column (the phone computes the board); Done posts the board as it stands.
(function () {
  "use strict";
  var face = window.refereeGrid.face;  // a die face with pips (static/js/grid.js)

  // --- The square: colours painted by taps ----------------------------------------------
  // Pick a colour, tap its six dice on a grid of the values typed; the colours field posted
  // is kept in step ("." for a die not painted yet), and each colour's count is shown.
  function colourPaint(colours) {
    var entry = colours.form;
    var numbers = entry.querySelector("textarea[name=board]");
    var counts = entry.querySelector(".colour-counts");
    var names = { r: "red", y: "yellow", g: "green", b: "blue", o: "orange", p: "purple" };
    var letters = Object.keys(names);
    var cells = 36, per = 6, width = 6;
    var painted = [];
    var read = function () {
      var typed = colours.value.replace(/[^a-z0-9.]/gi, "").toLowerCase();
      for (var i = 0; i < cells; i++) { painted[i] = names[typed[i]] ? typed[i] : ""; }
    };
    var brush = "r";

    var paint = document.createElement("div");
    paint.className = "colour-paint";
    paint.innerHTML = '<p class="paint-hint">Then the colours: pick a colour, tap its six dice.</p>' +
      '<div class="paint-colours" role="radiogroup" aria-label="Colour to paint"></div>' +
      '<div class="board paint-grid" role="group" aria-label="The square’s colours"><div class="board-grid"></div></div>';
    var swatches = paint.querySelector(".paint-colours");
    var grid = paint.querySelector(".board-grid");
    letters.forEach(function (letter) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "paint-colour";
      b.dataset.colour = letter;
      b.setAttribute("role", "radio");
      b.innerHTML = '<span class="pad-chip c-' + letter + '"></span><span class="paint-count"></span>';
      b.addEventListener("click", function () { brush = letter; draw(); });
      swatches.appendChild(b);
    });
    var label = colours.closest("label");
    label.hidden = true;
    entry.insertBefore(paint, label);

    var values = function () {
      return (numbers.value.match(/[1-6]/g) || []).slice(0, cells);
    };
    var count = function (letter) {
      return painted.filter(function (l) { return l === letter; }).length;
    };
    var write = function () {
      var rows = [];
      for (var r = 0; r < cells / width; r++) {
        rows.push(painted.slice(r * width, (r + 1) * width).map(function (l) { return l || "."; }).join(""));
      }
      colours.value = rows.join("\n");
    };
    var draw = function () {
      read();
      var typedValues = values();
      grid.innerHTML = "";
      for (var r = 0; r < cells / width; r++) {
        var line = document.createElement("div");
        line.className = "board-row";
        for (var c = 0; c < width; c++) {
          (function (at) {
            var cell = document.createElement("button");
            cell.type = "button";
            cell.className = "cell tap";
            var v = +(typedValues[at] || 0), l = painted[at];
            var f = v ? face(v, l) : document.createElement("span");
            if (!v) { f.className = "gsquare" + (l ? " c-" + l : ""); }
            if (!l) { f.classList.add("unpainted"); }
            cell.appendChild(f);
            cell.setAttribute("aria-label", (l ? names[l] + " " : "") + (v || "die") +
              " at row " + (Math.floor(at / width) + 1) + ", column " + (at % width + 1));
            cell.addEventListener("click", function () { dab(at); });
            line.appendChild(cell);
          })(r * width + c);
        }
        grid.appendChild(line);
      }
      swatches.querySelectorAll(".paint-colour").forEach(function (b) {
        var n = count(b.dataset.colour);
        b.setAttribute("aria-checked", b.dataset.colour === brush ? "true" : "false");
        b.querySelector(".paint-count").textContent = names[b.dataset.colour] + " " + n + "/" + per;
        b.classList.toggle("full", n === per);
      });
      var left = painted.filter(function (l) { return !l; }).length;
      counts.textContent = left
        ? left + (left === 1 ? " die" : " dice") + " still to colour."
        : "Every die has its colour.";
    };
    var said = function (words) { counts.textContent = words; };
    var dab = function (at) {
      if (painted[at] === brush) {
        painted[at] = "";
      } else if (count(brush) >= per) {
        write();
        draw();
        said("Six " + names[brush] + " dice already: tap one of them to take its colour off.");
        return;
      } else {
        painted[at] = brush;
        if (count(brush) === per) {  // on to the next colour still short of six
          var next = letters.filter(function (l) { return count(l) < per; })[0];
          if (next) { brush = next; }
        }
      }
      write();
      draw();
    };
    // The values come from the number pad (templates/_grid.html): redraw as they change.
    entry.addEventListener("input", function () { setTimeout(draw, 0); });
    entry.addEventListener("click", function (e) {
      if (!paint.contains(e.target)) { setTimeout(draw, 0); }
    });
    draw();
    write();
  }

  // --- The set as a piece to move over the mover's area ------------------------------------
  // The referee lists every placement (one form each, which also posts without this file);
  // here they become one drawing of the area: the rotate button turns the set through the
  // ways it fits, the squares it can cover are marked, a tap on one puts the set there (tap
  // again for the next placement over that square) and shows what it scores; "Place it"
  // posts that placement's form.
  var QUARTER_WORDS = ["unturned", "turned a quarter clockwise", "turned half round",
    "turned a quarter anticlockwise"];
  // The area's squares: at first as large as fit the width, 40 px (a finger's tap) to 52 px,
  // an area wider than that scrolling in its box; zoomed out, the whole area fits the
  // width (smaller squares, asked for); zoomed in, 60 px.
  var TAP = 40, ROOMY = 52, ZOOMED = 60;

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
      '<button type="button" class="secondary rotate">Rotate the set ↻</button>' +
      '<span class="zoom" role="group" aria-label="Zoom the area">' +
      '<button type="button" class="secondary" data-zoom="-1" aria-label="Zoom out">−</button>' +
      '<button type="button" class="secondary" data-zoom="1" aria-label="Zoom in">+</button></span></div>' +
      '<output class="piece-said" aria-live="polite"></output>' +
      '<div class="piece-area"><div class="board" role="group" aria-label="' + section.dataset.name +
      '’s area with the set"><div class="board-grid"></div></div></div>' +
      '<button type="button" class="wide place-it" hidden></button>';
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
            cell.setAttribute("aria-label", (piece[key] ? "the set’s " + piece[key] : fits[key] ? "the set can cover this square" : "free square") +
              " at row " + (r - top + 1) + ", column " + (c - left + 1));
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
        go.textContent = "Place it here: " + chosen.words;
        said.textContent = "The set " + QUARTER_WORDS[chosen.quarters] + " scores " + chosen.words + ".";
      } else {
        var n = here().length;
        said.textContent = "The set " + QUARTER_WORDS[turns[turn]] + " fits " + n +
          (n === 1 ? " way" : " ways") + ": tap a marked square to put it there.";
      }
    };
    var tapped = function (key) {
      var over = here().filter(function (p) { return p.cells.indexOf(key) >= 0; });
      if (!over.length) {
        chosen = null;
        draw();
        said.textContent = "Turned this way the set cannot cover that square: tap a marked one, or rotate it.";
        return;
      }
      var at = over.indexOf(chosen);
      chosen = over[(at + 1) % over.length];  // a second tap: the next placement over it
      draw();
      if (over.length > 1) { said.textContent += " Tap again for another of the " + over.length + " ways over that square."; }
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
      said.textContent = "Asking the referee…";
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
          said.textContent = "A set of " + order.length + " dice.";
          turning();
        }
      }).catch(function () {
        said.textContent = "The referee could not be asked: tap Show where the set fits.";
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

  // --- The slide: arrows move a die and the dice behind it one step ----------------------
  function slideShut(slide) {
    var numbers = slide.querySelector("textarea[name=board]");
    var letters = slide.querySelector("textarea[name=colours]");
    var split = function (text) {
      return text.split(/[\/\r\n]+/).map(function (row) { return row.replace(/\s+/g, ""); }).filter(Boolean);
    };
    var nrows = split(numbers.value), lrows = split(letters.value);
    var size = 6, board = [];
    for (var r = 0; r < size; r++) {
      board.push([]);
      for (var c = 0; c < size; c++) {
        var v = +((nrows[r] || "")[c] || 0), l = (lrows[r] || "")[c] || "0";
        board[r].push(v ? { v: v, c: l } : null);
      }
    }
    var picked = null;
    var live = document.createElement("div");
    live.className = "slide-live";
    live.innerHTML = '<div class="board"><div class="board-grid"></div></div>';
    // The arrows and what they did ride in the sticky bar with Done, so no scroll position
    // (a refusal above the board pushes it down) leaves them under the bar.
    var controls = document.createElement("div");
    controls.className = "slide-controls";
    controls.innerHTML = '<div class="arrows" role="group" aria-label="Slide the picked die">' +
      '<button type="button" class="secondary" data-d="0,-1" aria-label="Slide left">←</button>' +
      '<button type="button" class="secondary" data-d="-1,0" aria-label="Slide up">↑</button>' +
      '<button type="button" class="secondary" data-d="1,0" aria-label="Slide down">↓</button>' +
      '<button type="button" class="secondary" data-d="0,1" aria-label="Slide right">→</button>' +
      '</div><output class="slide-said" aria-live="polite"></output>';
    slide.insertBefore(live, slide.firstChild.nextSibling);
    var bar = slide.querySelector(".slide-done");
    bar.insertBefore(controls, bar.firstChild);
    slide.querySelector(".slide-text").hidden = true;
    var before = slide.previousElementSibling;
    if (before && before.classList.contains("board")) { before.hidden = true; }
    var grid = live.querySelector(".board-grid");
    var out = controls.querySelector(".slide-said");

    var write = function () {
      numbers.value = board.map(function (row) {
        return row.map(function (d) { return d ? d.v : 0; }).join("");
      }).join("\n");
      letters.value = board.map(function (row) {
        return row.map(function (d) { return d ? d.c : 0; }).join("");
      }).join("\n");
    };
    // A gap: an empty square with a die on both sides in its row or its column.
    var isGap = function (r, c) {
      if (board[r][c]) { return false; }
      var row = board[r].map(Boolean), col = board.map(function (x) { return !!x[c]; });
      return (row.slice(0, c).some(Boolean) && row.slice(c + 1).some(Boolean)) ||
        (col.slice(0, r).some(Boolean) && col.slice(r + 1).some(Boolean));
    };
    var draw = function () {
      grid.innerHTML = "";
      var gaps = 0;
      board.forEach(function (row, r) {
        var line = document.createElement("div");
        line.className = "board-row";
        row.forEach(function (d, c) {
          var cell;
          if (d) {
            cell = document.createElement("button");
            cell.type = "button";
            cell.className = "cell tap" + (picked && picked[0] === r && picked[1] === c ? " picked" : "");
            cell.appendChild(face(d.v, d.c));
            cell.setAttribute("aria-label", d.v + " at row " + (r + 1) + ", column " + (c + 1));
            cell.addEventListener("click", function () { picked = [r, c]; draw(); });
          } else {
            cell = document.createElement("span");
            var gap = isGap(r, c);
            gaps += gap ? 1 : 0;
            cell.className = "cell" + (gap ? " slide-gap" : " off");
            cell.innerHTML = '<span class="gsquare"></span>';
          }
          line.appendChild(cell);
        });
        grid.appendChild(line);
      });
      out.textContent = gaps
        ? (picked ? "Tap an arrow to slide the picked die." : "Tap a die, then an arrow to slide it.") +
          " " + gaps + (gaps === 1 ? " gap" : " gaps") + " left."
        : "No gaps left: tap Done.";
    };
    var move = function (dr, dc) {
      if (!picked) { return; }
      var r = picked[0], c = picked[1];
      // The die and the dice behind it, up to the first empty square, move one step on.
      var run = [];
      var rr = r, cc = c;
      while (rr >= 0 && rr < size && cc >= 0 && cc < size && board[rr][cc]) {
        run.push([rr, cc]);
        rr -= dr; cc -= dc;
      }
      var tr = r + dr, tc = c + dc;
      if (tr < 0 || tr >= size || tc < 0 || tc >= size || board[tr][tc]) {
        out.textContent = "That way is blocked: the die needs an empty square next to it.";
        return;
      }
      run.forEach(function (at) {
        board[at[0] + dr][at[1] + dc] = board[at[0]][at[1]];
        board[at[0]][at[1]] = null;
      });
      picked = [tr, tc];
      write();
      draw();
    };
    controls.querySelectorAll(".arrows button").forEach(function (b) {
      b.addEventListener("click", function () {
        var d = b.dataset.d.split(",").map(Number);
        move(d[0], d[1]);
      });
    });
    draw();
  }

  var colours = document.querySelector(".board-entry textarea[name=colours]");
  if (colours) { colourPaint(colours); }
  var pick = document.querySelector("form.take-pick");
  var result = document.querySelector(".take-result");
  if (pick && result) { takeASet(pick, result); }
  var slide = document.querySelector("form.slide-entry");
  if (slide) { slideShut(slide); }
})();
