// Turns a selection into GraphQL document text. The text depends only on the selection (keys in
// the order they were written, no generated names), because the server caches by exact text.
// Whatever arrives that would not print as a document GraphQL can parse (from plain JavaScript,
// past the types) is refused with an error that says where.

type Node = Record<string, unknown>;

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Throws unless `name` is a GraphQL name; `what` says what it names. */
export function checkName(name: string, what: string): string {
  if (!NAME.test(name)) {
    throw new TypeError(
      `[typewire] ${what} ${JSON.stringify(name)} is not a GraphQL name (letters, digits and _, not starting with a digit)`,
    );
  }
  return name;
}

/** Prints the selection set of the root fields of a query. */
export function printRoot(fields: Node): string {
  let out = "";
  for (const key in fields) {
    const call = fields[key] as { field: string; args?: Node; selection?: unknown };
    const alias = key === call.field ? "" : `${checkName(key, "root alias")}:`;
    const set = call.selection === undefined ? "" : printSet(call.selection as Node, call.field);
    if (call.selection !== undefined && !set)
      throw new TypeError(
        `[typewire] "${call.field}" has an empty selection: select at least one field`,
      );
    out += ` ${alias}${call.field}${printArgs(call.args)}${set}`;
  }
  if (!out) throw new TypeError("[typewire] a query selects at least one root field");
  return `{${out.slice(1)}}`;
}

/**
 * Prints a selection set; `where` names the field it belongs to in errors. Fragment keys
 * (`"... on Type|field"`) all hold their fragment's selection, printed once.
 */
function printSet(selection: Node, where: string): string {
  if (typeof selection !== "object" || selection === null)
    throw new TypeError(`[typewire] "${where}" needs a selection object, got ${String(selection)}`);
  let out = "";
  let fragments = false;
  const printed = new Set<unknown>();
  for (const key in selection) {
    const value = selection[key];
    if (key === "__args") continue;
    if (key.startsWith("... on ")) {
      fragments = true;
      if (printed.has(value)) continue;
      printed.add(value);
      const type = checkName(key.slice(7).split("|")[0]!, `fragment type in "${where}"`);
      const set = printSet(value as Node, `${where} ... on ${type}`);
      if (!set)
        throw new TypeError(`[typewire] the fragment on ${type} in "${where}" selects nothing`);
      out += ` ...on ${type}${set}`;
    } else {
      const at = key.indexOf(": ");
      const field =
        at < 0
          ? checkName(key, `field in "${where}"`)
          : `${checkName(key.slice(0, at), `alias in "${where}"`)}:${checkName(key.slice(at + 2), `field in "${where}"`)}`;
      out += ` ${field}${printField(value, "", `${where}.${key}`)}`;
    }
  }
  if (fragments && !("__typename" in selection)) out = ` __typename${out}`;
  return out ? `{${out.slice(1)}}` : "";
}

/** Prints what follows a field name: arguments, then directives, then the sub-selection. */
function printField(value: unknown, directives: string, where: string): string {
  if (value === true) return directives;
  if (typeof value !== "object" || value === null)
    throw new TypeError(
      `[typewire] "${where}" is selected with ${String(value)}: write true, or a selection object`,
    );
  const node = value as Node;
  if ("@" in node)
    return printField(
      node.selection,
      `${directives}@${checkName(String(node["@"]), `directive on "${where}"`)}${printArgs(node.args as Node)}`,
      where,
    );
  const set = printSet(node, where);
  // Only arguments and no field: a leaf field with arguments. Nothing at all selects nothing.
  if (!set && !("__args" in node))
    throw new TypeError(
      `[typewire] "${where}" has an empty selection: select at least one field, or write true`,
    );
  return printArgs(node.__args as Node) + directives + set;
}

function printArgs(args: Node | undefined): string {
  const parts: string[] = [];
  for (const key in args)
    if (args[key] !== undefined)
      parts.push(`${checkName(key, "argument")}:${printValue(args[key], key)}`);
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
    if (typeof node.$ === "string") return `$${checkName(node.$, `variable in "${where}"`)}`;
    if (typeof node["="] === "string") return checkName(node["="], `enum value in "${where}"`);
    return `{${Object.keys(node)
      .filter((key) => node[key] !== undefined)
      .map(
        (key) =>
          `${checkName(key, `input field in "${where}"`)}:${printValue(node[key], `${where}.${key}`)}`,
      )
      .join(",")}}`;
  }
  throw new TypeError(
    `[typewire] argument "${where}" cannot be sent in a GraphQL document: ${String(value)}`,
  );
}
