// The page scripts' words (docs/translating.md, "Scripts"): a script says a message by its
// English text, its {name} placeholders filled; the page gives the message in the phone's
// language in its <script type="application/json" id="words"> block (none in English: the
// English text is the message).  A plural message is said with both English forms, as
// gettext's ngettext; the block gives its forms by CLDR category, picked by Intl.PluralRules.
// Numbers are written as the page's language writes them.
(function () {
  "use strict";
  var read = null, words = {};

  function lang() { return document.documentElement.lang || "en"; }

  function block() {  // read again when a live update brought a new block
    var found = document.getElementById("words");
    if (found !== read) {
      read = found;
      try { words = found ? JSON.parse(found.textContent) : {}; } catch (e) { words = {}; }
    }
    return words;
  }

  function number(n) { return new Intl.NumberFormat(lang()).format(n); }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      if (!values || !(name in values)) { return all; }
      var value = values[name];
      return typeof value === "number" ? number(value) : String(value);
    });
  }

  // ``message`` in the page's language, its placeholders filled from ``values``.
  function say(message, values) {
    var given = block()[message];
    return fill(typeof given === "string" ? given : message, values);
  }

  // The form of ``one`` / ``many`` for ``count`` (also the value of {count}).
  function sayN(one, many, count, values) {
    var given = block()[one], all = Object.assign({ count: count }, values);
    if (given && typeof given === "object") {
      var form = given[new Intl.PluralRules(lang()).select(count)] || given.other;
      if (form) { return fill(form, all); }
    }
    return fill(count === 1 ? one : many, all);
  }

  window.refereeWords = { say: say, sayN: sayN, number: number };
})();
