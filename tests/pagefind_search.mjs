// Query the Pagefind index of a built site from Node, the way the site's search page does:
// each query goes through the page's own assets/kb-search.js (term() before the search, with
// the conversion and names the build wrote beside the index, result() on every result, its
// excerpt length), the index is read from disk and any network access is refused.
// A language indexed in parts is searched in all of them, merged as the search page merges them.
// usage: node pagefind_search.mjs SITE_DIR LANG [--full] TERM...
//   -> JSON {term: [url, ...]}, every result in Pagefind's order; with --full each result is
//      {url, title, excerpt, sub_results: [{title, excerpt}]}.
import { readFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
const [site, lang, ...args] = process.argv.slice(2);  // lang: the pages' <html lang> tag, as Pagefind names its index
// the search box of a Chinese page says its index reads Han text a character at a time (data-by-character)
const byCharacter = lang.slice(0, 2).toLowerCase() === "zh";
const full = args[0] === "--full";
const terms = full ? args.slice(1) : args;
await import(pathToFileURL(site + "/assets/kb-search.js").href);
const kbSearch = globalThis.kbSearch;
globalThis.document = { querySelector: () => ({ getAttribute: () => lang }), currentScript: null };
globalThis.fetch = async (url, opts) => {
  const u = new URL(url);
  if (u.protocol !== "file:") throw new Error("network access refused: " + url);
  const buf = await readFile(fileURLToPath(u));
  return new Response(buf);
};
const pf = await import(pathToFileURL(site + "/pagefind/pagefind.js").href);
await pf.options({
  basePath: pathToFileURL(site + "/pagefind/").href, baseUrl: "/", excerptLength: kbSearch.excerptLength(byCharacter),
});
await pf.init();
// the later parts of the language's index, merged as the search page merges them (kb-parts.json)
let manifest = null;
try { manifest = JSON.parse(await readFile(site + "/pagefind/kb-parts.json", "utf-8")); } catch { manifest = null; }
const bundle = pathToFileURL(site + "/pagefind/").href;
for (const part of kbSearch.parts(bundle, lang.toLowerCase(), manifest)) {
  await pf.mergeIndex(part, { baseUrl: "/", excerptLength: kbSearch.excerptLength(byCharacter) });
}
// the query's conversion into the page's script and the names searched as typed, as the build wrote them
let tables = null;
try {
  tables = JSON.parse(await readFile(site + "/pagefind/kb-search-" + lang.toLowerCase() + ".json", "utf-8"));
} catch { tables = null; }
const out = {};
for (const t of terms) {
  const r = await pf.search(kbSearch.term(t, byCharacter, tables));
  const data = (await Promise.all(r.results.map((x) => x.data()))).map(kbSearch.result);
  out[t] = full
    ? data.map((d) => ({
        url: d.url, title: d.meta.title, excerpt: d.excerpt,
        sub_results: d.sub_results.map((s) => ({ title: s.title, excerpt: s.excerpt })),
      }))
    : data.map((d) => d.url);
}
console.log(JSON.stringify(out));
