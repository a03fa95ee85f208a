/**
 * The part of the standard `EventSource` the relay client uses. Handler parameters are typed
 * `never` so any implementation's own event types fit; the client only assigns handlers.
 */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: never) => unknown) | null;
  onmessage: ((event: never) => unknown) | null;
  onerror: ((event: never) => unknown) | null;
  close(): void;
}

/**
 * An `EventSource` constructor: the global one (browsers, Deno, Bun; Node only when started
 * with `--experimental-eventsource`, 22.3 and later) or, on Node, the `eventsource` package's.
 */
export type EventSourceConstructor = new (url: string) => EventSourceLike;

/** `EventSource.CLOSED`: the source gave up and will not reconnect by itself. */
export const CLOSED = 2;
