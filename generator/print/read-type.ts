import { type Member, type TypeNode, literal, typeName, union } from "./ts-syntax.js";

type Token =
  | { kind: "word" | "string" | "number" | "punct"; text: string; at: number }
  | { kind: "doc"; text: string; at: number };

const PUNCTUATION = new Set([
  "{",
  "}",
  "(",
  ")",
  "[",
  "]",
  "<",
  ">",
  "|",
  "&",
  ":",
  ";",
  ",",
  "=",
  "?",
]);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      if (end < 0) throw new SyntaxError(`unterminated comment at offset ${i}`);
      if (text[i + 2] === "*")
        tokens.push({ kind: "doc", text: docText(text.slice(i + 3, end)), at: i });
      i = end + 2;
    } else if (text.startsWith("//", i)) {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      if (j >= text.length) throw new SyntaxError(`unterminated string at offset ${i}`);
      tokens.push({ kind: "string", text: text.slice(i, j + 1), at: i });
      i = j + 1;
    } else if (/[-0-9]/.test(c)) {
      const match = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(i));
      if (!match) throw new SyntaxError(`unexpected "${c}" at offset ${i}`);
      tokens.push({ kind: "number", text: match[0], at: i });
      i += match[0].length;
    } else if (/[A-Za-z_$]/.test(c)) {
      const match = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(i))!;
      tokens.push({ kind: "word", text: match[0], at: i });
      i += match[0].length;
    } else if (PUNCTUATION.has(c)) {
      tokens.push({ kind: "punct", text: c, at: i });
      i++;
    } else {
      throw new SyntaxError(`unexpected "${c}" at offset ${i}`);
    }
  }
  return tokens;
}

/** The text of a `/** ... *\/` comment without its stars. */
function docText(body: string): string {
  return body
    .split("\n")
    .map((l) => l.replace(/^\s*\* ?/, "").trimEnd())
    .join("\n")
    .trim();
}

/**
 * Reads one TypeScript type expression (names, literals, arrays, unions, intersections, indexed
 * access, `keyof`, `readonly` and object types with doc comments) into the nodes the printer lays
 * out, so type text built by an emitter is printed like the rest of the output. An object written
 * over several lines stays expanded, as the formatter keeps it. Anything outside that subset is an
 * error naming it, never a silent change of meaning.
 *
 * @example
 * readType("readonly (string | number)[]"); // { kind: "operator", operator: "readonly", ... }
 */
export function readType(text: string): TypeNode {
  const reader = new Reader(text, tokenize(text));
  return reader.wholeType();
}

class Reader {
  private index = 0;
  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
  ) {}

  wholeType(): TypeNode {
    const type = this.type();
    if (this.index < this.tokens.length)
      throw this.error(`"${this.tokens[this.index]!.text}" after the type`);
    return type;
  }

  private members(): Member[] {
    this.expect("{");
    const members: Member[] = [];
    while (!this.accept("}")) {
      const doc = this.doc();
      if (this.accept("[")) {
        const key = this.word();
        this.expect(":");
        const keyType = this.type();
        this.expect("]");
        this.expect(":");
        members.push({ kind: "index", key, keyType, type: this.type(), doc });
      } else {
        const token = this.next("a member");
        if (token.kind !== "word" && token.kind !== "string") throw this.error(`"${token.text}"`);
        const name =
          token.kind === "string" ? (JSON.parse(toDoubleQuoted(token.text)) as string) : token.text;
        const optional = this.accept("?");
        this.expect(":");
        members.push({ kind: "property", name, optional, type: this.type(), doc });
      }
      this.accept(";") || this.accept(",");
    }
    return members;
  }

  private type(): TypeNode {
    this.accept("|");
    const types = [this.intersection()];
    while (this.accept("|")) types.push(this.intersection());
    return union(types);
  }

  private intersection(): TypeNode {
    const types = [this.postfix()];
    while (this.accept("&")) types.push(this.postfix());
    return types.length === 1 ? types[0]! : { kind: "intersection", types };
  }

  private postfix(): TypeNode {
    let type = this.primary();
    while (this.peek("[")) {
      if (this.tokens[this.index + 1]?.text === "]") {
        this.index += 2;
        type = { kind: "array", element: type };
        continue;
      }
      // Members may be separated by line breaks alone: `[key: string]` is the next member's
      // index signature, not an indexed access.
      if (this.tokens[this.index + 2]?.text === ":") break;
      this.expect("[");
      const index = this.type();
      this.expect("]");
      type = { kind: "indexed", object: type, index };
    }
    return type;
  }

  private primary(): TypeNode {
    if (this.accept("(")) {
      const type = this.type();
      this.expect(")");
      return type;
    }
    if (this.peek("{")) {
      // As the formatter does: an object written over several lines stays expanded.
      const open = this.tokens[this.index]!.at;
      const first = this.tokens[this.index + 1]?.at ?? open;
      const expanded = this.text.slice(open, first).includes("\n");
      return { kind: "object", members: this.members(), expanded };
    }
    const token = this.next("a type");
    if (token.kind === "string") return literal(JSON.parse(toDoubleQuoted(token.text)) as string);
    if (token.kind === "number") return literal(Number(token.text));
    if (token.kind === "word") {
      if ((token.text === "keyof" || token.text === "readonly") && !this.peek(")")) {
        return { kind: "operator", operator: token.text, type: this.postfix() };
      }
      if (token.text === "true" || token.text === "false") return literal(token.text === "true");
      if (!this.accept("<")) return typeName(token.text);
      const args = [this.type()];
      while (this.accept(",")) args.push(this.type());
      this.expect(">");
      return typeName(token.text, args);
    }
    throw this.error(`"${token.text}"`);
  }

  private doc(): string | undefined {
    let text: string | undefined;
    while (this.tokens[this.index]?.kind === "doc") text = this.tokens[this.index++]!.text;
    return text || undefined;
  }

  private word(): string {
    const token = this.next("a name");
    if (token.kind !== "word") throw this.error(`"${token.text}" where a name belongs`);
    return token.text;
  }

  private peek(text: string): boolean {
    const token = this.tokens[this.index];
    return token !== undefined && token.kind !== "doc" && token.text === text;
  }

  private accept(text: string): boolean {
    if (!this.peek(text)) return false;
    this.index++;
    return true;
  }

  private expect(text: string): void {
    if (!this.accept(text)) {
      const token = this.tokens[this.index];
      throw this.error(
        token ? `"${token.text}" where "${text}" belongs` : `the end where "${text}" belongs`,
      );
    }
  }

  private next(what: string): Token {
    const token = this.tokens[this.index++];
    if (!token || token.kind === "doc") throw this.error(`the end where ${what} belongs`);
    return token;
  }

  private error(what: string): SyntaxError {
    const at = this.tokens[Math.min(this.index, this.tokens.length - 1)]?.at ?? 0;
    return new SyntaxError(`unexpected ${what} at offset ${at}`);
  }
}

function toDoubleQuoted(text: string): string {
  if (text.startsWith('"')) return text;
  return `"${text.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`;
}
