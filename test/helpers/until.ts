/**
 * Polls `condition` until it holds, and fails naming `what` after `ms`. The bound only turns a
 * regression into a failure instead of a hang; it is generous and asserts nothing about speed.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  ms = 10_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
