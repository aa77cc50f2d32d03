// A table page that follows the other phones' moves.  While the page is visible it asks the
// table's poll every 1.5 s with the version it shows (a 304 while nothing changed; it stops
// asking while the page is hidden).  When the table moved, the page's main part is swapped
// for the table as it is now (no reload, the scroll kept) and the page's scripts run again
// on it, keeping what this phone was entering:
// - an entry is a form (or a tap builder, ``data-keep``) that this phone has filled in; it
//   is carried into the new page when the new page has the same entry: the same form for
//   the same decision (its ``data-entry``, else its address, hidden fields and whose turn
//   it is), so a half-built split survives another player's split;
// - an entry the new page has no place for (its turn was entered by another phone, the
//   roll it was for is over) is dropped, and the note says what moved and what was not
//   sent, in one place.
// A refused entry's message goes with the swap: the note says what moved since.  Nothing is
// ever held back: the page always carries the table's latest version, so the next tap is
// judged on the table as it is.
// A phone may also buzz at the moment the page shows (a bust, hot dice, a win): off unless
// ticked, kept on the phone, once per version of the table.  A phone buzzes only once it
// has been tapped, so while buzzing is on this page sends its own forms and swaps in the
// answer, instead of loading a new page that could not buzz.
(function () {
  "use strict";
  var INTERVAL = 1500;
  var say = window.refereeWords.say, sayN = window.refereeWords.sayN;
  var main = document.querySelector("main");
  if (!main || !window.fetch || !main.querySelector(".live-note[data-poll]")) { return; }
  var seen = main.querySelector(".live-note").dataset.version;
  var timer = null;
  var swapping = false;

  function note() { return main.querySelector(".live-note"); }

  // A refused post's page sits at the address it was posted to (".../move"): it takes the
  // table page's address, so that a reload or a link read from there finds the table.
  var home = note().querySelector("a").getAttribute("href");
  if (location.pathname !== home) { history.replaceState(null, "", home + location.hash); }

  var BUZZ = "referee.buzz";
  var PATTERNS = { "bust": [200, 100, 200], "hot dice": [60, 40, 60, 40, 60], "win": [300, 100, 300, 100, 600] };

  function stored(store, key) { try { return store.getItem(key); } catch (e) { return null; } }
  function keep(store, key, value) { try { store.setItem(key, value); } catch (e) { /* private mode */ } }
  function buzzing() { return !!navigator.vibrate && stored(localStorage, BUZZ) === "on"; }
  function setting(node) { return node.closest && node.closest(".phone-setting"); }

  // The tick box (hidden where the phone cannot buzz), and the buzz of the moment shown.
  function buzz() {
    var box = main.querySelector(".phone-buzz");
    if (box && navigator.vibrate) {
      box.hidden = false;
      box.querySelector("input").checked = buzzing();
    }
    var shown = note(), pattern = PATTERNS[shown.dataset.moment];
    var key = BUZZ + shown.dataset.poll;
    if (pattern && buzzing() && stored(sessionStorage, key) !== shown.dataset.version) {
      keep(sessionStorage, key, shown.dataset.version);
      navigator.vibrate(pattern);
    }
  }
  main.addEventListener("change", function (e) {
    if (setting(e.target) && e.target.closest(".phone-buzz")) {
      keep(localStorage, BUZZ, e.target.checked ? "on" : "off");
      keep(sessionStorage, BUZZ + note().dataset.poll, note().dataset.version);
    }
  });

  // --- Entries: what this phone has filled in, and where it goes on the new page. ---------

  function fields(form) {
    return Array.prototype.filter.call(form.elements, function (field) {
      return field.name && field.type !== "hidden" && field.type !== "submit" &&
        field.type !== "button" && !setting(field);
    });
  }

  // Which decision a form is for: its own ``data-entry`` with its address (an entry that
  // other players' moves leave standing: a split of a shared roll), else its address, the
  // names of its fields, its hidden fields but the token and the page's own mark, and the
  // page's move count: a move made meanwhile leaves it no place, a change that is no move
  // (the odds shown, a seat taken) does.
  function formKey(form) {
    var key = [form.getAttribute("action") || ""];
    if (form.dataset.entry) { return key.concat(["entry", form.dataset.entry]).join("|"); }
    var names = {};
    fields(form).forEach(function (field) { names[field.name] = true; });
    key.push(Object.keys(names).sort().join(","));
    form.querySelectorAll("input[type=hidden]").forEach(function (field) {
      if (field.name !== "csrf_token" && field.name !== "page") { key.push(field.name + "=" + field.value); }
    });
    key.push("at=" + form.ownerDocument.querySelector(".live-note").dataset.seq);
    return key.join("|");
  }

  function state(field) {
    return field.type === "checkbox" || field.type === "radio" ? field.checked : field.value;
  }
  function blank(field) {
    return field.type === "checkbox" || field.type === "radio" ? false : "";
  }
  function original(field) {
    return field.type === "checkbox" || field.type === "radio" ? field.defaultChecked : field.defaultValue;
  }

  // What is entered in ``form`` that ``fresh`` (the same form on the new page) would not show:
  // [{name, value, on}] for each such field, as it is here.  Without a new form, against the
  // form as it came, or as an empty one when the page came back filled in (a photo read) or
  // the field holds what an earlier swap carried over (``put``).
  function entered(form, fresh) {
    var found = [];
    var filled = "entered" in note().dataset;
    fields(form).forEach(function (field) {
      var there = fresh && counterpart(fresh, field);
      var empty = filled || "carried" in field.dataset;
      if (state(field) !== (there ? original(there) : empty ? blank(field) : original(field))) {
        found.push({ name: field.name, value: field.value, on: state(field), field: field });
      }
    });
    return found;
  }

  function counterpart(form, field) {
    var named = Array.prototype.filter.call(form.elements, function (other) { return other.name === field.name; });
    if (field.type === "checkbox" || field.type === "radio") {
      return named.filter(function (other) { return other.value === field.value; })[0] || null;
    }
    return named[named.indexOf(field)] || named[0] || null;
  }

  // The dice or values an entry holds, in words for the note: a ticked box by its label
  // ("green 4 at row 2, column 5"), never by the code it posts.
  function said(entry) {
    return entry.filter(function (e) { return e.on !== false; }).map(function (e) {
      return e.on === true ? e.field.getAttribute("aria-label") || e.value : String(e.on);
    }).filter(Boolean).join(" ");
  }

  // A field of the new page (not yet shown) made to start as ``on`` (checked, or a value),
  // marked as carried: it holds this phone's entry, not what the page came with.
  function put(field, on) {
    if (!field) { return; }
    field.dataset.carried = "";
    if (typeof on === "boolean") {
      if (on && field.type === "radio") {
        field.form.querySelectorAll("input[type=radio]").forEach(function (other) {
          if (other.name === field.name) { other.removeAttribute("checked"); }
        });
      }
      field.toggleAttribute("checked", on);
    } else if (field.tagName === "SELECT") {
      field.querySelectorAll("option").forEach(function (o) { o.toggleAttribute("selected", o.value === on); });
    } else if (field.tagName === "TEXTAREA") {
      field.textContent = on;
    } else {
      field.setAttribute("value", on);
    }
  }

  // Where the phone's cursor is (a form's key and a field's name), to put it back after.
  function focusedField() {
    var field = document.activeElement;
    if (!field || !field.form || !field.name || !main.contains(field)) { return null; }
    return { key: formKey(field.form), name: field.name, value: field.value, type: field.type };
  }
  function refocus(at) {
    if (!at) { return; }
    var form = Array.prototype.filter.call(main.querySelectorAll("form"), function (f) { return formKey(f) === at.key; })[0];
    var field = form && counterpart(form, at);
    if (field) { field.focus({ preventScroll: true }); }
  }

  // Carry this phone's entries into ``page`` (a parsed new page); the words for what found no
  // place there.
  function carry(page) {
    var lost = [];
    var forms = {};
    page.querySelectorAll("main form").forEach(function (form) { forms[formKey(form)] = form; });
    main.querySelectorAll("form").forEach(function (form) {
      if (setting(form)) { return; }
      var fresh = forms[formKey(form)] || null;
      var entry = entered(form, fresh);
      if (!entry.length) { return; }
      if (!fresh) { lost.push(said(entry)); return; }
      entry.forEach(function (e) { put(counterpart(fresh, e.field), e.on); });
    });
    main.querySelectorAll("[data-keep][data-kept]").forEach(function (widget) {
      var fresh = page.querySelector('[data-keep="' + CSS.escape(widget.dataset.keep) + '"]');
      if (fresh) { fresh.dataset.kept = widget.dataset.kept; } else if (widget.dataset.keptSaid) { lost.push(widget.dataset.keptSaid); }
    });
    return lost.filter(Boolean);
  }

  // --- Sending, swapping. -------------------------------------------------------------

  // While buzzing is on, a form sent from here goes by fetch and its answer (the table, or
  // the page that refuses it) is swapped in.  An answer that is no table page (an error
  // page) is left to the browser: the form is sent again the ordinary way.
  var ordinary = false;
  main.addEventListener("submit", function (e) {
    var form = e.target, button = e.submitter;
    // (getAttribute: a field named "action" would stand in for form.action)
    if (ordinary || e.defaultPrevented || !buzzing() || form.getAttribute("method") !== "post") { return; }
    e.preventDefault();
    var again = function () { ordinary = true; form.requestSubmit(button); };
    fetch(form.getAttribute("action"), { method: "POST", body: new FormData(form, button), credentials: "same-origin" })
      .then(function (r) {
        return r.text().then(function (text) {
          if (!show(text)) { return again(); }
          if (r.redirected) { history.replaceState(null, "", r.url.split("#")[0] + "#now"); }
          var now = document.getElementById("now");
          if (now) { now.scrollIntoView(); }
        });
      }).catch(again);
  });

  // The page's own scripts (everything deferred but this one) run again on the new page.
  function rerun() {
    document.querySelectorAll("script[defer]:not([data-live])").forEach(function (old) {
      var again = document.createElement("script");
      again.src = old.src;
      again.async = false;
      again.defer = true;
      old.parentNode.replaceChild(again, old);
    });
  }

  function swap(data) {
    var link = note().querySelector("a").getAttribute("href");
    var here = location.pathname === link ? location.href : link;
    swapping = true;
    return fetch(here, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (text) {
      if (text) { show(text, data); }
    }).catch(function () { return null; }).then(function () { swapping = false; });
  }

  // The page's main part swapped for the one in ``text`` (false: it has none), with what
  // this phone is entering carried over (``moved``: the poll's word on what changed, said in
  // the note); its scripts run again on it.
  function show(text, moved) {
    var page = new DOMParser().parseFromString(text, "text/html");
    var fresh = page.querySelector("main");
    if (!fresh || !fresh.querySelector(".live-note")) { return false; }
    var lost = moved ? carry(page) : [];
    var cursor = moved ? focusedField() : null;
    var before = Object.assign({}, note().dataset);
    main.replaceChildren.apply(main, Array.prototype.map.call(fresh.childNodes, function (node) {
      return document.importNode(node, true);
    }));
    refocus(cursor);
    document.title = page.title;
    words(page);
    seen = note().dataset.version;
    if (moved) { tell(changes(moved, before), lost); }
    rerun();
    buzz();
    return true;
  }

  // The new page's words for its scripts (static/js/words.js), which may say more than the
  // page as it was: they take the place of the old ones.
  function words(page) {
    var fresh = page.getElementById("words"), old = document.getElementById("words");
    if (old) { old.remove(); }
    if (fresh) { document.body.appendChild(document.importNode(fresh, true)); }
  }

  // What changed between the page as it was (``before``: its live note's data) and the
  // table the poll answered with (``moved``), in words: the moves made or taken back, the
  // odds switched, the seats phones took or left.
  function changes(moved, before) {
    var said = [];
    var was = Number(before.seq), now = Number(moved.seq);
    if (now > was) {
      said.push(now - was === 1 ? moved.last
        : sayN("{count} move, the last {last}", "{count} moves, the last {last}", now - was, { last: moved.last }));
    } else if (now < was) {
      said.push(was - now === 1 ? say("a move was taken back")
        : sayN("{count} move was taken back", "{count} moves were taken back", was - now));
    }
    var odds = moved.odds ? "on" : "off";
    if (before.odds && before.odds !== odds) {
      said.push(moved.odds ? say("the odds were switched on") : say("the odds were switched off"));
    }
    if (before.seated && moved.seated) {
      var then = JSON.parse(before.seated);
      moved.seated.forEach(function (name) {
        if (then.indexOf(name) < 0) { said.push(say("a phone took {player}’s seat", { player: name })); }
      });
      then.forEach(function (name) {
        if (moved.seated.indexOf(name) < 0) { said.push(say("{player}’s seat was left", { player: name })); }
      });
    }
    return said.filter(Boolean);
  }

  function tell(said, lost) {
    var words = said.length ? say("The table moved on: {changes}.", { changes: said.join(say("; ")) })
      : say("The table moved on.");
    if (lost.length) {
      words += " " + say("What this phone had entered ({entered}) was for the table before that, so it was not sent.",
        { entered: lost.join(say("; ")) });
    }
    var box = note();
    box.classList.toggle("lost", lost.length > 0);  // kept in sight while scrolling
    box.querySelector(".live-said").textContent = words;
    box.querySelector("a").hidden = true;  // the page is the table as it is now
    box.hidden = false;
  }

  function ask() {
    timer = null;
    if (document.hidden) { return; }
    var url = note().dataset.poll + "?v=" + encodeURIComponent(seen);
    fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (r.status !== 200) { return null; }
      return r.json().then(function (data) {
        return String(data.version) === seen || swapping ? null : swap(data);
      });
    }).catch(function () { return null; }).then(schedule);
  }

  function schedule() {
    if (!timer && !document.hidden) { timer = setTimeout(ask, INTERVAL); }
  }

  document.addEventListener("visibilitychange", function () {
    clearTimeout(timer);
    timer = null;
    if (!document.hidden) { ask(); }
  });

  // The header's "Invite" opens the join panel and brings it whole into view, its QR code
  // and join code (a tap when the address already ends in #join too).
  function invite() {
    var panel = location.hash === "#join" && document.getElementById("join");
    if (panel) {
      panel.open = true;
      panel.scrollIntoView({ block: "nearest" });
    }
  }
  window.addEventListener("hashchange", invite);
  document.addEventListener("click", function (e) {
    if (location.hash === "#join" && e.target.closest && e.target.closest("a.invite")) {
      e.preventDefault();
      invite();
    }
  });
  invite();
  buzz();
  schedule();
})();
