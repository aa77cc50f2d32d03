// The photo form of templates/_macros.html (photo_form), on every page that asks for dice:
// without this file the photo is sent with the form's button, as taken.
(function () {
  "use strict";

  // A photo of the dice is sent as soon as it is taken, scaled down to PHOTO_SIDE pixels on
  // its long side first (a phone's photo is several megabytes; the reader needs far less).
  var PHOTO_SIDE = 1600;
  document.querySelectorAll("form.photo input[type=file]").forEach(function (input) {
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      var send = function () { input.form.requestSubmit(); };
      if (!file || !window.createImageBitmap || !window.DataTransfer) { send(); return; }
      createImageBitmap(file).then(function (bitmap) {
        var scale = PHOTO_SIDE / Math.max(bitmap.width, bitmap.height);
        if (scale >= 1) { send(); return; }
        var canvas = document.createElement("canvas");
        canvas.width = Math.round(bitmap.width * scale);
        canvas.height = Math.round(bitmap.height * scale);
        canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(function (blob) {
          if (blob) {
            var scaled = new DataTransfer();
            scaled.items.add(new File([blob], "dice.jpg", { type: "image/jpeg" }));
            input.files = scaled.files;
          }
          send();
        }, "image/jpeg", 0.9);
      }, send);
    });
  });
})();
