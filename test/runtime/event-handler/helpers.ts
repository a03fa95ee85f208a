import { vi } from "vitest";

/** A logger whose every method is a spy, so tests can assert what the runtime reported. */
export function spyLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

/** A promise with its resolve function outside, to control when an async handler finishes. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export const issuesOpened = { id: "d-1", name: "issues", payload: { action: "opened", number: 1 } };
export const push = { id: "d-2", name: "push", payload: { ref: "refs/heads/main" } };
