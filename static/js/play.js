// Live help on the turn screen that several games share; every form also works without it.
// A game's own live help: static/games/<slug>.js.
(function () {
  "use strict";
  var say = window.refereeWords.say;
  // Set-aside: show what the tapped dice score, from the referee's own table.
  document.querySelectorAll("form[data-selections]").forEach(function (form) {
    var table = JSON.parse(form.dataset.selections);
    var out = form.querySelector("output.selection");
    var buttons = form.querySelectorAll("button[name=action]");
    function update() {
      var picked = Array.prototype.map.call(
        form.querySelectorAll("input[name=pick]:checked"), function (i) { return i.dataset.value; });
      picked.sort();
      var entry = table[picked.join(",")];
      var ok = !!entry && entry[0] > 0;
      out.textContent = picked.length ? entry[1] : (form.classList.contains("more") ? "" : say("Pick the dice to set aside."));
      out.classList.toggle("bad", picked.length > 0 && !ok);
      buttons.forEach(function (b) { b.disabled = !ok || entry[0] < Number(b.dataset.least || 1); });
    }
    form.addEventListener("change", update);
    update();
  });
})();

// Dice in as many taps as dice: a row of faces 1-6 per kind of die (a game's keys get their
// own row, K).  Each tap puts that face in the next empty die of the roll, shown in tap
// order; a tap on a shown die takes it out.  When every die is in, the roll is sent, unless
// this phone prefers to tap Enter (kept on the phone).  The per-die rows stay the form's
// fields: without JavaScript they are the entry.  A roll filled from a photo (rows marked
// data-photo) keeps each die in its place, a die taken out leaving its gap for the next
// face tapped (each is marked data-photo-field, for the photo's outlines), and is sent only
// with Enter roll: the table confirms the whole roll.
(function () {
  "use strict";
  var AUTO = "referee.sendWhenFull";
  var words = window.refereeWords, say = words.say;
  var STEPPER_FROM = 8;  // this many dice or more: counts and a minus per face too

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  // A kind of die's words: its name, its label on the pad, its dice tapped, its faces.
  var KINDS = {
    "Die": [say("Die"), say("Dice"), say("Dice tapped"), say("Tap each die’s face")],
    "Base die": [say("Base die"), say("Base"), say("Base dice tapped"), say("Tap each base die’s face")],
    "Key": [say("Key"), say("K"), say("Keys tapped"), say("Tap each key’s face")]
  };

  function autoSend() {
    try { return localStorage.getItem(AUTO) !== "0"; } catch (e) { return true; }
  }

  document.querySelectorAll("form.roll").forEach(function (form) {
    var rows = form.querySelectorAll("fieldset.die-row[data-group]");
    var enter = form.querySelector("button[name=action][value=roll]");
    if (!rows.length || !enter || form.querySelector(".pad")) { return; }
    var groups = [];
    rows.forEach(function (row) {
      var last = groups[groups.length - 1];
      if (!last || last.name !== row.dataset.group) {
        last = { name: row.dataset.group, kind: row.dataset.kind, rows: [], values: [], unsure: [] };
        groups.push(last);
      }
      last.rows.push(row);
      var checked = row.querySelector("input:checked");
      if (checked) { last.values.push(checked.value); }
      if (checked) { last.unsure.push(row.classList.contains("unsure")); }  // read from a photo
    });
    var pad = el("div", "pad");
    var note = el("p", "pad-note");
    note.setAttribute("aria-live", "polite");
    var sent = false;
    var fromPhoto = !!form.querySelector(".die-row[data-photo]");

    function filled(g) { return g.values.filter(Boolean).length; }

    function full() {
      return groups.every(function (g) { return filled(g) === g.rows.length; });
    }

    function takeOut(g, i) {  // a photo's die leaves its gap, to be filled in its place
      if (fromPhoto) { g.values[i] = ""; g.unsure[i] = false; } else { g.values.splice(i, 1); g.unsure.splice(i, 1); }
      changed(g);
    }

    function asking() {  // a question of the game's own beside the dice, now shown
      return Array.prototype.some.call(form.querySelectorAll("label input[type=checkbox]"), function (q) {
        return q !== box && q.offsetParent !== null;
      });
    }

    function write(group) {  // the radios follow the tapped values, in tap order
      group.rows.forEach(function (row, i) {
        row.querySelectorAll("input").forEach(function (input) {
          input.checked = input.value === group.values[i];
        });
      });
    }

    function draw() {
      groups.forEach(function (g) {
        g.tray.replaceChildren();
        g.values.forEach(function (v, i) {
          var die = el(v ? "button" : "span", v ? "die tapped" + (g.unsure[i] ? " unsure" : "") : "die empty gap", v);
          die.dataset.photoField = g.name + i;
          die.dataset.photoValue = v;
          if (!v) { return g.tray.appendChild(die); }
          die.type = "button";
          die.setAttribute("aria-label", say(g.unsure[i] ? "{kind} {value}, read unsure: tap to take it out"
            : "{kind} {value}: tap to take it out", { kind: g.words[0], value: v }));
          die.addEventListener("click", function () { takeOut(g, i); });
          g.tray.appendChild(die);
        });
        for (var k = g.values.length; k < g.rows.length; k++) { g.tray.appendChild(el("span", "die empty", "")); }
        g.faces.forEach(function (face) {
          var n = g.values.filter(function (v) { return v === face.dataset.value; }).length;
          face.querySelector(".count").textContent = n ? n + "×" : "";
        });
      });
      var missing = groups.reduce(function (n, g) { return n + g.rows.length - filled(g); }, 0);
      var gap = fromPhoto && groups.some(function (g) { return g.values.indexOf("") >= 0; });
      note.textContent = gap ? say("Tap its right face for the die taken out.") :
        missing ? words.sayN("{count} die still to tap.", "{count} dice still to tap.", missing) :
        (sent ? say("Sending the roll…") : say("Every die is in: tap Enter roll."));
    }

    function changed(group) {
      write(group);
      form.dispatchEvent(new Event("change", { bubbles: true }));  // the game's own help first
      var send = full() && autoSend() && !fromPhoto && !sent && !asking();  // a tap filled the last die
      sent = sent || send;
      draw();
      if (send) { form.requestSubmit(enter); }
    }

    groups.forEach(function (g) {
      var block = el("div", "pad-group");
      block.dataset.group = g.name;
      g.words = KINDS[g.kind] || KINDS.Die;
      var label = g.name === "k" ? KINDS.Key[1] : g.words[1];
      g.tray = el("div", "tray");
      g.tray.setAttribute("role", "group");
      g.tray.setAttribute("aria-label", g.words[2]);
      var faces = el("div", "faces");
      faces.setAttribute("role", "group");
      faces.setAttribute("aria-label", g.words[3]);
      g.faces = [];
      for (var v = 1; v <= 6; v++) {
        var face = el("button", "face-tap");
        face.type = "button";
        face.dataset.value = String(v);
        face.appendChild(el("span", "value", String(v)));
        face.appendChild(el("span", "count", ""));
        face.addEventListener("click", function (e) {
          if (filled(g) >= g.rows.length) {
            note.textContent = say("All {count} are in: tap one above to take it out first.", { count: g.rows.length });
            return;
          }
          var at = g.values.indexOf("");
          if (at < 0) { at = g.values.length; }
          g.values[at] = e.currentTarget.dataset.value;
          g.unsure[at] = false;
          changed(g);
        });
        g.faces.push(face);
        faces.appendChild(face);
      }
      block.appendChild(el("span", "pad-label", label));
      block.appendChild(g.tray);
      block.appendChild(faces);
      if (g.rows.length >= STEPPER_FROM) {
        var minus = el("div", "faces minus");
        g.faces.forEach(function (face) {
          var less = el("button", "face-less", "−");
          less.type = "button";
          less.setAttribute("aria-label", say("One {value} fewer", { value: face.dataset.value }));
          less.addEventListener("click", function () {
            var at = g.values.lastIndexOf(face.dataset.value);
            if (at >= 0) { takeOut(g, at); }
          });
          minus.appendChild(less);
        });
        block.appendChild(minus);
      }
      pad.appendChild(block);
    });
    var choice = el("label", "pad-auto");
    var box = el("input");
    box.type = "checkbox";
    box.checked = autoSend();
    box.addEventListener("change", function () {
      try { localStorage.setItem(AUTO, box.checked ? "1" : "0"); } catch (e) { /* kept for this page only */ }
      draw();
    });
    choice.appendChild(box);
    choice.appendChild(document.createTextNode(" " + say("Send the roll when the last die is tapped")));
    pad.appendChild(note);
    // The preference goes under Enter roll: a setting, not a step, it keeps the button up.
    enter.parentNode.insertBefore(choice, enter.nextSibling);
    choice.hidden = fromPhoto;  // a photo's roll is always confirmed with Enter roll
    var anchor = rows[0];  // the pad goes before the first row, or the box that holds it
    while (anchor.parentNode !== form) { anchor = anchor.parentNode; }
    form.insertBefore(pad, anchor);
    form.classList.add("tapping");
    draw();
  });
})();
