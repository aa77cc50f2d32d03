// The photo just read (templates/_macros.html photo_seen): the phone's own copy, kept by
// static/js/photo.js, drawn with each die read outlined and labelled with its value, the
// dice to check dashed and marked ?.  A tap on a die picks the same die in the entry form
// (the element marked data-photo-field with the die's place: a tray die, a board's cell, a
// pool's die; else the field of that name), as a tap there would, or brings it into sight
// (data-photo-focus); the outlines follow the form, its values and its marks, as the table
// corrects it. The scroll to a picked die glides, unless the phone asks for reduced motion.
(function () {
  "use strict";
  var say = window.refereeWords.say;
  // What a die's outline says: [read or not][to check or not][this game's or not].
  var SAID = {
    read: ["Read {value}", "Read {value}, to check", "Read {value}: not this game's",
      "Read {value}, to check: not this game's"],
    none: ["Not read yet", "Not read yet, to check", "Not read yet: not this game's",
      "Not read yet, to check: not this game's"]
  };
  var STILL = window.matchMedia("(prefers-reduced-motion: reduce)");  // no gliding scroll
  var figure = document.querySelector("figure.photo-seen");
  var kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem("referee.photo"));
    sessionStorage.removeItem("referee.photo");  // shown once: the copy lives in this page
  } catch (e) { /* none kept */ }
  if (!figure || !kept || !kept.w || !/^data:image\/jpeg;base64,/.test(kept.src)) { return; }
  var dice = JSON.parse(figure.dataset.dice);
  var frame = figure.querySelector(".seen-frame");
  var turn = document.querySelector("section.turn") || document.body;

  // The copy as a blob's address (the page allows images from blobs, not data addresses).
  var bytes = atob(kept.src.slice(kept.src.indexOf(",") + 1));
  var raw = new Uint8Array(bytes.length);
  for (var i = 0; i < bytes.length; i++) { raw[i] = bytes.charCodeAt(i); }
  var url = URL.createObjectURL(new Blob([raw], { type: "image/jpeg" }));

  // An SVG in the photo's own pixels: the copy, and over it each die's outline and label.
  var NS = "http://www.w3.org/2000/svg", W = kept.w, H = kept.h;
  function make(tag, attrs, parent) {
    var node = document.createElementNS(NS, tag);
    Object.keys(attrs).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    return parent.appendChild(node);
  }
  var svg = make("svg", { viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "group",
    "aria-label": say("The photo of the dice, as read") }, frame);
  make("image", { href: url, width: W, height: H }, svg);
  var letter = Math.max(W, H) / 26;  // about 13 px on a phone's width

  function target(die) {
    if (!die.f) { return null; }
    return turn.querySelector('[data-photo-field="' + die.f + '"]') ||
      turn.querySelector('input[name="' + die.f + '"]:checked');
  }

  var boxes = dice.map(function (die) {
    var side = die.s || Math.max(W, H) / 16, half = side / 2;
    var size = "a" in die ? Math.min(letter, side * 0.4) : letter;  // a board's dice touch
    var box = make("g", { "class": "seen-die", "data-f": die.f }, svg);
    make("rect", { "class": "seen-edge", x: die.x - half, y: die.y - half, width: side, height: side,
      rx: side / 8, transform: "rotate(" + (die.a || 0) + " " + die.x + " " + die.y + ")" }, box);
    // A loose die's label sits just above it, leaving the die to be seen (below it for a die
    // along the photo's top); a board's, whose dice touch, straddles its top edge.
    var out = "a" in die ? half : half + size * 0.6;
    var turn = (die.a || 0) * Math.PI / 180, reach = die.y - out < size ? -out : out;
    var lx = die.x + Math.sin(turn) * reach, ly = die.y - Math.cos(turn) * reach;
    box.tag = make("rect", { "class": "seen-tag", y: ly - size * 0.55, height: size * 1.1, rx: size / 5 }, box);
    box.label = make("text", { x: lx, y: ly + size * 0.36, "font-size": size, "text-anchor": "middle" }, box);
    box.at = lx;
    box.size = size;
    function pick() {
      var at = target(die);
      if (!at) { return; }
      // The form's own pick: the tray's die out, the board's cell picked (a pool's die is
      // only shown: a tap there takes it out of the pool).
      if (!at.hasAttribute("data-photo-focus")) { at.click(); }
      at = target(die) || at;  // drawn again by the click
      if (!at.hasAttribute("tabindex") && !/^(BUTTON|INPUT)$/.test(at.tagName)) { at.tabIndex = -1; }
      at.focus({ preventScroll: true });
      at.scrollIntoView({ block: "center", behavior: STILL.matches ? "auto" : "smooth" });
      boxes.forEach(function (other) { other.classList.toggle("picked", other === box); });
    }
    box.pick = pick;
    return box;
  });

  // A tap picks the die whose centre is nearest it, within a side or within REACH CSS px of
  // its centre, whichever is more: the photo is one target, so a phone's touch adjustment
  // cannot move a tap onto a neighbour's outline, and a die drawn small (14-18 px on a
  // narrow phone) is still a finger's target, 2 x REACH across (the form's own dice are the
  // keyboard's way in).
  var REACH = 22;
  svg.addEventListener("click", function (e) {
    var m = svg.getScreenCTM();
    if (!m) { return; }
    var at = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    var scale = Math.hypot(m.a, m.b);  // CSS px to a photo's pixel
    var best = null, gap = Infinity;
    dice.forEach(function (die, n) {
      var side = die.s || Math.max(W, H) / 16;
      var d = Math.hypot(die.x - at.x, die.y - at.y) / Math.max(side * 0.75, REACH / scale);
      if (d < gap) { gap = d; best = boxes[n]; }
    });
    if (best && gap < 1) { best.pick(); }
  });

  function sync() {
    dice.forEach(function (die, n) {
      var at = target(die), box = boxes[n];
      var value = at ? (at.dataset.photoValue !== undefined ? at.dataset.photoValue : at.value) : die.v;
      var unsure = at ? !!at.closest(".unsure") || !value : die.u;
      var words = String(value || "") + (unsure ? "?" : "");
      box.classList.toggle("unsure", unsure);
      box.classList.toggle("left-out", !die.f);
      box.label.textContent = words;
      var wide = box.size * (0.5 + 0.62 * words.length);
      box.tag.setAttribute("width", wide);
      box.tag.setAttribute("x", box.at - wide / 2);
      box.setAttribute("aria-label", say(SAID[value ? "read" : "none"][(unsure ? 1 : 0) + (die.f ? 0 : 2)],
        { value: value }));
    });
  }
  new MutationObserver(sync).observe(turn, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["class", "data-photo-value"]
  });
  turn.addEventListener("change", sync);
  sync();
  figure.hidden = false;

  // The form's own button that enters what was read (Enter roll, Enter the square) comes
  // into view under the photo: nothing is entered until the table taps it.
  var filled = dice.map(target).filter(Boolean)[0];
  var form = filled && (filled.form || filled.closest("form"));
  var enter = form && Array.prototype.filter.call(
    form.querySelectorAll("button[type=submit], button:not([type])"),
    function (button) { return button.offsetParent !== null; }).pop();
  if (enter) { enter.scrollIntoView({ block: "nearest" }); }
})();
