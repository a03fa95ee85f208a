import MarkdownIt from "markdown-it";

/**
 * The flavors the real markdown processor accepts, mapped onto markdown-it presets:
 * `original` is strict CommonMark; `gfm` adds tables, strikethrough and autolinks; `gfm-comment`
 * also turns single newlines into `<br>` as comments on the code-hosting platform do; `extra`
 * has the tables of Markdown Extra (footnotes and definition lists are not supported).
 */
const renderers: Record<string, InstanceType<typeof MarkdownIt>> = {
  original: new MarkdownIt("commonmark"),
  gfm: new MarkdownIt("default", { linkify: true }),
  "gfm-comment": new MarkdownIt("default", { linkify: true, breaks: true }),
  extra: new MarkdownIt("default"),
};

/** Flavor names `@markdown(flavor:)` accepts. */
export const markdownFlavors: readonly string[] = Object.keys(renderers);

/**
 * Renders Markdown to HTML for the `@markdown` directive. Raw HTML in the source is escaped, so
 * content cannot inject markup. An unknown flavor is a RangeError listing the valid ones.
 *
 * @example
 * renderMarkdown("Hello *world*"); // "<p>Hello <em>world</em></p>\n"
 */
export function renderMarkdown(text: string, flavor = "original", inlineOnly = false): string {
  const renderer = renderers[flavor];
  if (!renderer) {
    throw new RangeError(
      `Unknown markdown flavor "${flavor}"; use one of ${markdownFlavors.join(", ")}`,
    );
  }
  return inlineOnly ? renderer.renderInline(text) : renderer.render(text);
}
