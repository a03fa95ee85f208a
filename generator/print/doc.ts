/**
 * A document for the line-fitting printer: plain text, line breaks that a group may keep flat,
 * groups, indentation and text that depends on whether its group broke. The same model as
 * Wadler's "prettier printer", which the formatter of the same name follows too, so code laid out
 * here breaks its lines where that formatter would.
 */
export type Doc =
  | string
  | readonly Doc[]
  | { readonly kind: "group"; readonly contents: Doc; readonly broken: boolean }
  | { readonly kind: "indent"; readonly contents: Doc }
  | { readonly kind: "align"; readonly spaces: number; readonly contents: Doc }
  | { readonly kind: "line"; readonly flat: "" | " " | undefined }
  | { readonly kind: "if-break"; readonly broken: Doc; readonly flat: Doc };

/** A space when its group fits on the line, else a line break. */
export const line: Doc = { kind: "line", flat: " " };
/** Nothing when its group fits on the line, else a line break. */
export const softline: Doc = { kind: "line", flat: "" };
/** Always a line break; every group around it breaks too. */
export const hardline: Doc = { kind: "line", flat: undefined };

/** Lays `contents` out flat when it fits in the rest of the line, else breaks its lines. */
export function group(contents: Doc): Doc {
  return { kind: "group", contents, broken: containsHardline(contents) };
}

/** Indents the lines `contents` breaks by one level (two spaces). */
export function indent(contents: Doc): Doc {
  return { kind: "indent", contents };
}

/** Indents the lines `contents` breaks by `spaces` more spaces. */
export function align(spaces: number, contents: Doc): Doc {
  return { kind: "align", spaces, contents };
}

/** `broken` when the enclosing group breaks its lines, else `flat`. */
export function ifBreak(broken: Doc, flat: Doc = ""): Doc {
  return { kind: "if-break", broken, flat };
}

/** `docs` with `separator` between each two. */
export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  return docs.flatMap((doc, index) => (index === 0 ? [doc] : [separator, doc]));
}

const INDENT = "  ";
type Mode = "flat" | "break";

/**
 * Prints a document in `width` columns: each group is laid out flat when it and what follows it
 * up to the next line break fit, else its lines break. Trailing spaces are never printed.
 *
 * @example
 * layout(group(["{", indent([line, "a: string;"]), line, "}"]), 100); // "{ a: string; }"
 */
export function layout(doc: Doc, width: number): string {
  const out: string[] = [];
  let column = 0;
  // The commands still to print, as three stacks side by side (an indentation, a mode and a
  // document each), so that printing allocates no tuple per command.
  const indents: string[] = [""];
  const modes: Mode[] = ["break"];
  const docs: Doc[] = [doc];
  const push = (indentation: string, mode: Mode, next: Doc) => {
    indents.push(indentation);
    modes.push(mode);
    docs.push(next);
  };
  while (docs.length > 0) {
    const indentation = indents.pop()!;
    const mode = modes.pop()!;
    const next = docs.pop()!;
    if (typeof next === "string") {
      out.push(next);
      column += next.length;
    } else if (isDocArray(next)) {
      for (let i = next.length - 1; i >= 0; i--) push(indentation, mode, next[i]!);
    } else if (next.kind === "indent") {
      push(indentation + INDENT, mode, next.contents);
    } else if (next.kind === "align") {
      push(indentation + " ".repeat(next.spaces), mode, next.contents);
    } else if (next.kind === "if-break") {
      push(indentation, mode, mode === "break" ? next.broken : next.flat);
    } else if (next.kind === "group") {
      const keepsFlat =
        !next.broken && (mode === "flat" || fits(next.contents, modes, docs, width - column));
      push(indentation, keepsFlat ? "flat" : "break", next.contents);
    } else if (mode === "flat" && next.flat !== undefined) {
      out.push(next.flat);
      column += next.flat.length;
    } else {
      trimTrailingSpaces(out);
      out.push(`\n${indentation}`);
      column = indentation.length;
    }
  }
  return out.join("");
}

/**
 * Whether `next` laid out flat, and then the commands after it (the stacks `modes` and `docs`,
 * read from the top) up to the first line break they keep, fit in `room` columns.
 */
function fits(next: Doc, modes: readonly Mode[], docs: readonly Doc[], room: number): boolean {
  const pendingModes: Mode[] = ["flat"];
  const pending: Doc[] = [next];
  let restIndex = docs.length;
  let left = room;
  while (left >= 0) {
    if (pending.length === 0) {
      if (restIndex === 0) return true;
      restIndex--;
      pendingModes.push(modes[restIndex]!);
      pending.push(docs[restIndex]!);
      continue;
    }
    const mode = pendingModes.pop()!;
    const doc = pending.pop()!;
    if (typeof doc === "string") left -= doc.length;
    else if (isDocArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) {
        pendingModes.push(mode);
        pending.push(doc[i]!);
      }
    } else if (doc.kind === "indent" || doc.kind === "align") {
      pendingModes.push(mode);
      pending.push(doc.contents);
    } else if (doc.kind === "if-break") {
      pendingModes.push(mode);
      pending.push(mode === "break" ? doc.broken : doc.flat);
    } else if (doc.kind === "group") {
      pendingModes.push(doc.broken ? "break" : mode);
      pending.push(doc.contents);
    } else if (mode === "break" || doc.flat === undefined) return true;
    else left -= doc.flat.length;
  }
  return false;
}

function containsHardline(doc: Doc): boolean {
  if (typeof doc === "string") return false;
  if (isDocArray(doc)) return doc.some(containsHardline);
  switch (doc.kind) {
    case "line":
      return doc.flat === undefined;
    case "group":
      return doc.broken;
    case "indent":
    case "align":
      return containsHardline(doc.contents);
    case "if-break":
      return containsHardline(doc.broken) || containsHardline(doc.flat);
  }
}

function trimTrailingSpaces(out: string[]): void {
  while (out.length > 0) {
    const last = out[out.length - 1]!;
    // Most lines end in text: nothing to trim, and no new string made.
    const end = last.charCodeAt(last.length - 1);
    if (last.length === 0 || (end !== 32 && end !== 9)) return;
    const trimmed = last.replace(/[ \t]+$/, "");
    if (trimmed.length > 0 || last.length === 0) {
      out[out.length - 1] = trimmed;
      return;
    }
    out.pop();
  }
}

function isDocArray(doc: Doc): doc is readonly Doc[] {
  return Array.isArray(doc);
}
