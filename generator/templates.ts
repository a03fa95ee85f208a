import { readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { packageRoot } from "../input/paths.js";

const cache = new Map<string, Handlebars.TemplateDelegate>();

/**
 * Renders a template from `templates/` with a prepared view model. Templates hold no logic;
 * `noEscape` because the output is TypeScript, not HTML.
 */
export function renderTemplate(name: string, view: object): string {
  let template = cache.get(name);
  if (!template) {
    const text = readFileSync(join(packageRoot, "templates", name), "utf8");
    template = Handlebars.compile(text, { noEscape: true, strict: true });
    cache.set(name, template);
  }
  return template(view);
}

/** The repository path of a template, for banners. */
export function templatePath(name: string): string {
  return `templates/${name}`;
}
