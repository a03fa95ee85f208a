import MarkdownIt from "markdown-it";
import { DirectiveError } from "./directive-error.js";

type Markdown = InstanceType<typeof MarkdownIt>;
type StateBlock = Parameters<Parameters<Markdown["block"]["ruler"]["at"]>[1]>[0];
type StateInline = Parameters<Parameters<Markdown["inline"]["ruler"]["at"]>[1]>[0];

/**
 * Elements the real API's markdown parser treats as inline: a line starting with one of these
 * is a paragraph, not a raw HTML block, so it comes out wrapped in `<p>`. `script` is one.
 */
const INLINE_ELEMENTS = new Set(
  (
    "a abbr acronym b basefont bdo big br button blink cite code del dfn em font i img ins input " +
    "iframe kbd label listing map mark nobr object q rp rt ruby s samp script select small spacer " +
    "span strong sub sup tt var u wbr time"
  ).split(" "),
);

/** Elements it counts as closed by their opening tag when measuring a raw HTML block. */
const SELF_CLOSING = new Set(["br", "hr", "img", "input", "nobr"]);

const count = (text: string, part: string) => text.split(part).length - 1;
const lineAt = (state: StateBlock, line: number) =>
  state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);

/**
 * The element name a line starting with `<` opens: the text up to the first `>` or space, less
 * trailing slashes. Without a `>` the real parser takes all but the line's last character.
 */
function openedTag(line: string): string {
  const gt = line.indexOf(">");
  const space = line.indexOf(" ");
  const end = gt < 0 ? line.length - 1 : space < 0 ? gt : Math.min(gt, space);
  return line.slice(1, Math.max(end, 1)).replace(/\/+$/, "");
}

/** Whether a line starts a raw HTML block: a comment, or a tag of a non-inline element. */
function startsHtmlBlock(line: string): boolean {
  if (line[0] !== "<" || line[1] === " ") return false;
  if (line.startsWith("<!--")) return true;
  if (!line.includes(">") && !line.includes(" ")) return false;
  const tag = openedTag(line);
  return /^[A-Za-z0-9]+$/.test(tag) && !INLINE_ELEMENTS.has(tag.toLowerCase());
}

/**
 * A raw HTML block as the real API's parser finds one, in place of CommonMark's rules: a line
 * beginning (unindented) with `<!--` runs to the first line containing `-->`; a line beginning
 * with a block element's tag runs until as many `</tag>` (and `/>`) as `<tag` have been seen.
 * The lines are copied unchanged, attributes and scripts included. It never interrupts a
 * paragraph, and a paragraph may follow it without a blank line.
 */
function htmlBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean) {
  if (state.sCount[startLine] !== state.blkIndent) return false;
  const first = lineAt(state, startLine);
  if (!startsHtmlBlock(first)) return false;
  if (silent) return true;
  let last = startLine;
  if (first.startsWith("<!--")) {
    while (last < endLine - 1 && !lineAt(state, last).includes("-->")) last++;
  } else {
    const tag = openedTag(first);
    let level = SELF_CLOSING.has(tag) ? -1 : 0;
    for (; last < endLine; last++) {
      const text = lineAt(state, last);
      level += count(text, `<${tag}`) - count(text, `</${tag}>`) - count(text, "/>");
      if (level <= 0) break;
    }
    last = Math.min(last, endLine - 1);
  }
  state.line = last + 1;
  const token = state.push("html_block", "", 0);
  token.map = [startLine, state.line];
  const content = state.getLines(startLine, state.line, state.blkIndent, true);
  token.content = content.endsWith("\n") ? content : `${content}\n`;
  return true;
}

/**
 * Inline HTML as the real API's parser finds it: `<`, an optional `/`, a word, then either `>`
 * or a space and anything up to the next `>`; or a comment. Copied unchanged, event handlers
 * and all. A `<` that starts neither is text (escaped as `&lt;`).
 */
function htmlInline(state: StateInline, silent: boolean) {
  if (state.src.charCodeAt(state.pos) !== 0x3c /* < */) return false;
  const rest = state.src.slice(state.pos);
  const match = /^<\/?\w+(?: .*?)?>/s.exec(rest) ?? /^<!--.*?-->/s.exec(rest);
  if (!match) return false;
  if (!silent) state.push("html_inline", "", 0).content = match[0];
  state.pos += match[0].length;
  return true;
}

