// A photo of the dice (photo_form) is sent once taken, scaled to 1600 px on its long side.
// The phone keeps its own small copy for the page that comes back (static/js/photo-seen.js
// draws it with the dice read outlined): in this tab's sessionStorage, with the size of
// the photo as sent, whose pixels the reader's places are in.  Nothing more is sent.
(function () {
  "use strict";
  var KEPT = "referee.photo", SHOWN = 1000;

  function keep(bitmap, width, height) {
    var scale = Math.min(1, SHOWN / Math.max(bitmap.width, bitmap.height));
    var canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    try {
      sessionStorage.setItem(KEPT, JSON.stringify({
        src: canvas.toDataURL("image/jpeg", 0.8), w: width, h: height
      }));
    } catch (e) { /* no room: the page comes back without the photo */ }
  }

  document.querySelectorAll(".photo input[type=file]").forEach(function (input) {
    input.addEventListener("change", function () {
      var file = input.files[0], send = function () { input.form.requestSubmit(); };
      try { sessionStorage.removeItem(KEPT); } catch (e) { /* none kept */ }
      if (!file || !window.createImageBitmap || !window.DataTransfer) { return send(); }
      // The bitmap is drawn as the photo's EXIF orientation says, as the reader decodes it.
      createImageBitmap(file).then(function (bitmap) {
        var scale = 1600 / Math.max(bitmap.width, bitmap.height);
        if (scale >= 1) { keep(bitmap, bitmap.width, bitmap.height); return send(); }
        var canvas = document.createElement("canvas");
        canvas.width = Math.round(bitmap.width * scale);
        canvas.height = Math.round(bitmap.height * scale);
        canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(function (blob) {
          keep(bitmap, blob ? canvas.width : bitmap.width, blob ? canvas.height : bitmap.height);
          var scaled = new DataTransfer();
          if (blob) { scaled.items.add(new File([blob], "dice.jpg", { type: "image/jpeg" })); }
          if (blob) { input.files = scaled.files; }
          send();
        }, "image/jpeg", 0.9);
      }, send);
    });
  });
})();
