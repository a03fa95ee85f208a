import { describe, expect, it } from "vitest";
import { LimitError } from "../../emulator/limits/limit-error.js";
import { pacedFilter } from "../../emulator/limits/paced-filter.js";
import { RequestBudget } from "../../emulator/limits/request-budget.js";
import { MIN_SLICE_MS, TURN_MS, TurnShare } from "../../emulator/limits/turn-share.js";

const limits = { maxRequestMs: 60_000, maxResponseBytes: 1000 };

/** A budget whose first slice is over: its start lies further back than one turn. */
const spentBudget = (share = new TurnShare()) =>
  new RequestBudget(limits, share, performance.now() - 10 * TURN_MS);

/** A budget whose first slice has not begun: its start lies in the future, so nothing waits. */
const freshBudget = (share = new TurnShare()) =>
  new RequestBudget(limits, share, performance.now() + 60_000);

describe("TurnShare", () => {
  it("gives a whole turn to one waiting request and splits it between several, down to a floor", () => {
    const share = new TurnShare();
    expect(share.slice()).toBe(TURN_MS);
    share.join();
    expect(share.slice()).toBe(TURN_MS);
    share.join();
    share.join();
    share.join();
    expect(share.slice()).toBe(TURN_MS / 4);
    for (let i = 0; i < 60; i++) share.join();
    expect(share.slice()).toBe(MIN_SLICE_MS);
    for (let i = 0; i < 70; i++) share.leave();
    expect(share.waiting).toBe(0);
  });
});

describe("RequestBudget", () => {
  it("lets a field run at once within the slice, and makes it wait for a turn after it", async () => {
    const share = new TurnShare();
    expect(freshBudget(share).turn()).toBeUndefined();
    expect(share.waiting).toBe(0);
    const budget = spentBudget(share);
    const wait = budget.turn();
    expect(wait).toBeInstanceOf(Promise);
    // Waiting counts the request in the share of the turns until it is answered.
    expect(share.waiting).toBe(1);
    await wait;
    budget.end();
    budget.end();
    expect(share.waiting).toBe(0);
  });

  it("works through many waiting fields, in the order they asked", async () => {
    const budget = spentBudget();
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 5000 }, (_, i) => budget.turn()!.then(() => order.push(i))),
    );
    expect(order).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    budget.end();
  });

  it("stops the request past maxRequestMs: fields wait forever, stopped resolves with the limit", async () => {
    const budget = new RequestBudget(
      { maxRequestMs: 100, maxResponseBytes: 1000 },
      new TurnShare(),
      performance.now() - 1000,
    );
    const wait = budget.turn();
    expect(wait).toBe(budget.halted);
    const failure = await budget.stopped;
    expect(failure).toBeInstanceOf(LimitError);
    expect(failure.setting).toBe("maxRequestMs");
    expect(failure.message).toMatch(/longer than maxRequestMs \(100 ms\)/);
    expect(budget.failure).toBe(failure);
    await expect(budget.checkpoint()).rejects.toBe(failure);
    budget.end();
  });

  it("stops the request once its answer grows past maxResponseBytes; the first limit wins", async () => {
    const budget = freshBudget();
    expect(budget.spend(600)).toBe(true);
    expect(budget.spend(400)).toBe(true);
    expect(budget.spend(1)).toBe(false);
    expect(budget.spent).toBe(1001);
    const failure = await budget.stopped;
    expect(failure.setting).toBe("maxResponseBytes");
    expect(budget.fail(new LimitError("maxRequestMs", "later"))).toBe(failure);
    expect(budget.turn()).toBe(budget.halted);
    budget.end();
  });
});

describe("pacedFilter", () => {
  it("filters synchronously while the slice lasts", () => {
    const kept = pacedFilter(
      [1, 2, 3, 4],
      (n) => (n % 2 === 0 ? n * 10 : undefined),
      freshBudget(),
    );
    expect(kept).toEqual([20, 40]);
  });

  it("goes on in later turns once the slice is used up, keeping the order", async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const kept = pacedFilter(items, (n) => (n % 3 === 0 ? n : undefined), spentBudget());
    expect(kept).toBeInstanceOf(Promise);
    expect(await kept).toEqual(items.filter((n) => n % 3 === 0));
  });
});
