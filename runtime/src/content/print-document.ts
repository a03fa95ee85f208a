// Turns a selection into GraphQL document text. The text depends only on the selection (keys in
// the order they were written, no generated names), because the server caches by exact text.

type Node = Record<string, unknown>;

/** Prints the selection set of the root fields of a query. */
export function printRoot(fields: Node): string {
  let out = "";
  for (const key in fields) {
    const call = fields[key] as { f: string; a?: Node; s?: unknown };
    out += ` ${key === call.f ? "" : `${key}:`}${call.f}${printArgs(call.a)}${call.s ? printSet(call.s as Node) : ""}`;
  }
  return `{${out.slice(1)}}`;
}

function printSet(selection: Node): string {
  let out = "";
  let fragments = false;
  for (const key in selection) {
    const value = selection[key];
    if (key === "__args") continue;
    if (key.startsWith("... on ")) {
      fragments = true;
      out += ` ...on ${key.slice(7)}${printSet(value as Node)}`;
    } else out += ` ${key.replace(": ", ":")}${printField(value, "")}`;
  }
  if (fragments && !("__typename" in selection)) out = ` __typename${out}`;
  return out ? `{${out.slice(1)}}` : "";
}

/** Prints what follows a field name: arguments, then directives, then the sub-selection. */
function printField(value: unknown, directives: string): string {
  if (value === true) return directives;
  const node = value as Node;
  if ("@" in node)
    return printField(node.v, `${directives}@${node["@"]}${printArgs(node.a as Node)}`);
  return printArgs(node.__args as Node) + directives + printSet(node);
}

function printArgs(args: Node | undefined): string {
  const parts: string[] = [];
  for (const key in args)
    if (args[key] !== undefined) parts.push(`${key}:${printValue(args[key], key)}`);
  return parts.length ? `(${parts.join(",")})` : "";
}

/** Prints an argument value as a GraphQL literal; variables print as `$name`. */
export function printValue(value: unknown, where: string): string {
  if (value === null) return "null";
  if (typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") {
    if (Number.isFinite(value)) return String(value);
  } else if (Array.isArray(value)) {
    return `[${value.map((item) => printValue(item, where)).join(",")}]`;
  } else if (typeof value === "object") {
    const node = value as Node;
    if (typeof node.$ === "string") return `$${node.$}`;
    if (typeof node["="] === "string") return node["="];
    return `{${Object.keys(node)
      .filter((key) => node[key] !== undefined)
      .map((key) => `${key}:${printValue(node[key], `${where}.${key}`)}`)
      .join(",")}}`;
  }
  throw new TypeError(
    `[typewire] argument "${where}" cannot be sent in a GraphQL document: ${String(value)}`,
  );
}
