/**
 * Precompiles the Handlebars templates of `templates/` into `dist/generator/templates.compiled.js`
 * with Handlebars' runtime (its small half, without the compiler) bundled in, so the published
 * CLI renders its templates without installing Handlebars, its compiler's dependencies or the
 * optional `uglify-js` they bring. The templates stay Handlebars files; `generator/templates.ts`
 * renders the precompiled ones when this file is there and compiles `templates/` itself
 * otherwise (running from the sources, where Handlebars is a devDependency).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import fastGlob from "fast-glob";
import Handlebars from "handlebars";
import { packageRoot } from "../input/paths.js";
import { TEMPLATE_OPTIONS } from "../generator/template-options.js";

const folder = join(packageRoot, "templates");
const names = fastGlob.sync("**/*.hbs", { cwd: folder }).sort();
const entries = names.map((name) => {
  const spec = Handlebars.precompile(readFileSync(join(folder, name), "utf8"), TEMPLATE_OPTIONS);
  return `  ${JSON.stringify(name)}: Handlebars.template(${spec}),`;
});
const source = [
  'import Handlebars from "handlebars/runtime";',
  "",
  "/** Every template of templates/, precompiled by scripts/build-templates.ts. */",
  "export const templates = {",
  ...entries,
  "};",
  "",
].join("\n");
const outfile = join(packageRoot, "dist/generator/templates.compiled.js");
await build({
  stdin: { contents: source, resolveDir: packageRoot, sourcefile: "templates.compiled.js" },
  outfile,
  bundle: true,
  format: "esm",
  platform: "node",
  target: ["node20"],
  legalComments: "eof",
  logLevel: "warning",
});
