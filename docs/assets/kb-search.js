/* The search page: Pagefind's search box, searching the page's own language, offline.
   Chinese pages are indexed one Han character per word (src/sitebuild/search.py explains
   why); term() turns a Chinese query into the same characters, and into a phrase when it
   is one run of Han characters, so that 吞吐量 finds exactly the pages that contain 吞吐量.
   Before that, term() converts a query typed in the other Chinese script into the page's
   (fold(), with the table the build writes beside the index: kb-search-<lang>.json), and
   searches a name of the site's list of names (Broadcom, 博通, tokens per second) as typed,
   as a phrase (tape-out as typed): the index holds every name of its group wherever
   a page writes one, in passages set apart by invisible marks, which result() takes out of
   titles and excerpts (marking the page's own name where only the passage was marked).
   result() also takes out the zero-width spaces that mark Han characters in the titles, and
   excerptLength() counts an excerpt in words, which in Chinese are now characters.
   tests/pagefind_search.mjs searches with these too.
   A language with many pages is indexed in parts (src/sitebuild/search.py): the bundle's
   kb-parts.json names the later parts of each language, and parts() gives the page's own,
   which Pagefind merges into the first (mergeIndex). The UI's own words come from the box's
   data-words, in the page's language. */
(function (root) {
  "use strict";
  var HAN = "\\u3007\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\u{20000}-\\u{3134f}";
  var ONE_HAN = new RegExp("[" + HAN + "]", "gu");
  var HAN_RUN = new RegExp("^[" + HAN + "]{2,}$", "u");
  var START = "\u2061", SEP = "\u2063", END = "\u2062";  // a passage of names (src/sitebuild/search.py)

  // How a name and a query are compared: case, white space and hyphens left out.
  function key(text) {
    return text.replace(/[\s-]+/g, "").toLowerCase();
  }

  // `text` converted by the table `tables.fold`: at each place the longest phrase that starts there, else the
  // character itself (sitebuild.search.fold does the same).
  function fold(text, tables) {
    var table = tables && tables.fold, longest = (tables && tables.longest) || 0;
    if (!table || !longest) return text;
    var chars = Array.from(text), out = "", i = 0;
    while (i < chars.length) {
      var n = Math.min(longest, chars.length - i), done = false;
      for (; n > 0; n--) {
        var piece = chars.slice(i, i + n).join("");
        if (Object.prototype.hasOwnProperty.call(table, piece)) {
          out += table[piece];
          i += n;
          done = true;
          break;
        }
      }
      if (!done) out += chars[i++];
    }
    return out;
  }

  // byCharacter: whether the page's language is indexed a Han character at a time (src/kb/languages.py), as
  // the search box says in its data-by-character; tables: what the build wrote beside the index for it.
  function term(text, byCharacter, tables) {
    var t = text.trim();
    var quoted = /^".*"$/.test(t);
    if (quoted) t = t.slice(1, -1).trim();
    var names = (tables && tables.names) || {};
    var named = Object.prototype.hasOwnProperty.call(names, key(t));
    if (!named) t = fold(t, tables);
    var phrase = quoted || (named && names[key(t)] === 1);
    if (!byCharacter || t.search(ONE_HAN) < 0) return phrase ? '"' + t + '"' : (quoted ? text : t);
    phrase = phrase || HAN_RUN.test(t);
    var chars = t.replace(ONE_HAN, " $& ").replace(/\s+/g, " ").trim();
    return phrase ? '"' + chars + '"' : chars;
  }

  // A title or an excerpt without the passages of names the index holds: where one was marked and nothing of
  // the page's own text is, the page's own writing of a name of that passage is marked instead.
  function unnamed(s) {
    var cut = [], first = s.indexOf(END), open = s.indexOf(START);
    if (first >= 0 && (open < 0 || first < open)) {  // the excerpt starts inside a passage
      cut.push(s.slice(0, first));
      s = s.slice(first + 1);
    }
    s = s.replace(new RegExp(START + "([^" + END + "]*)(?:" + END + "|$)", "g"), function (_, inner) {
      cut.push(inner);
      return " ";
    });
    if (!cut.length) return s;
    s = s.replace(/\s{2,}/g, " ").trim();
    if (s.indexOf("<mark>") < 0) {
      var names = [];
      cut.forEach(function (inner) {
        if (inner.indexOf("<mark>") >= 0) {
          inner.replace(/<\/?mark>/g, "").split(SEP).forEach(function (n) { if (n.trim()) names.push(n.trim()); });
        }
      });
      names.sort(function (a, b) { return b.length - a.length; });
      names.some(function (n) {
        var at = s.toLowerCase().indexOf(n.toLowerCase());
        if (at < 0) return false;
        s = s.slice(0, at) + "<mark>" + s.slice(at, at + n.length) + "</mark>" + s.slice(at + n.length);
        return true;
      });
    }
    return s;
  }

  function plain(s) {
    return typeof s === "string" ? unnamed(s.replace(/\u200b/g, "")).replace(/<\/mark><mark>/g, "") : s;
  }

  // An excerpt that lies wholly inside a passage the index holds (a quote's text in the other script: no mark
  // of the passage is in it) is not the page's own text: the page's first words are shown instead, unmarked.
  var PASSAGE = new RegExp(START + "[^" + END + "]*(?:" + END + "|$)", "g");
  function bare(s) {
    return s.replace(/<\/?mark>/g, "").replace(/[\s\u200b]+/g, "");
  }
  function own(data, s) {
    if (typeof s !== "string" || typeof data.content !== "string" || s.indexOf("<mark>") < 0) return s;
    var content = data.content.replace(/\u200b/g, "").replace(PASSAGE, " ").replace(/\s+/g, " ").trim();
    if (bare(content).indexOf(bare(s)) >= 0) return s;
    var cut = content.slice(0, 60), space = cut.lastIndexOf(" ");
    return (content.length > 60 && space > 30 ? cut.slice(0, space) : cut) + (content.length > 60 ? " …" : "");
  }

  function result(data) {
    if (data.meta) data.meta.title = plain(data.meta.title);
    data.excerpt = own(data, plain(data.excerpt));
    (data.sub_results || []).forEach(function (s) {
      s.title = plain(s.title);
      s.excerpt = own(data, plain(s.excerpt));
    });
    return data;
  }

  // Pagefind's search box shows 12 words around a match; 24 Chinese characters are about as many words.
  function excerptLength(byCharacter) {
    return byCharacter ? 24 : 12;
  }

  // The later parts of the index of the language `lang` (as Pagefind names it: the page's <html lang>, lower
  // case), as bundle paths under `bundle`, from the bundle's kb-parts.json; none when it cannot be read.
  function parts(bundle, lang, manifest) {
    var named = (manifest && manifest[lang]) || [];
    return named.map(function (p) { return bundle + p; });
  }

  root.kbSearch = { term: term, result: result, excerptLength: excerptLength, parts: parts, fold: fold };
  if (typeof window === "undefined" || typeof document.getElementById !== "function") return;

  function start() {
    var box = document.getElementById("kb-search");
    if (!box || !window.PagefindUI) return;
    var byCharacter = box.getAttribute("data-by-character") === "true";
    var bundle = box.getAttribute("data-bundle");
    var lang = (document.documentElement.getAttribute("lang") || "unknown").toLowerCase();
    // The UI's words in the page's language (src/render/search.py): Pagefind would pick its own by language and
    // region, and give a Traditional Chinese page Simplified ones.
    var words = {};
    try { words = JSON.parse(box.getAttribute("data-words") || "{}"); } catch (e) { words = {}; }
    function open(manifest, tables) {
      var ui = new window.PagefindUI({
        element: "#kb-search", bundlePath: bundle,
        mergeIndex: parts(bundle, lang, manifest).map(function (p) {
          return { bundlePath: p, excerptLength: excerptLength(byCharacter) };
        }),
        showSubResults: true, showImages: false, excerptLength: excerptLength(byCharacter), translations: words,
        processTerm: function (t) { return term(t, byCharacter, tables); },
        processResult: result
      });
      var q = new URLSearchParams(window.location.search).get("q");
      if (q) ui.triggerSearch(q);
      labelled(box, q);
    }
    // The box's input, once Pagefind has drawn it: named by the label the page gives it (render/search.py), and
    // its query kept in the address as the reader types, so that the language switcher (kb.js) and a reload keep it.
    function labelled(box, q, tries) {
      var input = box.querySelector("input");
      if (!input) {
        if ((tries || 0) < 50) window.requestAnimationFrame(function () { labelled(box, q, (tries || 0) + 1); });
        return;
      }
      input.id = "kb-search-input";
      input.removeAttribute("title");
      if (q && !input.value) input.value = q;
      input.addEventListener("input", function () {
        var url = new URL(window.location.href);
        if (input.value.trim()) url.searchParams.set("q", input.value.trim());
        else url.searchParams.delete("q");
        window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
        document.dispatchEvent(new CustomEvent("kb:query"));
      });
    }
    function json(name) {
      return fetch(bundle + name)
        .then(function (r) { return r.ok ? r.json() : null; })
        .catch(function () { return null; });
    }
    // the later parts of the index, and the query's conversion and names (a search works without either)
    Promise.all([json("kb-parts.json"), json("kb-search-" + lang + ".json")])
      .then(function (got) { open(got[0], got[1]); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})(typeof window !== "undefined" ? window : globalThis);
