// Query the Pagefind index of a built site from Node, the way the browser does,
// reading the index from disk and refusing any network access.
// usage: node pagefind_search.mjs SITE_DIR LANG TERM...  -> JSON {term: [urls]}
import { readFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
const [site, lang, ...terms] = process.argv.slice(2);
globalThis.document = { querySelector: () => ({ getAttribute: () => lang }), currentScript: null };
globalThis.fetch = async (url, opts) => {
  const u = new URL(url);
  if (u.protocol !== "file:") throw new Error("network access refused: " + url);
  const buf = await readFile(fileURLToPath(u));
  return new Response(buf);
};
const pf = await import(pathToFileURL(site + "/pagefind/pagefind.js").href);
await pf.options({ basePath: pathToFileURL(site + "/pagefind/").href, baseUrl: "/" });
await pf.init();
const out = {};
for (const t of terms) {
  const r = await pf.search(t);
  const data = await Promise.all(r.results.slice(0, 50).map((x) => x.data()));
  out[t] = data.map((d) => d.url);
}
console.log(JSON.stringify(out));
