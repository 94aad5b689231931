/* The search page: Pagefind's search box, searching the page's own language, offline.
   Chinese pages are indexed one Han character per word (src/sitebuild/search.py explains
   why); term() turns a Chinese query into the same characters, and into a phrase when it
   is one run of Han characters, so that 吞吐量 finds exactly the pages that contain 吞吐量.
   result() takes out the zero-width spaces that mark those characters in the titles, and
   excerptLength() counts an excerpt in words, which in Chinese are now characters.
   tests/pagefind_search.mjs searches with these three too.
   A language with many pages is indexed in parts (src/sitebuild/search.py): the bundle's
   kb-parts.json names the later parts of each language, and parts() gives the page's own,
   which Pagefind merges into the first (mergeIndex). The UI's own words come from the box's
   data-words, in the page's language. */
(function (root) {
  "use strict";
  var HAN = "\\u3007\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\u{20000}-\\u{3134f}";
  var ONE_HAN = new RegExp("[" + HAN + "]", "gu");
  var HAN_RUN = new RegExp("^[" + HAN + "]{2,}$", "u");

  // byCharacter: whether the page's language is indexed a Han character at a time (src/kb/languages.py), as
  // the search box says in its data-by-character.
  function term(text, byCharacter) {
    if (!byCharacter || text.search(ONE_HAN) < 0) return text;
    var t = text.trim();
    var quoted = /^".*"$/.test(t);
    if (quoted) t = t.slice(1, -1).trim();
    var phrase = quoted || HAN_RUN.test(t);
    var chars = t.replace(ONE_HAN, " $& ").replace(/\s+/g, " ").trim();
    return phrase ? '"' + chars + '"' : chars;
  }

  function plain(s) {
    return typeof s === "string" ? s.replace(/\u200b/g, "").replace(/<\/mark><mark>/g, "") : s;
  }

  function result(data) {
    if (data.meta) data.meta.title = plain(data.meta.title);
    data.excerpt = plain(data.excerpt);
    (data.sub_results || []).forEach(function (s) {
      s.title = plain(s.title);
      s.excerpt = plain(s.excerpt);
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

  root.kbSearch = { term: term, result: result, excerptLength: excerptLength, parts: parts };
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
    function open(manifest) {
      var ui = new window.PagefindUI({
        element: "#kb-search", bundlePath: bundle,
        mergeIndex: parts(bundle, lang, manifest).map(function (p) {
          return { bundlePath: p, excerptLength: excerptLength(byCharacter) };
        }),
        showSubResults: true, showImages: false, excerptLength: excerptLength(byCharacter), translations: words,
        processTerm: function (t) { return term(t, byCharacter); },
        processResult: result
      });
      var q = new URLSearchParams(window.location.search).get("q");
      if (q) ui.triggerSearch(q);
    }
    fetch(bundle + "kb-parts.json")
      .then(function (r) { return r.ok ? r.json() : null; })
      .catch(function () { return null; })
      .then(open);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})(typeof window !== "undefined" ? window : globalThis);
