import { expect } from "vitest";

/**
 * What `run` throws. A call that returns instead fails the test here, so the assertions a test
 * makes on the error can never be skipped.
 */
export function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  expect.fail("expected the call to throw, and it returned");
}
