// Games on a grid of dice: the live parts of templates/_grid.html.  Every form also works
// without this file: a textarea of rows, a submit button per cell, a field per colour.
(function () {
  "use strict";
  var say = window.refereeWords.say, sayN = window.refereeWords.sayN;

  function make(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  // A die face with pips, as the face macro draws it.
  function face(value, colour, label) {
    var span = make("span", "gface v" + value + (colour ? " c-" + colour : ""));
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", label || String(value));
    for (var i = 0; i < value; i++) { span.appendChild(make("i")); }
    return span;
  }

  // A cell's place (counted from 1) said in ``message``, with ``values``.
  function where(row, col, message, values) {
    return say(message, Object.assign({ row: row + 1, column: col + 1 }, values));
  }

  // Buttons that only edit the page keep the phone's keyboard open.
  function keepFocus(button) {
    button.addEventListener("mousedown", function (e) { e.preventDefault(); });
  }

  // --- Typing a board in -------------------------------------------------------------------
  // The board is one string, a character per cell row by row: 1-6 a die, 0 an empty cell.
  // The digits typed are that string; tapping a cell puts an empty cell there (the dice after
  // it move on), tapping an empty cell takes it out, tapping ahead leaves the cells up to it
  // empty.  The grid shows the rows typed and the row being typed; the textarea posted
  // holds the board's rows, its empty edges trimmed.
  function boardEntry(form) {
    var field = form.querySelector("textarea");
    var live = form.querySelector(".entry-live");
    var digits = live.querySelector(".entry-digits input");
    var grid = live.querySelector(".board-grid");
    var shownCols = live.querySelector(".entry-cols output");
    var fixed = !shownCols;  // a full grid of fixed width: no columns to change, no gaps
    var status = live.querySelector(".entry-status");
    var submit = form.querySelector("button[type=submit]");
    var need = +form.dataset.dice;
    var plain = form.dataset.plain || "";
    var touching = form.dataset.touching === "1";
    var cols = +form.dataset.columns || 6;
    var text = "";

    // A board that comes back refused is in the textarea: start from it, if it reads.
    var rows = field.value.split(/[\/\r\n]+/).map(function (row) {
      return row.replace(/\s+/g, "").replace(/[.\-_]/g, "0");
    }).filter(Boolean);
    if (rows.some(function (row) { return !/^[0-6]+$/.test(row); })) { return; }
    if (rows.length && fixed) {
      text = rows.join("");  // a grid of fixed width: the digits flow into its rows again
    } else if (rows.length) {
      cols = Math.max.apply(null, rows.map(function (row) { return row.length; }));
      text = rows.map(function (row) { return row + "0".repeat(cols - row.length); }).join("");
    }
    form.classList.add("live");
    live.hidden = false;

    function dice() { return text.replace(/0/g, "").length; }
    function isDie(row, col) {
      var i = row * cols + col;
      return col >= 0 && col < cols && row >= 0 && i < text.length && text[i] !== "0";
    }
    // A cell is settled once typed; every cell is, once all the dice are in.
    function settled(row, col, complete) {
      return complete || col < 0 || col >= cols || row < 0 || row * cols + col < text.length;
    }
    // Dice that touch no other and never will: ringed, and named in the status line.
    function loneDice() {
      var complete = dice() >= need, lone = [];
      for (var i = 0; i < text.length; i++) {
        if (text[i] === "0") { continue; }
        var row = Math.floor(i / cols), col = i % cols;
        var near = [[row - 1, col], [row, col - 1], [row, col + 1], [row + 1, col]];
        var touches = near.some(function (n) { return isDie(n[0], n[1]); });
        var open = near.some(function (n) { return !settled(n[0], n[1], complete); });
        if (!touches && !open) { lone.push(i); }
      }
      return lone;
    }
    // The rows to post: the string cut into rows, the rows and columns without a die trimmed.
    function board() {
      var out = [];
      for (var i = 0; i < text.length; i += cols) {
        out.push((text.slice(i, i + cols) + "0".repeat(cols)).slice(0, cols));
      }
      var used = out.filter(function (row) { return /[1-6]/.test(row); });
      if (!used.length) { return ""; }
      out = out.slice(out.indexOf(used[0]), out.lastIndexOf(used[used.length - 1]) + 1);
      var first = Math.min.apply(null, used.map(function (row) { return row.search(/[1-6]/); }));
      var last = Math.max.apply(null, used.map(function (row) { return row.search(/[1-6]0*$/); }));
      return out.map(function (row) { return row.slice(first, last + 1); }).join("\n");
    }
    function tap(i) {
      if (i >= text.length) {
        text += "0".repeat(i - text.length + 1);
      } else if (text[i] === "0") {
        text = text.slice(0, i) + text.slice(i + 1);
      } else {
        text = text.slice(0, i) + "0" + text.slice(i);
      }
      update();
    }
    // The digits as typed, a space after each row so a row can be checked against the table.
    function show(caret) {
      var shown = text.replace(new RegExp("(.{" + cols + "})(?=.)", "g"), "$1 ");
      if (digits.value === shown) { return; }
      digits.value = shown;
      if (caret !== undefined && document.activeElement === digits) {
        var at = caret + Math.floor(Math.max(caret - 1, 0) / cols);
        digits.setSelectionRange(at, at);
      }
    }
    function update(caret) {
      show(caret);
      var count = dice(), complete = count >= need, lone = loneDice();
      var cells = Math.max(cols, Math.ceil(text.length / cols) * cols);
      if (!complete && text.length === cells) { cells += cols; }
      grid.textContent = "";
      var row;
      for (var i = 0; i < cells; i++) {
        if (i % cols === 0) { row = grid.appendChild(make("div", "board-row")); }
        var r = Math.floor(i / cols), c = i % cols;
        var button = make("button", "cell");
        button.type = "button";
        button.dataset.index = i;
        if (i < text.length && text[i] !== "0") {
          var value = +text[i];
          var at = { value: value };
          button.appendChild(face(value, plain, where(r, c, "{value} at row {row}, column {column}", at)));
          button.setAttribute("aria-label", fixed ? where(r, c, "{value} at row {row}, column {column}", at)
            : where(r, c, "{value} at row {row}, column {column}: tap to leave the cell empty", at));
          if (lone.indexOf(i) >= 0) { button.classList.add("lone"); }
        } else {
          button.classList.add(i < text.length ? "empty" : "todo");
          button.setAttribute("aria-label", where(r, c, i < text.length ? "row {row}, column {column}: empty"
            : "row {row}, column {column}: not typed yet"));
        }
        if (i === text.length && !complete) { button.classList.add("cursor"); }
        keepFocus(button);
        row.appendChild(button);
      }
      if (shownCols) { shownCols.textContent = cols; }
      field.value = board();
      var words, ok = false;
      if (lone.length && touching) {
        var alone = lone[0];
        words = where(Math.floor(alone / cols), alone % cols,
          "The {value} at row {row}, column {column} stands alone: every die must touch another side to side.",
          { value: text[alone] });
      } else if (count > need) {
        words = say("{count} dice: {extra} too many, the board holds {need}.",
          { count: count, extra: count - need, need: need });
      } else if (count < need) {
        words = count ? say("{count} of {need} dice.", { count: count, need: need })
          : say("0 of {need} dice: type the first row.", { need: need });
      } else {
        ok = true;
        words = say(touching ? "{need} dice, each touching another: ready." : "{need} dice: ready.", { need: need });
      }
      status.textContent = words;
      status.classList.toggle("bad", (lone.length > 0 && touching) || count > need);
      status.classList.toggle("ok", ok);
      submit.disabled = !ok;
    }
    form.typed = function (t, c) {  // for js/photo-read.js
      if (t) { text = t; cols = c; update(); }
      return { text: text, cols: cols };
    };

    digits.addEventListener("input", function (e) {
      var before = digits.value.slice(0, digits.selectionStart).replace(/[^0-6]/g, "").length;
      var typed = digits.value.replace(/[^0-9]/g, "");
      if (e.inputType === "deleteContentBackward" && typed === text && before > 0) {
        // Backspace took only the space between two rows: take the die before it too.
        typed = text.slice(0, before - 1) + text.slice(before);
        before -= 1;
      }
      text = typed.replace(/[7-9]/g, "");
      update(before);
      if (text !== typed) { status.textContent = say("A die shows 1 to 6; 0 is an empty cell."); }
    });
    grid.addEventListener("click", function (e) {
      var button = e.target.closest("button.cell");
      if (button && !fixed) { tap(+button.dataset.index); }
    });
    live.querySelectorAll(".entry-cols button").forEach(function (button) {
      keepFocus(button);
      button.addEventListener("click", function () {
        cols = Math.min(Math.max(cols + +button.dataset.step, 1), Math.max(need, 1));
        update();
      });
    });
    update();
  }

  // --- Tap, then confirm -------------------------------------------------------------------
  // The first tap picks a cell and says which; a second tap on it, or the button, posts it.
  // With one cell left to tap there is nothing to slip onto: one tap posts.
  function tapBoard(form) {
    var bar = form.querySelector(".tap-confirm");
    var said = bar.querySelector("output");
    var post = bar.querySelector("button[type=submit]");
    var cells = form.querySelectorAll("button.cell");
    var picked = null;
    // A board that runs below the screen is scrolled up just enough to show it all, unless a
    // joining phone's question is at the top: that is answered first.
    window.addEventListener("load", function () {
      var box = form.querySelector(".board").getBoundingClientRect();
      var asked = document.querySelector("form.who-is-this-phone");
      if (!asked && window.scrollY === 0 && box.bottom > window.innerHeight) {
        window.scrollTo(0, Math.min(box.top - 8, box.bottom - window.innerHeight + 8));
      }
    });
    if (cells.length < 2) { return; }
    function drop() {
      if (picked) {
        picked.classList.remove("picked");
        picked.removeAttribute("aria-pressed");
        form.dispatchEvent(new CustomEvent("grid:drop", { detail: { cell: picked } }));
      }
      picked = null;
      bar.hidden = true;
    }
    cells.forEach(function (cell) {
      cell.addEventListener("click", function (e) {
        if (cell === picked) { return; }
        e.preventDefault();
        drop();
        picked = cell;
        cell.classList.add("picked");
        cell.setAttribute("aria-pressed", "true");
        post.value = cell.value;
        said.textContent = say("{action} the {cell}?", { action: form.dataset.ask, cell: cell.getAttribute("aria-label") });
        bar.hidden = false;
        form.dispatchEvent(new CustomEvent("grid:pick", { detail: { cell: cell, said: said } }));
        // The bar sticks to the foot of the screen and can hide the board's last rows: scroll
        // it down under the board when there is room, the board's top kept in sight.
        var below = form.getBoundingClientRect().bottom - window.innerHeight;
        if (below > 0) {
          var top = form.querySelector(".board").getBoundingClientRect().top;
          window.scrollBy(0, Math.min(below, Math.max(top - 8, 0)));
        }
      });
    });
    bar.querySelector(".cancel").addEventListener("click", drop);
  }

  // --- A pool colour by colour -------------------------------------------------------------
  // A button per colour (with its count), a pad of six faces that adds a die of the colour
  // picked, and the pool so far, where tapping a die takes it out.  The fields stay the
  // form's: the pad only writes to them.
  function colourEntry(box) {
    var fields = Array.prototype.slice.call(box.querySelectorAll("input[data-colour]"));
    var pad = box.querySelector(".colour-pad");
    if (!fields.length || !pad) { return; }
    fields.forEach(function (f) { f.value = f.value.replace(/[^1-6]/g, ""); });
    var current = fields[0];
    var chips = pad.appendChild(make("div", "pad-chips"));
    var which = pad.appendChild(make("p", "pad-which"));
    var keys = pad.appendChild(make("div", "pad-keys"));
    var pool = pad.appendChild(make("ul", "pad-pool"));
    var total = pad.appendChild(make("div", "pad-total"));
    var count = total.appendChild(make("span"));
    var undo = total.appendChild(make("button", "secondary", say("Take back the last")));
    undo.type = "button";
    var order = [];  // the fields in the order dice were added, for "take back"

    fields.forEach(function (f) {
      var chip = chips.appendChild(make("button", "pad-chip c-" + f.dataset.colour));
      chip.type = "button";
      chip.addEventListener("click", function () { current = f; update(); });
      f.chip = chip;
    });
    for (var v = 1; v <= 6; v++) {
      var key = keys.appendChild(make("button"));
      key.type = "button";
      key.dataset.value = v;
      key.addEventListener("click", function (e) {
        current.value += e.currentTarget.dataset.value;
        order.push(current);
        update();
      });
    }
    undo.addEventListener("click", function () {
      var f = order.pop();
      while (f && !f.value) { f = order.pop(); }
      f = f || fields.filter(function (x) { return x.value; }).pop();
      if (f) { f.value = f.value.slice(0, -1); }
      update();
    });

    function update() {
      var all = 0;
      fields.forEach(function (f) {
        var n = f.value.length;
        all += n;
        f.chip.textContent = n || "";
        f.chip.setAttribute("aria-label", sayN("{colour}: {count} die", "{colour}: {count} dice", n, { colour: f.dataset.name }));
        f.chip.setAttribute("aria-pressed", f === current ? "true" : "false");
      });
      which.textContent = say("Tap the {colour} dice:", { colour: current.dataset.name });
      keys.querySelectorAll("button").forEach(function (k) {
        k.textContent = "";
        k.appendChild(face(+k.dataset.value, current.dataset.colour));
        k.setAttribute("aria-label", say("Add a {colour} {value}", { colour: current.dataset.name, value: k.dataset.value }));
      });
      pool.textContent = "";
      fields.forEach(function (f) {
        if (!f.value) { return; }
        var line = pool.appendChild(make("li"));
        line.appendChild(make("span", "", f.dataset.name + " " + f.value.length));
        f.value.split("").forEach(function (d, i) {
          var die = line.appendChild(make("button"));
          die.type = "button";
          die.setAttribute("aria-label", say("Take out the {colour} {value}", { colour: f.dataset.name, value: d }));
          die.appendChild(face(+d, f.dataset.colour));
          die.addEventListener("click", function () {
            f.value = f.value.slice(0, i) + f.value.slice(i + 1);
            update();
          });
        });
      });
      count.textContent = all ? sayN("Pool: {count} die", "Pool: {count} dice", all) : say("No dice yet.");
      undo.disabled = !all;
    }
    box.querySelector(".colour-fields").hidden = true;
    pad.hidden = false;
    update();
  }

  // --- Colours and values tapped ----------------------------------------------------------
  // A row of colour boxes marked data-one keeps one tick (each row is one die); a die's
  // value faces take the colour tapped for it, and buttons that post the value wait for it.
  function oneOf(row) {
    row.addEventListener("change", function (e) {
      if (!e.target.checked) { return; }
      row.querySelectorAll("input").forEach(function (box) {
        if (box !== e.target) { box.checked = false; }
      });
    });
  }

  function dieTaps(box) {
    var colours = box.querySelectorAll(".colour-taps input");
    var faces = box.querySelectorAll(".value-taps .gface");
    var posts = box.querySelectorAll(".value-taps button");
    function update() {
      var picked = box.querySelector(".colour-taps input:checked");
      faces.forEach(function (f) {
        f.className = f.className.replace(/ c-\w/g, "") + (picked ? " c-" + picked.value : "");
      });
      posts.forEach(function (b) { b.disabled = !picked; });
    }
    colours.forEach(function (c) { c.addEventListener("change", update); });
    update();
  }

  document.querySelectorAll("form.board-entry").forEach(boardEntry);
  document.querySelectorAll(".colour-taps[data-one]").forEach(oneOf);
  document.querySelectorAll(".die-taps").forEach(dieTaps);
  document.querySelectorAll("form.tap-board").forEach(tapBoard);
  document.querySelectorAll(".colour-entry").forEach(colourEntry);
  // A game's own script draws its dice the same way.
  window.refereeGrid = { face: face };
})();
