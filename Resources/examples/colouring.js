// Tap a region to fill it with the active colour.
var activeColor = "#e5322d";
document.addEventListener("click", function (event) {
  var target = event.target;
  if (target.classList && target.classList.contains("region")) {
    target.style.fill = activeColor;
  }
});
