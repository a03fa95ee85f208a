/** One request waiting for its handlers; `expire` runs if they are still going at the deadline. */
export interface Deadline {
  at: number;
  expire: () => void;
  prev: Deadline | undefined;
  next: Deadline | undefined;
}

/** Deadlines of one middleware, oldest first; one timer serves them all. */
export interface DeadlineList {
  /** Starts counting `timeout` milliseconds for a request. */
  add(expire: () => void): Deadline;
  /** The handlers finished in time: forget the deadline. */
  remove(deadline: Deadline): void;
}

/**
 * A list of same-length deadlines behind a single timer. Every request gets the same timeout,
 * so they expire in the order they were added and a plain linked list is already sorted: adding
 * and removing cost a few pointer writes instead of a timer each.
 *
 * @example
 * const deadlines = createDeadlineList(9000);
 * const deadline = deadlines.add(() => answer202());
 * running.then(() => deadlines.remove(deadline));
 */
export function createDeadlineList(timeout: number): DeadlineList {
  let head: Deadline | undefined;
  let tail: Deadline | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const unlink = (deadline: Deadline) => {
    if (deadline.prev) deadline.prev.next = deadline.next;
    else head = deadline.next;
    if (deadline.next) deadline.next.prev = deadline.prev;
    else tail = deadline.prev;
    deadline.prev = deadline.next = undefined;
  };

  const arm = (delay: number) => {
    timer = setTimeout(fire, delay);
    // The timer only serves requests that are in flight; it must not keep a process alive.
    (timer as { unref?: () => void }).unref?.();
  };

  const fire = () => {
    timer = undefined;
    const now = Date.now();
    while (head !== undefined && head.at <= now) {
      const expired = head;
      unlink(expired);
      expired.expire();
    }
    if (head !== undefined) arm(head.at - now);
  };

  return {
    add(expire) {
      const deadline: Deadline = { at: Date.now() + timeout, expire, prev: tail, next: undefined };
      if (tail) tail.next = deadline;
      else head = deadline;
      tail = deadline;
      if (timer === undefined) arm(timeout);
      return deadline;
    },
    remove(deadline) {
      if (deadline.prev !== undefined || head === deadline) unlink(deadline);
    },
  };
}
