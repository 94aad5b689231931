/* Citations: the access date is the day the reader reads the page, which the
   build cannot know. Each citation shows the data version's date in an element
   marked data-kb-accessed (iso: 2026-11-29, en: 29 November 2026, parts:
   2026, 11, 29); this fills in today's date instead. No network access. */
(function () {
  "use strict";
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July",
                "August", "September", "October", "November", "December"];
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function start() {
    var d = new Date(), y = d.getFullYear(), m = d.getMonth() + 1, day = d.getDate();
    var iso = y + "-" + pad(m) + "-" + pad(day);
    var forms = { iso: iso, en: day + " " + MONTHS[m - 1] + " " + y, parts: y + ", " + m + ", " + day };
    Array.prototype.forEach.call(document.querySelectorAll("[data-kb-accessed]"), function (el) {
      var text = forms[el.getAttribute("data-kb-accessed")];
      if (!text) return;
      el.textContent = text;
      if (el.hasAttribute("datetime")) el.setAttribute("datetime", iso);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
/* Print: a printed page shows its citations in full. Before printing, every closed
   <details> (BibTeX, CSL-JSON, a chart's figures) is opened; afterwards the ones
   this opened are closed again. (The print stylesheet in kb.css shows their
   content too, where the browser supports ::details-content.) */
(function () {
  "use strict";
  var opened = [];
  window.addEventListener("beforeprint", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details:not([open])"), function (d) {
      d.open = true;
      opened.push(d);
    });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (d) { d.open = false; });
    opened = [];
  });
})();
