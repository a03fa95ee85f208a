import { LimitError } from "./limit-error.js";
import { TURN_MS, type TurnShare } from "./turn-share.js";

/** The bounds one request runs within. */
export interface BudgetLimits {
  /** Longest time the request may run, from when it starts to be answered. */
  maxRequestMs: number;
  /** Largest answer, as an estimate counted while it is built. */
  maxResponseBytes: number;
}

/**
 * The time and answer size one request may use, and its turns on the event loop.
 *
 * The field resolver asks for a {@link RequestBudget.turn} before each field. Within the
 * request's current slice it goes on at once; after that it waits in the request's queue, which
 * is worked through one waiting field at a time, a slice per turn of the event loop. The first
 * slice is 10 ms; later ones are 10 ms when the request is the only one waiting for turns, and
 * shorter when others wait at the same time (see {@link TurnShare}). Fields that wait cost a queue entry each and nothing more until their
 * turn, however many of them a wide query starts. Other requests and `{ping}` are answered
 * between turns.
 *
 * The resolver reports the size of each value with {@link RequestBudget.spend}. A request that
 * runs past `maxRequestMs`, or whose answer grows past `maxResponseBytes`, fails with a
 * {@link LimitError}: from then on every field it still asks for waits forever (it is never
 * run, and no error is built for it), and {@link RequestBudget.stopped} resolves, so the answer
 * can be sent at once and the abandoned execution is collected as garbage.
 *
 * @example
 * const budget = new RequestBudget({ maxRequestMs: 10_000, maxResponseBytes: 8 << 20 }, new TurnShare());
 * const wait = budget.turn(); // undefined: go on now; a promise: go on when it resolves
 * budget.spend(42);
 * await Promise.race([execution, budget.stopped]);
 * budget.end();
 */
export class RequestBudget {
  readonly #limits: BudgetLimits;
  readonly #share: TurnShare;
  readonly #deadline: number;
  #sliceEnd: number;
  #spent = 0;
  /** Fields waiting for their turn, oldest first, from `#head` on. */
  #queue: (() => void)[] = [];
  #head = 0;
  #pumping = false;
  #ended = false;
  /** Whether the request has waited for a turn, and so counts in the share of the turns. */
  #sharing = false;
  #failure: LimitError | undefined;
  /** Never settles: what every field gets once the request has failed. */
  readonly #halted: Promise<never> = new Promise<never>(() => {});
  #stop!: (failure: LimitError) => void;
  /** Resolves with the request's {@link LimitError} when it fails; never when it succeeds. */
  readonly stopped: Promise<LimitError> = new Promise((resolve) => {
    this.#stop = resolve;
  });

  /**
   * Starts the request's budget. Its first slice is a whole turn ({@link TURN_MS}), so a short
   * request (`{ping}`, most queries) is answered without ever waiting; from its first wait on, it
   * takes its share of the turns until {@link RequestBudget.end}.
   */
  constructor(limits: BudgetLimits, share: TurnShare, start = performance.now()) {
    this.#limits = limits;
    this.#share = share;
    this.#deadline = start + limits.maxRequestMs;
    this.#sliceEnd = start + TURN_MS;
  }

  /**
   * The request is answered: it no longer takes a share of the turns. Called once, whether it
   * finished or was stopped at a limit (later calls do nothing).
   */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#sharing) this.#share.leave();
  }

  /** The limit this request reached, once it has reached one. */
  get failure(): LimitError | undefined {
    return this.#failure;
  }

  /** The estimated size of the answer so far, in bytes. */
  get spent(): number {
    return this.#spent;
  }

  /**
   * Undefined while the field may run at once; else a promise that resolves at its turn (or,
   * once the request has failed, never).
   */
  turn(): Promise<void> | undefined {
    if (this.#failure) return this.#halted;
    const now = performance.now();
    if (now >= this.#deadline) {
      this.fail(overTime(this.#limits));
      return this.#halted;
    }
    if (now < this.#sliceEnd) return undefined;
    return new Promise<void>((resolve) => {
      this.#queue.push(resolve);
      if (!this.#pumping) {
        this.#pumping = true;
        this.#startSharing();
        setImmediate(this.#nextSlice);
      }
    });
  }

  /**
   * Between two steps of a request (parsing, validating, each query of a batch): throws the
   * request's {@link LimitError} once it has one or is out of time, and waits for the next turn
   * of the event loop once its slice is used up.
   */
  async checkpoint(): Promise<void> {
    this.#check();
    if (performance.now() < this.#sliceEnd) return;
    this.#startSharing();
    await new Promise((resolve) => setImmediate(resolve));
    this.#sliceEnd = performance.now() + this.#share.slice();
    this.#check();
  }

  /** Counts `bytes` more of the answer; returns false (and fails the request) once it is too large. */
  spend(bytes: number): boolean {
    this.#spent += bytes;
    if (this.#spent <= this.#limits.maxResponseBytes) return true;
    this.fail(tooLarge(this.#limits));
    return false;
  }

  /** What a field returns once the request has failed: a promise that never settles. */
  get halted(): Promise<never> {
    return this.#halted;
  }

  /** Records the limit the request reached (the first one wins) and returns it. */
  fail(error: LimitError): LimitError {
    if (this.#failure) return this.#failure;
    this.#failure = error;
    // Nothing waiting will run: drop it, so the abandoned execution can be collected.
    this.#queue = [];
    this.#head = 0;
    this.#stop(error);
    return error;
  }

  #check(): void {
    if (!this.#failure && performance.now() >= this.#deadline) this.fail(overTime(this.#limits));
    if (this.#failure) throw this.#failure;
  }

  /** A new turn of the event loop: one more slice for this request. */
  #startSharing(): void {
    if (this.#sharing || this.#ended) return;
    this.#sharing = true;
    this.#share.join();
  }

  readonly #nextSlice = (): void => {
    this.#sliceEnd = performance.now() + this.#share.slice();
    this.#release();
  };

  /**
   * Lets the oldest waiting field go on, then comes back (as a microtask, after that field's
   * own work) for the next, until the slice is used up or nothing waits.
   */
  readonly #release = (): void => {
    if (this.#failure) {
      this.#pumping = false;
      return;
    }
    if (this.#head === this.#queue.length) {
      this.#queue = [];
      this.#head = 0;
      this.#pumping = false;
      return;
    }
    const now = performance.now();
    if (now >= this.#deadline) {
      this.#pumping = false;
      this.fail(overTime(this.#limits));
      return;
    }
    if (now >= this.#sliceEnd) {
      setImmediate(this.#nextSlice);
      return;
    }
    const next = this.#queue[this.#head++]!;
    // Keep the queue from holding on to released entries when it is long.
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    next();
    queueMicrotask(this.#release);
  };
}

/**
 * The error for an answer over `maxResponseBytes`, whether found while building it or when
 * it is written out.
 *
 * @example
 * tooLarge({ maxResponseBytes: 8388608 }).message;
 */
export function tooLarge(limits: Pick<BudgetLimits, "maxResponseBytes">): LimitError {
  return new LimitError(
    "maxResponseBytes",
    `The answer would be larger than maxResponseBytes (${limits.maxResponseBytes} bytes) allows; ask for fewer fields, aliases or elements (limit), or smaller values.`,
  );
}

function overTime(limits: Pick<BudgetLimits, "maxRequestMs">): LimitError {
  return new LimitError(
    "maxRequestMs",
    `The request ran longer than maxRequestMs (${limits.maxRequestMs} ms) allows and was stopped; ask for fewer fields, aliases or elements.`,
  );
}
