/* Citations: the access date is the day the reader reads the page, which the
   build cannot know. Each citation shows the data version's date in an element
   marked data-kb-accessed (iso: 2026-11-29, en: 29 November 2026, parts:
   2026, 11, 29); this fills in today's date instead. No network access.
   It also shows the button under each reference (hidden without this script,
   where it could do nothing) and copies the reference's text as the page shows
   it, saying in the button's status line whether that worked. */
(function () {
  "use strict";
  // the English form the build writes (day, month's name, year), from the browser's own calendar data
  var LONG_EN = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function fillDates() {
    var d = new Date(), y = d.getFullYear(), m = d.getMonth() + 1, day = d.getDate();
    var iso = y + "-" + pad(m) + "-" + pad(day);
    var forms = { iso: iso, en: LONG_EN.format(d), parts: y + ", " + m + ", " + day };
    Array.prototype.forEach.call(document.querySelectorAll("[data-kb-accessed]"), function (el) {
      var text = forms[el.getAttribute("data-kb-accessed")];
      if (!text) return;
      el.textContent = text;
      if (el.hasAttribute("datetime")) el.setAttribute("datetime", iso);
    });
  }
  /* The older way, for pages read without a secure context (no navigator.clipboard). */
  function copyBySelection(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.top = "0";
    area.style.left = "-9999px";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok;
  }
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; },
        function () { return copyBySelection(text); });
    }
    return Promise.resolve(copyBySelection(text));
  }
  function selectText(el) {
    var range = document.createRange(), sel = window.getSelection();
    range.selectNodeContents(el);
    sel.removeAllRanges();
    sel.addRange(range);
  }
  function setUpCopying() {
    Array.prototype.forEach.call(document.querySelectorAll(".kb-cite"), function (box) {
      var wrap = box.querySelector(".kb-cite-copy"), ref = box.querySelector(".kb-cite-text");
      if (!wrap || !ref) return;
      var button = wrap.querySelector("button.kb-copy"), status = wrap.querySelector(".kb-copy-status");
      wrap.removeAttribute("hidden");
      button.addEventListener("click", function () {
        var text = ref.textContent.replace(/\s+/g, " ").trim();
        status.textContent = "";
        copy(text).then(function (ok) {
          if (!ok) selectText(ref);  // selected, so that the reader can copy it by hand
          status.textContent = button.getAttribute(ok ? "data-copied" : "data-failed");
        });
      });
    });
  }
  function start() {
    fillDates();
    setUpCopying();
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
