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
      // above the table's block (render/templates/table.html.j2), never inside what Material makes scroll sideways
      var block = table.closest(".kb-table");
      if (block) block.insertBefore(box, block.firstChild);
      else table.parentNode.insertBefore(box, table);
      input.addEventListener("input", function () {
        var q = input.value.trim().toLocaleLowerCase();
        Array.prototype.forEach.call(body.rows, function (row) {
          row.hidden = q !== "" && row.textContent.toLocaleLowerCase().indexOf(q) === -1;
        });
      });
    }
    // a choice of one value of a facet: rows (a maker) or columns (a number format) of other values are hidden
    ["rows", "cols"].forEach(function (facet) {
      var label = table.getAttribute("data-kb-facet-" + facet);
      if (label === null) return;
      var holders = facet === "rows" ? Array.prototype.slice.call(body.rows)
        : Array.prototype.slice.call(table.querySelectorAll("thead th[data-facet]"));
      var seen = {}, values = [];
      holders.forEach(function (el) {
        var v = el.getAttribute("data-facet");
        if (v && !seen[v]) { seen[v] = true; values.push([v, el.getAttribute("data-facet-label") || v]); }
      });
      if (values.length < 2) return;
      var box = document.createElement("label");
      box.className = "kb-facet";
      box.appendChild(document.createTextNode(label + " "));
      var select = document.createElement("select");
      var all = document.createElement("option");
      all.value = "";
      all.textContent = table.getAttribute("data-kb-facet-all") || "All";
      select.appendChild(all);
      values.forEach(function (v) {
        var o = document.createElement("option");
        o.value = v[0];
        o.textContent = v[1];
        select.appendChild(o);
      });
      box.appendChild(select);
      var block = table.closest(".kb-table");
      if (block) block.insertBefore(box, block.firstChild);
      else table.parentNode.insertBefore(box, table);
      select.addEventListener("change", function () {
        var want = select.value;
        var cells = facet === "rows" ? body.rows : table.querySelectorAll("[data-facet]:not(tr)");
        Array.prototype.forEach.call(cells, function (el) {
          el.classList.toggle("kb-facet-hidden", want !== "" && el.getAttribute("data-facet") !== want);
        });
      });
    });
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
  }
  /* A table scrolled sideways (Material wraps each in .md-typeset__scrollwrap) is marked data-kb-scrolled, so that
     its row headings, which stay in view, cast a shadow over what has scrolled under them (kb.css); one that is
     wider than its box is marked data-kb-overflow. */
  function scrolled(wrap) {
    if (wrap.scrollLeft > 1) wrap.setAttribute("data-kb-scrolled", "");
    else wrap.removeAttribute("data-kb-scrolled");
  }
  function measure() {
    Array.prototype.forEach.call(document.querySelectorAll(".md-typeset__scrollwrap"), function (wrap) {
      if (wrap.scrollWidth > wrap.clientWidth + 1) wrap.setAttribute("data-kb-overflow", "");
      else wrap.removeAttribute("data-kb-overflow");
      scrolled(wrap);
    });
  }
  document.addEventListener("scroll", function (e) {
    var t = e.target;
    if (t && t.classList && t.classList.contains("md-typeset__scrollwrap")) scrolled(t);
  }, { capture: true, passive: true });
  window.addEventListener("load", measure);
  window.addEventListener("resize", measure);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
/* Material looks for every <link rel="alternate"> when the page has loaded and fetches
   "sitemap.xml" from the folder of each, for its language switcher. The hreflang
   alternates are per page (mkdocs-static-i18n), so those fetches would fail; the
   corrections feed's lives at the root, so that one would fetch the whole sitemap,
   which lists every page in every language, on every visit to every page. The
   language switcher already links to this page in the other language, so every
   alternate is set aside while Material looks and put back straight after (its
   DOMContentLoaded listener was added first, so it runs first). */
