// 10K's live help on the turn screen; the roll form also works without it.
(function () {
  "use strict";
  // Roll entry: ask about colours only when the six dice are a 1-6 straight.
  document.querySelectorAll("form.roll").forEach(function (form) {
    var run = form.querySelector(".colour-run");
    if (!run) { return; }
    function update() {
      var values = Array.prototype.map.call(
        form.querySelectorAll("input[type=radio]:checked"), function (i) { return i.value; });
      run.classList.toggle("show", values.sort().join("") === "123456");
    }
    form.addEventListener("change", update);
    update();
  });
})();
