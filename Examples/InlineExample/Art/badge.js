// Counts clicks on the badge. Holds "<" and "]]>" on purpose: both must survive inlining.
var clicks = 0;
document.getElementById("face").addEventListener("click", function () {
  clicks += 1;
  var marker = "]]>";
  document.getElementById("count").textContent = clicks < 100 ? String(clicks) : "99+";
});
