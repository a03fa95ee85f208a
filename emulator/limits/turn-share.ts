/**
 * How long the requests running at once may work, together, in one turn of the event loop
 * before it goes on to other work (new connections, other requests' I/O, `{ping}`).
 */
export const TURN_MS = 10;

/** The least a long request works in its turn, however many others wait with it. */
export const MIN_SLICE_MS = 1;

/**
 * The event loop's turns, shared between the long requests one server runs at once: those that
 * needed more than their first slice and so wait for turns (see `RequestBudget`). Each of their
 * later slices is an equal part of {@link TURN_MS}, never less than {@link MIN_SLICE_MS}. So the
 * time the server is busy between two looks at its connections stays about the same with one
 * hostile request or thirty-two, each still makes progress every turn, and a short request such
 * as `{ping}`, which never waits, is answered in the next turn.
 *
 * @example
 * const share = new TurnShare();
 * share.join();
 * share.slice(); // 10 with one request waiting for turns
 * share.leave();
 */
export class TurnShare {
  #waiting = 0;

  /** A request starts waiting for turns. */
  join(): void {
    this.#waiting++;
  }

  /** A request that waited for turns is over: answered, or stopped at a limit. */
  leave(): void {
    this.#waiting = Math.max(0, this.#waiting - 1);
  }

  /** How many requests wait for turns now. */
  get waiting(): number {
    return this.#waiting;
  }

  /** How long a waiting request may work in one turn now, in milliseconds. */
  slice(): number {
    return Math.max(MIN_SLICE_MS, TURN_MS / Math.max(1, this.#waiting));
  }
}
