/**
 * Whether a JSON value (parsed variables) nests arrays and objects deeper than `limit` levels.
 * Walks with its own stack, never recursing, so a value nested a million deep is measured
 * safely; anything that later walks it recursively (the cache key, variable coercion) would
 * overflow the stack.
 *
 * @example
 * nestsDeeperThan([[[1]]], 2); // true
 * nestsDeeperThan({ a: [1] }, 2); // false
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [current, depth] = next;
    if (typeof current !== "object" || current === null) continue;
    if (depth + 1 > limit) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
