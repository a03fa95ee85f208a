import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Memory that a leak of requests or bodies would grow: bodies are Buffers, outside the heap. */
export interface Memory {
  heapUsed: number;
  /** Buffers and other ArrayBuffers. */
  arrayBuffers: number;
  /** Everything V8 knows of outside its heap, array buffers included. */
  external: number;
}

/**
 * Memory after full garbage collections. Buffers are freed by weak callbacks that run after a
 * collection, so the loop gives them turns of the event loop and collects again.
 *
 * @example
 * const before = await settledMemory();
 */
export async function settledMemory(): Promise<Memory> {
  // vitest gives workers no --expose-gc; the flag set at runtime exposes gc to new contexts.
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { heapUsed, arrayBuffers, external } = process.memoryUsage();
  return { heapUsed, arrayBuffers, external };
}

/** Growth of each figure from `before` to `after`. */
export function growth(before: Memory, after: Memory): Memory {
  return {
    heapUsed: after.heapUsed - before.heapUsed,
    arrayBuffers: after.arrayBuffers - before.arrayBuffers,
    external: after.external - before.external,
  };
}
