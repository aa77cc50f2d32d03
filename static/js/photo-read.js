// An entry filled from a photo (templates/_grid.html).  A board (board_entry with
// data-turn): the dice the reader was unsure of are marked until changed, the board turns by
// quarter turns with every other grid of the form (data-turns: a square's colours), and a
// die of a full grid is changed with a tap on it, then on the right face.  A pool
// (colour_entry with data-unsure): its unsure dice are marked while their colour is as read.
// Each die is marked data-photo-field with its place as read (a board's cell number, turned
// with the board; a pool's "r1"), for the photo's outlines (static/js/photo-seen.js).
// Without this file the form posts what was read, the unsure dice named in the sentence.
(function () {
  "use strict";
  var face = window.refereeGrid.face, say = window.refereeWords.say;

  // ``chars`` (``height`` rows of ``width``) turned clockwise ``quarters`` times.
  function turned(chars, height, width, quarters) {
    for (var q = 0; q < quarters; q++) {
      var out = "";
      for (var r = 0; r < width; r++) {
        for (var c = 0; c < height; c++) { out += chars[(height - 1 - c) * width + r]; }
      }
      chars = out;
      var swap = height; height = width; width = swap;
    }
    return chars;
  }

  function photoBoard(form) {
    if (!form.typed) { return; }  // the board did not read as digits: the textarea it is
    var unsure = form.dataset.unsure.split(/\s+/).filter(Boolean).map(Number);
    var grid = form.querySelector(".entry-grid .board-grid");
    var fix = form.querySelector(".entry-fix");
    var picked = -1;
    var read = form.typed().text.split("").map(function (_, i) { return i; });  // cell: place read

    // The marks, again each time a grid of the form is drawn (the board typed, and any grid
    // a game's script draws of it in the same shape, such as its colours).
    function mark() {
      form.dataset.unsure = unsure.join(" ");
      var text = form.typed().text;
      form.querySelectorAll(".board-grid").forEach(function (box) {
        box.querySelectorAll(".cell").forEach(function (cell, i) {
          cell.classList.toggle("unsure", unsure.indexOf(i) >= 0);
          cell.classList.toggle("picked", box === grid && i === picked);
          if (box === grid && read[i] !== undefined) {
            cell.dataset.photoField = read[i];
            cell.dataset.photoValue = text[i] || "";
          }
        });
      });
    }
    form.querySelectorAll(".board-grid").forEach(function (box) {
      new MutationObserver(mark).observe(box, { childList: true });
    });

    if (fix) {
      var said = fix.querySelector("output"), faces = fix.querySelector(".face-row");
      for (var v = 1; v <= 6; v++) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "face-tap";
        b.dataset.value = v;
        b.appendChild(face(v, form.dataset.plain, String(v)));
        faces.appendChild(b);
      }
      grid.addEventListener("click", function (e) {
        var cell = e.target.closest("button.cell"), board = form.typed();
        if (!cell || +cell.dataset.index >= board.text.length) { return; }
        picked = +cell.dataset.index;
        said.textContent = say("The {value} at row {row}, column {column} is:", { value: board.text[picked],
          row: Math.floor(picked / board.cols) + 1, column: picked % board.cols + 1 });
        fix.hidden = false;
        mark();
      });
      fix.addEventListener("click", function (e) {
        var b = e.target.closest("button"), board = form.typed();
        if (!b || picked < 0) { return; }
        unsure = unsure.filter(function (at) { return at !== picked; });
        var text = board.text;
        if (b.dataset.value) { text = text.slice(0, picked) + b.dataset.value + text.slice(picked + 1); }
        picked = -1;
        fix.hidden = true;
        form.typed(text, board.cols);
        form.querySelector("textarea").dispatchEvent(new Event("input", { bubbles: true }));
      });
    }

    form.querySelectorAll(".entry-turn button").forEach(function (button) {
      button.addEventListener("click", function () {
        var quarters = +button.dataset.quarters, board = form.typed();
        var cols = board.cols, height = Math.ceil(board.text.length / cols);
        var text = board.text + "0".repeat(height * cols - board.text.length);
        // A cell's number turned with the board: the cells numbered, turned, found again.
        var numbers = text.split("").map(function (_, i) { return String.fromCharCode(256 + i); });
        var moved = turned(numbers.join(""), height, cols, quarters);
        unsure = unsure.map(function (at) { return moved.indexOf(String.fromCharCode(256 + at)); });
        read = moved.split("").map(function (c) { return read[c.charCodeAt(0) - 256]; });
        form.querySelectorAll("textarea[data-turns]").forEach(function (other) {
          var rows = other.value.split(/[\/\r\n]+/).map(function (row) {
            return row.replace(/\s+/g, "");
          }).filter(Boolean);
          if (!rows.length) { return; }
          var width = Math.max.apply(null, rows.map(function (row) { return row.length; }));
          var chars = turned(rows.map(function (row) {
            return row + ".".repeat(width - row.length);
          }).join(""), rows.length, width, quarters);
          other.value = chars.match(new RegExp(".{" + (quarters % 2 ? rows.length : width) + "}", "g")).join("\n");
        });
        picked = -1;
        if (fix) { fix.hidden = true; }
        form.typed(turned(text, height, cols, quarters), quarters % 2 ? height : cols);
        form.querySelector("textarea").dispatchEvent(new Event("input", { bubbles: true }));
      });
    });
    mark();
  }

  // A pool's unsure dice ("r1": the second red), marked while their colour's field is as read.
  function photoPool(box) {
    var fields = Array.prototype.slice.call(box.querySelectorAll("input[data-colour]"));
    var pool = box.querySelector(".pad-pool");
    if (!pool) { return; }
    var marks = box.dataset.unsure.split(/\s+/).filter(Boolean);
    var read = fields.map(function (f) { return f.value; });
    function mark() {
      var lines = pool.querySelectorAll("li"), n = 0;
      fields.forEach(function (f, at) {
        if (!f.value) { return; }
        lines[n++].querySelectorAll("button").forEach(function (die, i) {
          var unsure = f.value === read[at] && marks.indexOf(f.dataset.colour + i) >= 0;
          die.classList.toggle("unsure", unsure);
          die.dataset.photoField = f.dataset.colour + i;
          die.dataset.photoFocus = "";  // a tap on the photo shows it: a tap here takes it out
          die.dataset.photoValue = f.value[i] || "";
        });
      });
    }
    new MutationObserver(mark).observe(pool, { childList: true });
    mark();
  }

  document.querySelectorAll("form.board-entry[data-turn]").forEach(photoBoard);
  document.querySelectorAll(".colour-entry[data-unsure]").forEach(photoPool);
})();
