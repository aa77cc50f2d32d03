// A photo of the dice (photo_form) is sent once taken, scaled to 1600 px on its long side.
(function () {
  "use strict";
  document.querySelectorAll(".photo input[type=file]").forEach(function (input) {
    input.addEventListener("change", function () {
      var file = input.files[0], send = function () { input.form.requestSubmit(); };
      if (!file || !window.createImageBitmap || !window.DataTransfer) { return send(); }
      createImageBitmap(file).then(function (bitmap) {
        var scale = 1600 / Math.max(bitmap.width, bitmap.height);
        if (scale >= 1) { return send(); }
        var canvas = document.createElement("canvas");
        canvas.width = Math.round(bitmap.width * scale);
        canvas.height = Math.round(bitmap.height * scale);
        canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(function (blob) {
          var scaled = new DataTransfer();
          if (blob) { scaled.items.add(new File([blob], "dice.jpg", { type: "image/jpeg" })); }
          if (blob) { input.files = scaled.files; }
          send();
        }, "image/jpeg", 0.9);
      }, send);
    });
  });
})();
