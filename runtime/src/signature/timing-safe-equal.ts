/**
 * Compares two byte arrays in time that depends only on their length, never on where they
 * differ, so an attacker cannot learn a valid signature byte by byte from response times.
 * Used by the web-standard path; the Node path uses `node:crypto`'s `timingSafeEqual`.
 *
 * @example
 * timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2])); // true
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
