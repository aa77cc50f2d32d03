// Six D Four's live help: what a picked square would capture, in the referee's words, and
// those pieces marked on the board before the placement is confirmed.  The board's buttons
// post without it (static/js/grid.js asks for the confirming tap).
(function () {
  "use strict";
  document.querySelectorAll("form.tap-board[data-previews]").forEach(function (form) {
    var previews = JSON.parse(form.dataset.previews);
    function clear() {
      form.querySelectorAll(".would-capture").forEach(function (c) {
        c.classList.remove("would-capture");
      });
    }
    form.addEventListener("grid:pick", function (e) {
      clear();
      var preview = previews[e.detail.cell.value];
      if (!preview) { return; }
      e.detail.said.textContent = preview[0];
      preview[1].forEach(function (cell) {
        var spot = form.querySelector(".cell[data-cell='" + cell.join(",") + "']");
        if (spot) { spot.classList.add("would-capture"); }
      });
    });
    form.addEventListener("grid:drop", clear);
  });
})();
