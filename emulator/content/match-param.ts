/** A value a query argument is compared with: a number, string, date or flag, or nothing. */
export type ParamValue = string | number | boolean | Date | null | undefined;

/**
 * Whether `value` matches a query argument written in the CMS's parameter syntax. A list is
 * any-of, or all-of when it starts with `"and"`, or none-of when it starts with `"not"`. Each item
 * can be a plain value, a comparison (`">= 10"`, `"< 2024-01-01"`, `"!= draft"`, `"not draft"`), a
 * wildcard (`"news*"`), or `":empty:"` / `":notempty:"`. Strings compare case-insensitively.
 * A null or absent argument matches everything.
 *
 * @example
 * matchParam(1200, [">= 1000", "< 2000"]); // true (any-of)
 * matchParam(new Date("2024-03-01"), ["and", ">= 2024-01-01", "< 2024-02-01"]); // false
 */
export function matchParam(value: ParamValue, param: unknown): boolean {
  if (param === null || param === undefined) return true;
  const items: readonly unknown[] = Array.isArray(param) ? param : [param];
  let mode: "or" | "and" | "not" = "or";
  let start = 0;
  const head = typeof items[0] === "string" ? items[0].toLowerCase() : undefined;
  if (head === "and" || head === "or" || head === "not") {
    mode = head;
    start = 1;
  }
  // Read in place (no copies per element tested): the list may be a long variable.
  let tested = false;
  for (let i = start; i < items.length; i++) {
    const item = items[i];
    if (item === null || item === undefined) continue;
    tested = true;
    const matches = matchOne(value, item);
    if (mode === "and" && !matches) return false;
    if (mode === "not" && matches) return false;
    if (mode === "or" && matches) return true;
  }
  return !tested || mode !== "or";
}

function matchOne(value: ParamValue, item: unknown): boolean {
  if (typeof item === "boolean") return value === item;
  if (typeof item === "number") return compare(value, String(item), "=");
  const text = String(item).trim();
  if (text === ":empty:") return isEmpty(value);
  if (text === ":notempty:") return !isEmpty(value);
  const match = /^(not\s+|!=|>=|<=|>|<|=)?\s*(.*)$/is.exec(text)!;
  const operator = (match[1] ?? "=").trim().toLowerCase();
  const operand = match[2] ?? "";
  if (operator === "not" || operator === "!=") return !compare(value, operand, "=");
  return compare(value, operand, operator);
}

function isEmpty(value: ParamValue): boolean {
  return value === null || value === undefined || value === "";
}

function compare(value: ParamValue, operand: string, operator: string): boolean {
  if (value === null || value === undefined) return false;
  let difference: number;
  if (value instanceof Date) {
    const other = Date.parse(
      /^\d{4}-\d{2}-\d{2}$/.test(operand) ? `${operand}T00:00:00Z` : operand,
    );
    if (Number.isNaN(other)) return false;
    difference = value.getTime() - other;
  } else if (typeof value === "number") {
    const other = Number(operand);
    if (operand === "" || Number.isNaN(other)) return false;
    difference = value - other;
  } else if (typeof value === "boolean") {
    const other = operand === "1" || operand.toLowerCase() === "true";
    difference = Number(value) - Number(other);
  } else {
    const left = value.toLowerCase();
    const right = operand.toLowerCase();
    if (operator === "=" && right.includes("*")) return matchWildcard(left, right);
    difference = left < right ? -1 : left > right ? 1 : 0;
  }
  switch (operator) {
    case ">=":
      return difference >= 0;
    case "<=":
      return difference <= 0;
    case ">":
      return difference > 0;
    case "<":
      return difference < 0;
    default:
      return difference === 0;
  }
}

/**
 * Whether `text` matches `pattern`, where `*` stands for any run of characters. Without
 * backtracking: the pieces between the stars must appear in order, so each is looked for once,
 * left to right, from where the previous one ended; the first piece must start the text and the
 * last must end it. Linear in the text, whatever the pattern: `"**********q"` against a long
 * title costs one pass, where a regular expression with one `.*` per star backtracks
 * exponentially.
 *
 * @example
 * matchWildcard("offshore wind farm", "*wind*"); // true
 */
export function matchWildcard(text: string, pattern: string): boolean {
  const pieces = pattern.split("*");
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (text.length < first.length + last.length) return false;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  const end = text.length - last.length;
  let at = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i]!;
    if (piece === "") continue;
    const found = text.indexOf(piece, at);
    if (found === -1 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}
