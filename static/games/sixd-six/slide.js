// Six D Six's slide, live: templates/sixd-six/play.html links it while the board is slid
// shut.  Without it the slid board is typed as text; with it: tap a die, then an arrow: it
// slides one step with the dice behind it in its row or column (the phone computes the
// board); Done posts the board as it stands.
(function () {
  "use strict";
  var face = window.refereeGrid.face;  // a die face with pips (static/js/grid.js)
  var say = window.refereeWords.say, sayN = window.refereeWords.sayN;

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
    controls.innerHTML = '<div class="arrows" role="group">' +
      '<button type="button" class="secondary" data-d="0,-1">←</button>' +
      '<button type="button" class="secondary" data-d="-1,0">↑</button>' +
      '<button type="button" class="secondary" data-d="1,0">↓</button>' +
      '<button type="button" class="secondary" data-d="0,1">→</button>' +
      '</div><output class="slide-said" aria-live="polite"></output>';
    controls.querySelector(".arrows").setAttribute("aria-label", say("Slide the picked die"));
    var arrows = controls.querySelectorAll(".arrows button");
    [say("Slide left"), say("Slide up"), say("Slide down"), say("Slide right")].forEach(function (words, i) {
      arrows[i].setAttribute("aria-label", words);
    });
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
            cell.setAttribute("aria-label", say("{value} at row {row}, column {column}", { value: d.v, row: r + 1, column: c + 1 }));
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
      out.textContent = !gaps ? say("No gaps left: tap Done.")
        : picked ? sayN("Tap an arrow to slide the picked die. {count} gap left.",
          "Tap an arrow to slide the picked die. {count} gaps left.", gaps)
          : sayN("Tap a die, then an arrow to slide it. {count} gap left.",
            "Tap a die, then an arrow to slide it. {count} gaps left.", gaps);
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
        out.textContent = say("That way is blocked: the die needs an empty square next to it.");
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

  var slide = document.querySelector("form.slide-entry");
  if (slide) { slideShut(slide); }
})();
