/**
 * Bundles the explorer page (`explorer/main.tsx`: GraphiQL, React and the page's own code) for
 * the browser into `dist/explorer/explorer.js` and `explorer.css`, which `typewire serve` reads
 * from the package when a browser asks for them. Everything the page needs is in these two
 * files: GraphiQL's fonts are inlined, so the page loads with no network.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { packageRoot } from "../input/paths.js";

const outdir = join(packageRoot, "dist/explorer");
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { explorer: join(packageRoot, "explorer/main.tsx") },
  outdir,
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  target: ["es2022"],
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  loader: { ".woff2": "dataurl", ".woff": "dataurl", ".ttf": "dataurl", ".svg": "dataurl" },
  legalComments: "linked",
  logLevel: "warning",
});
