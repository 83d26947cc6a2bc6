// Bundles the client into dist/: index.html, assets/app.js, assets/style.css.
// Everything the page needs is in these files; nothing is fetched from elsewhere.
// The stylesheet is src/style.css followed by every other *.css under src/
// (a board's or a part's own styles beside its code), in path order.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const here = new URL(".", import.meta.url).pathname;
rmSync(here + "dist", { recursive: true, force: true });
mkdirSync(here + "dist/assets", { recursive: true });
await build({
  entryPoints: [here + "src/main.ts"],
  bundle: true,
  minify: true,
  sourcemap: true,
  target: "es2020",
  outfile: here + "dist/assets/app.js",
  logLevel: "warning",
});
copyFileSync(here + "src/index.html", here + "dist/index.html");

function cssFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssFiles(join(dir, e.name)) : e.name.endsWith(".css") ? [join(dir, e.name)] : []);
}
const src = here + "src";
const others = cssFiles(src).filter((f) => f !== join(src, "style.css")).sort();
const css = [join(src, "style.css"), ...others]
  .map((f) => `/* ${relative(src, f)} */\n${readFileSync(f, "utf8")}`).join("\n");
writeFileSync(here + "dist/assets/style.css", css);
