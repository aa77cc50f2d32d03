// Six D Six's live parts.  Every form posts without this file (the set is ticked and shown
// with a plain GET of the page, the slid board typed as text); with it:
// - the square: the count of each colour typed, six each required;
// - a take: each tick asks the referee at once (the same GET of the page) and shows its
//   judgement: the set outlined, or why it is not one; the rotate button turns the set
//   through the placements the referee lists, and a tap on one places it;
// - the slide: tap a die, then an arrow: it slides one step with the dice behind it in its
//   row or column (the phone computes the board); Done posts the board as it stands.
(function () {
  "use strict";

  // --- The square: colours counted as they are typed ------------------------------------
  var colours = document.querySelector(".board-entry textarea[name=colours]");
  if (colours) {
    var counts = document.querySelector(".colour-counts");
    var names = { r: "red", y: "yellow", g: "green", b: "blue", o: "orange", p: "purple" };
    var count = function () {
      var text = colours.value.toLowerCase();
      counts.textContent = Object.keys(names).map(function (letter) {
        var n = text.split(letter).length - 1;
        return names[letter] + " " + n + (n === 6 ? " ✓" : "");
      }).join(" · ");
    };
    colours.addEventListener("input", count);
    count();
  }

  // --- A take: the referee's judgement of the ticked dice, asked at each tick ------------
  var pick = document.querySelector("form.take-pick");
  var result = document.querySelector(".take-result");
  if (pick && result) {
    var said = pick.querySelector(".set-said");
    pick.querySelector(".show-places").hidden = true;
    var order = [];  // the cells in the order ticked
    pick.querySelectorAll("input[name=cell]:checked").forEach(function (box) { order.push(box.value); });
    var asked = 0;

    var outline = function (state) {
      pick.classList.remove("is-set", "no-set");
      if (state) { pick.classList.add(state); }
    };

    var turning = function () {
      var cards = result.querySelectorAll("form.placement");
      var piece = result.querySelector(".turn-piece");
      if (!cards.length || !piece) { return; }
      var turns = [];
      cards.forEach(function (card) {
        if (turns.indexOf(card.dataset.quarters) < 0) { turns.push(card.dataset.quarters); }
      });
      var at = 0;
      var words = ["unturned", "turned a quarter clockwise", "turned half round",
        "turned a quarter anticlockwise"];
      var show = function () {
        var n = 0;
        cards.forEach(function (card) {
          card.hidden = card.dataset.quarters !== turns[at];
          if (!card.hidden) { n += 1; }
        });
        piece.querySelector("output").textContent = "The set " + words[+turns[at]] + ": " + n +
          (n === 1 ? " place" : " places") + " it fits. Tap the one where it goes.";
      };
      piece.hidden = false;
      piece.querySelector(".rotate").disabled = turns.length < 2;
      piece.querySelector(".rotate").addEventListener("click", function () {
        at = (at + 1) % turns.length;
        show();
      });
      show();
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
        if (fault) {
          outline("no-set");
          said.className = "set-said bad";
          said.textContent = "Not a set: " + fault.textContent;
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
  var slide = document.querySelector("form.slide-entry");
  if (slide) {
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
    live.innerHTML = '<div class="board"><div class="board-grid"></div></div>' +
      '<div class="arrows" role="group" aria-label="Slide the picked die">' +
      '<button type="button" class="secondary" data-d="0,-1" aria-label="Slide left">←</button>' +
      '<button type="button" class="secondary" data-d="-1,0" aria-label="Slide up">↑</button>' +
      '<button type="button" class="secondary" data-d="1,0" aria-label="Slide down">↓</button>' +
      '<button type="button" class="secondary" data-d="0,1" aria-label="Slide right">→</button>' +
      '</div><output class="slide-said" aria-live="polite"></output>';
    slide.insertBefore(live, slide.firstChild.nextSibling);
    slide.querySelector(".slide-text").hidden = true;
    var before = slide.previousElementSibling;
    if (before && before.classList.contains("board")) { before.hidden = true; }
    var grid = live.querySelector(".board-grid");
    var out = live.querySelector(".slide-said");

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
            var f = document.createElement("span");
            f.className = "gface v" + d.v + " c-" + d.c;
            for (var i = 0; i < d.v; i++) { f.appendChild(document.createElement("i")); }
            cell.appendChild(f);
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
    live.querySelectorAll(".arrows button").forEach(function (b) {
      b.addEventListener("click", function () {
        var d = b.dataset.d.split(",").map(Number);
        move(d[0], d[1]);
      });
    });
    draw();
  }
})();
