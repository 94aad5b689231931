/* Progressive enhancement for long tables: type to filter rows, click a
   heading to sort. Tables read the same without it. No network access. */
(function () {
  "use strict";
  function cellKey(cell) {
    var v = cell.getAttribute("data-sort");
    if (v === null) v = cell.textContent.trim();
    var n = Number(v);
    return v !== "" && !isNaN(n) ? { n: n } : { s: v.toLocaleLowerCase() };
  }
  function compare(a, b) {
    if ("n" in a && "n" in b) return a.n - b.n;
    var x = "n" in a ? String(a.n) : a.s, y = "n" in b ? String(b.n) : b.s;
    return x.localeCompare(y);
  }
  function enhance(table) {
    var body = table.tBodies[0];
    if (!body) return;
    if (table.hasAttribute("data-kb-filter")) {
      var box = document.createElement("label");
      box.className = "kb-filter";
      var input = document.createElement("input");
      input.type = "search";
      input.placeholder = table.getAttribute("data-kb-filter-placeholder") || "";
      input.setAttribute("aria-label", table.getAttribute("data-kb-filter-label") || "Filter");
      box.appendChild(input);
      table.parentNode.insertBefore(box, table);
      input.addEventListener("input", function () {
        var q = input.value.trim().toLocaleLowerCase();
        Array.prototype.forEach.call(body.rows, function (row) {
          row.hidden = q !== "" && row.textContent.toLocaleLowerCase().indexOf(q) === -1;
        });
      });
    }
    if (table.hasAttribute("data-kb-sortable") && table.tHead) {
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
        th.setAttribute("data-kb-sort", "");
        th.tabIndex = 0;
        function sort() {
          var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
          Array.prototype.forEach.call(th.parentNode.cells, function (c) { c.removeAttribute("aria-sort"); });
          th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
          var rows = Array.prototype.slice.call(body.rows);
          rows.sort(function (r1, r2) { return dir * compare(cellKey(r1.cells[col]), cellKey(r2.cells[col])); });
          rows.forEach(function (r) { body.appendChild(r); });
        }
        th.addEventListener("click", sort);
        th.addEventListener("keydown", function (e) { if (e.key === "Enter") sort(); });
      });
    }
  }
  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("table[data-kb-sortable], table[data-kb-filter]"), enhance);
    var search = document.getElementById("kb-search");
    if (search && window.PagefindUI) {
      var ui = new window.PagefindUI({ element: "#kb-search", bundlePath: search.getAttribute("data-bundle"), showSubResults: true, showImages: false });
      var q = new URLSearchParams(window.location.search).get("q");
      if (q) ui.triggerSearch(q);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
