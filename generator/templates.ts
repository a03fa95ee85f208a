import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../input/paths.js";
import { TEMPLATE_OPTIONS } from "./template-options.js";

type Template = (view: object) => string;

/**
 * The templates precompiled at build time (`scripts/build-templates.ts`, into
 * `dist/generator/templates.compiled.js`, with Handlebars' runtime bundled in): the published
 * package renders with these and installs no Handlebars. Undefined when running from the sources,
 * where `templates/` is compiled on first use instead, with Handlebars from the devDependencies.
 */
const precompiled = await import(new URL("./templates.compiled.js", import.meta.url).href).then(
  (module: { templates: Record<string, Template> }) => module.templates,
  (error: { code?: unknown }) => {
    if (error?.code === "ERR_MODULE_NOT_FOUND") return undefined;
    throw error;
  },
);

const cache = new Map<string, Template>();

/** Renders a template from `templates/` with a prepared view model. Templates hold no logic. */
export function renderTemplate(name: string, view: object): string {
  let template = cache.get(name) ?? precompiled?.[name];
  if (!template) {
    if (precompiled) throw new Error(`no precompiled template ${name}; run \`npm run build\``);
    template = compileFromSources(name);
    cache.set(name, template);
  }
  return template(view);
}

/** The repository path of a template, for banners. */
export function templatePath(name: string): string {
  return `templates/${name}`;
}

/** Handlebars itself, from the devDependencies: only when running from the sources. */
const handlebars = precompiled ? undefined : (await import("handlebars")).default;

function compileFromSources(name: string): Template {
  const text = readFileSync(join(packageRoot, "templates", name), "utf8");
  return handlebars!.compile(text, TEMPLATE_OPTIONS);
}
