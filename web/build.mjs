// Bundles the client into dist/: index.html, assets/app.js, assets/style.css.
// Everything the page needs is in these files; nothing is fetched from elsewhere.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

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
copyFileSync(here + "src/style.css", here + "dist/assets/style.css");
// TEMPORARY (branch ddm-suikoden) until main bundles every *.css under src: the boards' own sheets after style.css.
writeFileSync(here + "dist/assets/style.css", ["style.css", "boards/ddm.css", "boards/suikoden.css"].map((f) => readFileSync(here + "src/" + f, "utf8")).join("\n"));
