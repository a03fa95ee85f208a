/**
 * Removes repeated members from the unions the operations plugin writes. A selection on an
 * interface that has a type condition somewhere in it becomes one union member per concrete type
 * of the interface; where the selection does not ask for `__typename`, every concrete type the
 * conditions do not name gets the same member, so a schema of 200 entry types repeats one object
 * type 200 times, at every level. `A | A` is `A`: dropping the repeats changes no type, and makes
 * the file a fraction of the size for the formatter and the type checker.
 *
 * The plugin prints a union one member a line: a line `<indent>| <member>`, the member's further
 * lines indented deeper, and the members of one union one after another at the same indent. A
 * member is compared with all its lines (nested unions deduplicated first), so two members are
 * only ever merged when their whole text is the same.
 *
 * @example
 * dedupeUnionMembers("type T = {\n  | { a: 1 }\n  | { a: 1 }\n};");
 * // "type T = {\n  | { a: 1 }\n};"
 */
export function dedupeUnionMembers(text: string): string {
  return dedupeLines(text.split("\n")).join("\n");
}

const MEMBER = /^( *)\| /;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function dedupeLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const start = MEMBER.exec(lines[i]!);
    if (!start) {
      out.push(lines[i]!);
      i++;
      continue;
    }
    const indent = start[1]!.length;
    const seen = new Set<string>();
    // One union: consecutive members at this indent, each with its deeper-indented lines.
    while (i < lines.length && MEMBER.exec(lines[i]!)?.[1]?.length === indent) {
      const first = lines[i]!;
      i++;
      const rest: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== "" && indentOf(lines[i]!) > indent) {
        rest.push(lines[i]!);
        i++;
      }
      const member = [first, ...dedupeLines(rest)];
      const key = member.join("\n");
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(...member);
    }
  }
  return out;
}