(function () {
  "use strict";
  if (document.readyState !== "loading") return;
  var links = Array.prototype.slice.call(document.querySelectorAll('head link[rel="alternate"]'));
  var marks = links.map(function (l) { var m = document.createComment(""); l.parentNode.replaceChild(m, l); return m; });
  document.addEventListener("DOMContentLoaded", function () {
    marks.forEach(function (m, i) { m.parentNode.replaceChild(links[i], m); });
  }, { once: true });
})();
/* Provenance at a touch: hovering, focusing or tapping a figure (or a chart's mark)
   shows the claim, its evidence tier, status, verdict and sources with their quotes.
   The text comes from data/provenance.<lang>.json, fetched once, on first use, from
   this site; it is shown with textContent only. Escape, its close button or a tap
   elsewhere closes it; from a focused figure, Tab goes into it (its link to the claim page, its close button)
   and on past it. It opens below the figure, or above when there is more room
   there, always inside the window: when it is taller than the room it scrolls, its
   link to the claim page and its close button kept in view at its foot. */
(function () {
  "use strict";
  var script = document.currentScript;
  var root = new URL("../", script ? script.src : window.location.href);
  var said = document.querySelector('meta[name="kb-lang"]');
  var lang = said ? said.getAttribute("content") : "en";  // the site language's code (src/kb/languages.py)
  var data = null, loading = null, pop = null, current = null, touch = false, hideTimer = 0, showTimer = 0;
  var refocusing = false;
  var FIG = "a.kb-fig", MARK = ".kb-chart-svg [data-claim]";
  var WIDTH = 416, GAP = 6, EDGE = 8, ROOM = 160;  // px: widest, from the figure, from the window's edges, least room worth taking

  function load() {
    if (!loading) {
      loading = fetch(new URL("data/provenance." + lang + ".json", root).href)
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
        .then(function (d) { data = d; return d; }, function () { data = false; return false; });
    }
    return loading;
  }
  function claimOf(el) {
    var own = el.getAttribute("data-claim");
    if (own) return own.split(" ")[0];
    var inner = el.querySelector("[data-claim]");
    return inner ? inner.getAttribute("data-claim").split(" ")[0] : null;
  }
  function add(parent, tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    parent.appendChild(e);
    return e;
  }
  function ensure() {
    if (pop) return pop;
    pop = document.createElement("div");
    pop.id = "kb-pop";
    pop.className = "kb-pop";
    pop.setAttribute("role", "dialog");
    pop.hidden = true;
    pop.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
    pop.addEventListener("mouseleave", function () { if (!touch) hideSoon(); });
    document.body.appendChild(pop);
    return pop;
  }
  function fill(cid) {
    var L = (data && data._labels) || {}, c = data && data.claims[cid];
    var colon = L.colon || ": ";  /* the language's own: "：" in Chinese, with no space after it */
    pop.textContent = "";
    pop.setAttribute("aria-label", L.dialog || "");
    if (data === null) { add(pop, "p", "kb-pop-note", lang.slice(0, 2) === "zh" ? "……" : "…"); return; }
    var href = new URL((c && c.u) || "", root).href;
    if (!c) {
      add(pop, "p", "kb-pop-note", L.unavailable || "");
    } else {
      if (c.f) add(pop, "p", "kb-pop-fig", c.f);
      add(pop, "p", "kb-pop-statement", c.s);
      var facts = add(pop, "p", "kb-pop-facts");
      var tier = add(facts, "span", "kb-badge kb-tier", c.tn);
      tier.setAttribute("data-tier", c.t);
      tier.setAttribute("data-rank", String(c.rank));
      add(facts, "span", "kb-pop-step", " " + c.tr);
      add(facts, "span", "kb-pop-status", " · " + L.status + colon + c.stn);
      if (c.vn) add(facts, "span", "kb-pop-verdict", " · " + L.verdict + colon + c.vn);
      if (c.vh) add(pop, "p", "kb-pop-note", c.vh);
      if (c.d) add(pop, "p", "kb-pop-note kb-pop-disputed", L.disputed);
      if (c.au) add(pop, "p", "kb-pop-note", c.au);
      c.c.forEach(function (s) {
        var fig = add(pop, "figure", "kb-pop-source");
        // the source's words in a blockquote; the contributors' (a translation, a paraphrase) labelled, beside it
        if (s.q) {
          var q = add(fig, "blockquote", null, s.q);
          if (s.lang) q.setAttribute("lang", s.lang);
        }
        [["tr", "kb-pop-translation", L.translation], ["p", "kb-pop-paraphrase", L.paraphrase]].forEach(function (w) {
          if (!s[w[0]]) return;
          var own = add(fig, "p", w[1]);
          own.setAttribute("lang", s.trl || "");
          add(own, "span", "kb-words-label", w[2] + colon);
          own.appendChild(document.createTextNode(s[w[0]]));
        });
        var cap = add(fig, "figcaption", null, L.source + colon + s.n);
        if (s.a) cap.appendChild(document.createTextNode(" (" + L.attributed + " " + s.a + ")"));
        if (s.l) {  // where in the source, as written: tagged with its script (ll)
          cap.appendChild(document.createTextNode(" · " + L.locator + colon));
          var where = add(cap, "span", null, s.l);
          if (s.ll) where.setAttribute("lang", s.ll);
        }
        if (s.ck) add(cap, "span", "kb-pop-checked", s.ck);
      });
      if (c.more) add(pop, "p", "kb-pop-note", c.more);
    }
    var foot = add(pop, "div", "kb-pop-foot");
    var a = add(add(foot, "p", "kb-pop-open"), "a", null, (L.open || "") + " →");
    a.href = href;
    var close = add(foot, "button", "kb-pop-close", "×");
    close.type = "button";
    close.title = L.close || "";
    close.setAttribute("aria-label", L.close || "");
    close.addEventListener("click", function () { hide(true); });
  }
  /* Below the figure when it fits there, else above when it fits there, else on the side
     with more room, scrolling within it; clamped to the window whatever happens (a figure
     half out of the window, a window too short for any room worth taking). */
  function place(anchor) {
    var doc = document.documentElement, vw = doc.clientWidth, vh = doc.clientHeight;
    var r = anchor.getBoundingClientRect(), w = Math.min(WIDTH, vw - 2 * EDGE);
    pop.style.width = w + "px";
    pop.style.maxHeight = "none";
    var h = pop.offsetHeight, below = vh - EDGE - r.bottom - GAP, above = r.top - GAP - EDGE, top, room = h;
    if (h <= below) top = r.bottom + GAP;
    else if (h <= above) top = r.top - GAP - h;
    else if (Math.max(below, above) < Math.min(h, ROOM)) { room = vh - 2 * EDGE; top = EDGE; }
    else if (below >= above) { room = below; top = r.bottom + GAP; }
    else { room = above; top = EDGE; }
    room = Math.min(room, vh - 2 * EDGE);
    pop.style.maxHeight = room < h ? room + "px" : "none";
    top = Math.max(EDGE, Math.min(top, vh - EDGE - Math.min(h, room)));
    var left = Math.max(EDGE, Math.min(r.left, vw - w - EDGE));
    pop.style.left = left + window.scrollX + "px";
    pop.style.top = top + window.scrollY + "px";
    pop.scrollTop = 0;
  }
  function show(anchor) {
    var cid = claimOf(anchor);
    if (!cid) return;
    clearTimeout(hideTimer);
    ensure();
    if (current && current !== anchor && current.removeAttribute) current.removeAttribute("aria-describedby");
    current = anchor;
    if (anchor.matches(FIG)) anchor.setAttribute("aria-describedby", "kb-pop");
    fill(cid);
    pop.hidden = false;
    place(anchor);
    if (data === null) load().then(function () { if (current === anchor && !pop.hidden) { fill(cid); place(anchor); } });
  }
  function hide(restore) {
    clearTimeout(hideTimer);
    clearTimeout(showTimer);
    var back = restore && pop && pop.contains(document.activeElement) ? current : null;
    if (pop) pop.hidden = true;
    if (current && current.removeAttribute) current.removeAttribute("aria-describedby");
    current = null;
    if (back && back.matches(FIG)) {  // the focus was in the popover: back to its figure, without reopening it
      refocusing = true;
      back.focus({ preventScroll: true });
      refocusing = false;
    }
  }
  function hideSoon() { clearTimeout(hideTimer); hideTimer = setTimeout(function () { hide(); }, 250); }
  function target(e) { return e.target.closest ? e.target.closest(FIG + "," + MARK) : null; }

  document.addEventListener("pointerdown", function (e) {
    touch = e.pointerType !== "mouse";
    if (pop && !pop.hidden && !pop.contains(e.target) && !target(e)) hide();
  }, true);
  document.addEventListener("mouseover", function (e) {
    var t = target(e);
    if (!t || touch || t === current) return;
    clearTimeout(showTimer);
    showTimer = setTimeout(function () { show(t); }, 120);
  });
  document.addEventListener("mouseout", function (e) {
    var t = target(e);
    if (!t || touch) return;
    clearTimeout(showTimer);
    if (!e.relatedTarget || !t.contains(e.relatedTarget)) hideSoon();
  });
  document.addEventListener("click", function (e) {
    var t = target(e);
    if (!t || !touch) return;
    if (current !== t || pop.hidden) { e.preventDefault(); show(t); }  // a second tap follows the link
  });
  document.addEventListener("focusin", function (e) {
    var t = e.target.closest && e.target.closest(FIG);
    if (refocusing) return;
    if (t && !touch) show(t);
    else if (pop && !pop.hidden && !pop.contains(e.target)) hide();
  });
  /* What the keyboard reaches, in the page's order: links, buttons and fields that are shown. */
  var FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';
  function shown(el) { return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden"; }
  function after(el) {  // the first element the keyboard reaches after el (and outside it), the popover aside
    var all = document.querySelectorAll(FOCUSABLE);
    for (var i = 0; i < all.length; i++) {
      var x = all[i];
      if (pop && pop.contains(x)) continue;
      if (!el.contains(x) && (el.compareDocumentPosition(x) & Node.DOCUMENT_POSITION_FOLLOWING) && shown(x)) return x;
    }
    return null;
  }
  /* The popover opened from a figure is next in the keyboard's order: Tab on the figure goes into it, Tab past its
     last control goes on to what follows the figure, Shift+Tab from its first control back to the figure. */
  function tabbing(e) {
    if (e.key !== "Tab" || !pop || pop.hidden || !current || !current.matches || !current.matches(FIG)) return;
    var items = Array.prototype.filter.call(pop.querySelectorAll(FOCUSABLE), shown);
    if (!items.length) return;
    var at = items.indexOf(document.activeElement);
    if (document.activeElement === current && !e.shiftKey) {
      e.preventDefault();
      items[0].focus();
    } else if (at === 0 && e.shiftKey) {
      e.preventDefault();
      refocusing = true;
      current.focus();
      refocusing = false;
    } else if (at === items.length - 1 && !e.shiftKey) {
      var next = after(current);
      e.preventDefault();
      hide();
      if (next) next.focus();
    }
  }
  document.addEventListener("keydown", function (e) {
    touch = false;
    tabbing(e);
    if (e.key === "Escape" || e.key === "Esc") {
      if (pop && !pop.hidden) { hide(true); e.stopPropagation(); }
      var tip = document.activeElement && document.activeElement.closest && document.activeElement.closest(".kb-term");
      if (tip) tip.classList.add("kb-term-off");
      Array.prototype.forEach.call(document.querySelectorAll(".kb-term:hover"), function (el) { el.classList.add("kb-term-off"); });
    }
  });
  document.addEventListener("focusout", function (e) {
    var tip = e.target.closest && e.target.closest(".kb-term");
    if (tip) tip.classList.remove("kb-term-off");
  });
  document.addEventListener("mouseleave", function (e) {
    if (e.target.classList && e.target.classList.contains("kb-term")) e.target.classList.remove("kb-term-off");
  }, true);
  window.addEventListener("resize", function () { if (current && pop && !pop.hidden) place(current); });
})();
/* The language switcher keeps the reader's place: the part of the page they are at (#fragment: every language's
   page has the same anchors) and the search they typed (?q=, which each language's search page reads, and which
   assets/kb-search.js keeps in the address as they type). */
(function () {
  "use strict";
  function carry(a) {
    var base = a.getAttribute("data-kb-href");
    if (base === null) {
      base = a.getAttribute("href");
      a.setAttribute("data-kb-href", base);
    }
    var url = new URL(base, window.location.href);
    var q = new URLSearchParams(window.location.search).get("q");
    if (q) url.searchParams.set("q", q);
    url.hash = window.location.hash;
    a.setAttribute("href", url.pathname + url.search + url.hash);
  }
  function update() {
    Array.prototype.forEach.call(document.querySelectorAll(".md-select__link[hreflang]"), carry);
  }
  document.addEventListener("pointerdown", function (e) {
    var a = e.target.closest && e.target.closest(".md-select__link[hreflang]");
    if (a) carry(a);
  }, true);
  window.addEventListener("hashchange", update);
  window.addEventListener("popstate", update);
  document.addEventListener("kb:query", update);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", update);
  else update();
})();