/**
 * An HTML entity (`&copy;`, `&#169;`) is copied unchanged, as the real API's parser does; any
 * other `&` stays text and is escaped.
 */
function entity(state: StateInline, silent: boolean) {
  if (state.src.charCodeAt(state.pos) !== 0x26 /* & */) return false;
  const match = /^&#?\w+;/.exec(state.src.slice(state.pos));
  if (!match) return false;
  if (!silent) state.push("html_inline", "", 0).content = match[0];
  state.pos += match[0].length;
  return true;
}

/** Text and code escaped as the real API's parser escapes them: `&`, `<` and `>`, not quotes. */
const escapeText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * One flavor's parser: markdown-it with the real API's raw-HTML and entity rules, its escaping,
 * HTML5 void tags (`<br>`, `<hr>`) as the real API configures them, and `<del>` for
 * strikethrough.
 */
function parser(
  preset: "commonmark" | "default",
  options: { linkify?: boolean; breaks?: boolean; strikethrough?: boolean },
): Markdown {
  const md = new MarkdownIt(preset, {
    html: true,
    xhtmlOut: false,
    linkify: options.linkify ?? false,
    breaks: options.breaks ?? false,
  });
  md.block.ruler.at("html_block", htmlBlock);
  md.inline.ruler.at("html_inline", htmlInline);
  md.inline.ruler.at("entity", entity);
  const { rules } = md.renderer;
  rules.text = (tokens, i) => escapeText(tokens[i]!.content);
  rules.code_inline = (tokens, i) => `<code>${escapeText(tokens[i]!.content)}</code>`;
  rules.code_block = (tokens, i) => `<pre><code>${escapeText(tokens[i]!.content)}</code></pre>\n`;
  if (preset === "default" && !options.strikethrough) md.disable("strikethrough");
  // Bare URLs become links; bare e-mail addresses do not.
  if (options.linkify) md.linkify.set({ fuzzyEmail: false });
  rules.s_open = () => "<del>";
  rules.s_close = () => "</del>";
  return md;
}

/**
 * The flavors the real API accepts (the names of its markdown helper's flavors), each on the
 * markdown-it preset closest to that flavor's parser: `original` is the original Markdown
 * syntax; `gfm` adds tables, fenced code, strikethrough and bare-URL links; `gfm-comment` also
 * turns every newline into `<br>`; `extra` has tables and fenced code (footnotes, definition
 * lists and abbreviations are not supported, as in the real parser). Every flavor passes raw
 * HTML through unchanged.
 */
const renderers: Record<string, Markdown> = {
  original: parser("commonmark", {}),
  gfm: parser("default", { linkify: true, strikethrough: true }),
  "gfm-comment": parser("default", { linkify: true, breaks: true, strikethrough: true }),
  extra: parser("default", {}),
};

/** Flavor names `@markdown(flavor:)` accepts. */
export const markdownFlavors: readonly string[] = Object.keys(renderers);

/**
 * Renders Markdown to HTML for the `@markdown` directive, as the real API does: raw HTML in the
 * text, blocks and inline tags alike, is copied into the output unchanged in every flavor, so
 * the result is only as safe as the text (sanitize it before inserting it into a page).
 * `inlineOnly` parses inline syntax only, with no `<p>` around paragraphs. An unknown flavor
 * (names are case-sensitive) is a {@link DirectiveError} listing the valid ones.
 *
 * @example
 * renderMarkdown("Hello *world*"); // "<p>Hello <em>world</em></p>\n"
 * renderMarkdown("Hi <b onclick=x()>there</b>", "gfm"); // "<p>Hi <b onclick=x()>there</b></p>\n"
 */
export function renderMarkdown(text: string, flavor = "original", inlineOnly = false): string {
  const renderer = Object.hasOwn(renderers, flavor) ? renderers[flavor] : undefined;
  if (!renderer) {
    throw new DirectiveError(
      `Markdown flavor "${flavor}" is not defined; use one of ${markdownFlavors.join(", ")}`,
    );
  }
  if (/^[ \t\n\r\0\v]*$/.test(text)) return "";
  return inlineOnly ? renderer.renderInline(text) : renderer.render(text);
}
