import {
  type GraphQLResolveInfo,
  getDirectiveValues,
  getNullableType,
  isScalarType,
} from "graphql";
import type { ElementRecord } from "../content/element-record.js";
import { atomDateTime, formatDirectiveDateTime } from "./format-date-time.js";
import type { ContentIndex } from "../content/index-site.js";
import { parseRefs } from "./parse-refs.js";
import { renderMarkdown } from "./render-markdown.js";
import { type FocalPoint, type TransformArgs, transformUrl } from "./transform-url.js";

/**
 * Applies the presentation directives on a field, in the order written: `@formatDateTime` to
 * dates, `@markdown` to strings (and to a null `String` field, which the real API reads as empty
 * text, giving `""`), `@transform` to an asset's `url`. A directive on a value it does not apply
 * to leaves the value as it is, as in the real API. Dates left unformatted come out in the Atom
 * format in UTC. `language` is the site's, the locale of dates the query gives no `locale` for.
 * As in the real API, an empty `locale` or `timezone` (`""`, or `"0"`, which PHP counts as
 * empty) is no argument.
 *
 * @example
 * const shown = applyDirectives(value, source, info, "en-GB");
 */
export function applyDirectives(
  value: unknown,
  source: unknown,
  info: GraphQLResolveInfo,
  language: string,
  index?: ContentIndex,
): unknown {
  let result = value;
  for (const node of info.fieldNodes[0]?.directives ?? []) {
    const definition = info.schema.getDirective(node.name.value);
    if (!definition) continue;
    const args = (getDirectiveValues(definition, { directives: [node] }, info.variableValues) ??
      {}) as Record<string, unknown>;
    switch (node.name.value) {
      case "formatDateTime":
        if (result instanceof Date) {
          result = formatDirectiveDateTime(result, {
            format: (args.format as string | null) ?? undefined,
            timeZone: given(args.timezone),
            locale: given(args.locale) ?? language,
          });
        }
        break;
      case "markdown":
        if (typeof result === "string" || (result == null && returnsString(info))) {
          result = renderMarkdown(
            result ?? "",
            (args.flavor as string | null) ?? undefined,
            args.inlineOnly === true,
          );
        }
        break;
      // Craft 5's text directives: on text (and on a null String field, which is empty text).
      case "stripTags":
      case "trim":
      case "parseRefs":
        if (typeof result === "string" || (result == null && returnsString(info)))
          result = TEXT_DIRECTIVES[node.name.value](String(result ?? ""), args, index);
        break;
      case "transform": {
        const record = source as ElementRecord | undefined;
        if (
          record?._?.kind === "asset" &&
          info.fieldName === "url" &&
          typeof record.url === "string"
        ) {
          result = transformUrl(record.url, args as TransformArgs, focalPointOf(record)) ?? result;
        }
        break;
      }
    }
  }
  return result instanceof Date ? atomDateTime(result) : result;
}

/** Craft 5's directives that change text, by name. */
const TEXT_DIRECTIVES: Record<
  "stripTags" | "trim" | "parseRefs",
  (text: string, args: Record<string, unknown>, index: ContentIndex | undefined) => string
> = {
  stripTags: (text, args) => stripTags(text, (args.allowed as (string | null)[] | null) ?? []),
  trim: (text) => text.trim(),
  parseRefs: (text, _args, index) => (index ? parseRefs(text, index) : text),
};

/** Whether the field is a single `String`. */
function returnsString(info: GraphQLResolveInfo): boolean {
  const type = getNullableType(info.returnType);
  return isScalarType(type) && type.name === "String";
}

/** A string argument PHP's `empty()` does not count as empty: not null, `""` or `"0"`. */
const given = (value: unknown) =>
  typeof value === "string" && value !== "" && value !== "0" ? value : undefined;

/**
 * The focal point a crop of this asset centres on: the one set on it, else none (the centre the
 * API shows for images without one is a default, not a choice to honour).
 *
 * @example
 * transformUrl(asset.url, { width: 600, height: 400 }, focalPointOf(asset));
 */
export function focalPointOf(asset: ElementRecord): FocalPoint | null {
  return asset.hasFocalPoint === true ? (asset.focalPoint as FocalPoint) : null;
}

/**
 * PHP's `strip_tags` as `@stripTags` calls it: every tag and comment removed but for the allowed
 * tags (given as `p` or `<p>`), whose tags stay as written.
 *
 * @example
 * stripTags("<p>Hi <b>there</b></p>", ["p"]); // "<p>Hi there</p>"
 */
export function stripTags(text: string, allowed: readonly (string | null)[]): string {
  const keep = new Set(
    allowed.flatMap((tag) => (tag ? [tag.replace(/^<|>$/g, "").toLowerCase()] : [])),
  );
  return text.replace(
    /<!--[\s\S]*?-->|<\/?([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g,
    (tag, name?: string) => (name !== undefined && keep.has(name.toLowerCase()) ? tag : ""),
  );
}
