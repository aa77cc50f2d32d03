// Six D Six's square, live: templates/sixd-six/play.html links it while the rolled square is
// entered (the take and the slide have their own scripts beside it, so a page loads only the
// one it uses).  Without it the colours are typed as letters; with it: pick a colour, tap its
// six dice; the count of each colour shown.
(function () {
  "use strict";
  var face = window.refereeGrid.face;  // a die face with pips (static/js/grid.js)
  var say = window.refereeWords.say, sayN = window.refereeWords.sayN;

  // Pick a colour, tap its six dice on a grid of the values typed; the colours field posted
  // is kept in step ("." for a die not painted yet), and each colour's count is shown.
  function colourPaint(colours) {
    var entry = colours.form;
    var numbers = entry.querySelector("textarea[name=board]");
    var counts = entry.querySelector(".colour-counts");
    var names = { r: say("red"), y: say("yellow"), g: say("green"), b: say("blue"), o: say("orange"),
      p: say("purple") };
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
    paint.innerHTML = '<p class="paint-hint"></p><div class="paint-colours" role="radiogroup"></div>' +
      '<div class="board paint-grid" role="group"><div class="board-grid"></div></div>';
    paint.querySelector(".paint-hint").textContent = say("Then the colours: pick a colour, tap its six dice.");
    paint.querySelector(".paint-colours").setAttribute("aria-label", say("Colour to paint"));
    paint.querySelector(".paint-grid").setAttribute("aria-label", say("The square’s colours"));
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
            var place = { colour: names[l], value: v, row: Math.floor(at / width) + 1, column: at % width + 1 };
            cell.setAttribute("aria-label", say(l ? (v ? "{colour} {value} at row {row}, column {column}"
              : "{colour} die at row {row}, column {column}")
              : v ? "{value} at row {row}, column {column}" : "die at row {row}, column {column}", place));
            cell.addEventListener("click", function () { dab(at); });
            line.appendChild(cell);
          })(r * width + c);
        }
        grid.appendChild(line);
      }
      swatches.querySelectorAll(".paint-colour").forEach(function (b) {
        var n = count(b.dataset.colour);
        b.setAttribute("aria-checked", b.dataset.colour === brush ? "true" : "false");
        b.querySelector(".paint-count").textContent = say("{colour} {count}/{all}",
          { colour: names[b.dataset.colour], count: n, all: per });
        b.classList.toggle("full", n === per);
      });
      var left = painted.filter(function (l) { return !l; }).length;
      counts.textContent = left
        ? sayN("{count} die still to colour.", "{count} dice still to colour.", left)
        : say("Every die has its colour.");
    };
    var said = function (words) { counts.textContent = words; };
    var dab = function (at) {
      if (painted[at] === brush) {
        painted[at] = "";
      } else if (count(brush) >= per) {
        write();
        draw();
        said(say("Six {colour} dice already: tap one of them to take its colour off.", { colour: names[brush] }));
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

  var colours = document.querySelector(".board-entry textarea[name=colours]");
  if (colours) { colourPaint(colours); }
})();
