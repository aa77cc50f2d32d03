// Six D One's live help: what the die about to be placed would join, before it is placed.
// The board's buttons post without it (static/js/grid.js asks for the confirming tap).
(function () {
  "use strict";
  var say = window.refereeWords.say;
  document.querySelectorAll("form.tap-board[data-colour]").forEach(function (form) {
    var colour = form.dataset.colour;
    form.addEventListener("grid:pick", function (e) {
      var cell = e.detail.cell;
      var mine = {};
      form.querySelectorAll(".cell[data-colour='" + colour + "']").forEach(function (c) {
        mine[c.dataset.cell] = +c.dataset.value;
      });
      var start = cell.value;
      mine[start] = +cell.dataset.value;
      // The player's dice orthogonally connected to the picked cell.
      var seen = {}, todo = [start], values = [];
      seen[start] = true;
      while (todo.length) {
        var at = todo.pop().split(",").map(Number);
        values.push(mine[at.join(",")]);
        [[at[0] - 1, at[1]], [at[0] + 1, at[1]], [at[0], at[1] - 1], [at[0], at[1] + 1]]
          .forEach(function (n) {
            var key = n.join(",");
            if (key in mine && !seen[key]) { seen[key] = true; todo.push(key); }
          });
      }
      var sum = values.reduce(function (a, b) { return a + b; }, 0);
      e.detail.said.textContent += " " + (values.length === 1 ? say("A lone {sum}.", { sum: sum })
        : say("A group of {count} worth {sum} × {count} = {worth}.",
          { count: values.length, sum: sum, worth: sum * values.length }));
    });
  });
})();
