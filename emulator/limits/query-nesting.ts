import { Lexer, Source, TokenKind } from "graphql";

const opening = new Set<string>([TokenKind.BRACE_L, TokenKind.PAREN_L, TokenKind.BRACKET_L]);
const closing = new Set<string>([TokenKind.BRACE_R, TokenKind.PAREN_R, TokenKind.BRACKET_R]);

/**
 * Where a query's text first nests deeper than `limit` levels of braces, parentheses and
 * brackets (selections, arguments, list and object values), or undefined when it never does.
 * It reads tokens only, before the query is parsed: parsing, validating and running a query
 * all recurse once per level, so a query nested thousands deep would otherwise overflow the
 * stack. Stops after `maxTokens` tokens or at a syntax error, both of which parsing reports.
 *
 * @example
 * queryNesting("{a{b{c}}}", 2, 20_000); // { line: 1, column: 5 }
 */
export function queryNesting(
  query: string,
  limit: number,
  maxTokens: number,
): { line: number; column: number } | undefined {
  const lexer = new Lexer(new Source(query));
  let depth = 0;
  try {
    for (let tokens = 0; tokens <= maxTokens; tokens++) {
      const token = lexer.advance();
      if (token.kind === TokenKind.EOF) return undefined;
      if (opening.has(token.kind)) {
        depth++;
        if (depth > limit) return { line: token.line, column: token.column };
      } else if (closing.has(token.kind)) {
        depth--;
      }
    }
  } catch {
    // A syntax error: parsing reports it, with its location.
  }
  return undefined;
}
