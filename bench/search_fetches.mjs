// What Pagefind fetches for one query, the way the browser's search does, read from disk: the
// query and the excerpt length go through the site's assets/kb-search.js, as on its search page.
// usage: node search_fetches.mjs SITE_DIR LANG TERM [SHOWN]
//   -> JSON {term, lang, results, fetched: [site-relative paths, in order]}
// A language indexed in parts is searched in all of them (the manifest's fetch is counted).
// SHOWN (default 5, Pagefind UI's page size) results have their fragments loaded, as the UI shows them.
// Network access is refused: only files under SITE_DIR are read.
import { readFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
const [site, lang, term, shownArg] = process.argv.slice(2);
const shown = Number(shownArg || 5);
const root = path.resolve(site);
const fetched = [];
await import(pathToFileURL(root + "/assets/kb-search.js").href);
const kbSearch = globalThis.kbSearch;
// a Chinese page's search box reads Han text a character at a time (its data-by-character)
const byCharacter = lang.slice(0, 2).toLowerCase() === "zh";
globalThis.document = { querySelector: () => ({ getAttribute: () => lang }), currentScript: null };
globalThis.fetch = async (url) => {
  const u = new URL(url);
  if (u.protocol !== "file:") throw new Error("network access refused: " + url);
  const file = fileURLToPath(u);
  fetched.push(path.relative(root, file));
  return new Response(await readFile(file));
};
const pf = await import(pathToFileURL(root + "/pagefind/pagefind.js").href);
await pf.options({
  basePath: pathToFileURL(root + "/pagefind/").href, baseUrl: "/", excerptLength: kbSearch.excerptLength(byCharacter),
});
await pf.init();
// the later parts of the language's index, as the search page merges them: the page fetches kb-parts.json first
const bundle = pathToFileURL(root + "/pagefind/").href;
const manifest = await (await fetch(bundle + "kb-parts.json")).json();
for (const part of kbSearch.parts(bundle, lang.toLowerCase(), manifest)) {
  await pf.mergeIndex(part, { baseUrl: "/", excerptLength: kbSearch.excerptLength(byCharacter) });
}
const r = await pf.search(kbSearch.term(term, byCharacter));
await Promise.all(r.results.slice(0, shown).map((x) => x.data()));
console.log(JSON.stringify({ term, lang, results: r.results.length, fetched }));
