/**
 * Where the emulator reports what happens (reloads, bad site files, each request answered). The
 * emulator never prints: the CLI passes a logger that writes to the terminal, tests pass their own.
 */
export interface Logger {
  info(message: string): void;
  error(message: string): void;
  /**
   * Called once per request the endpoint answered, after the answer is handed to the socket.
   * Optional: without it nothing per request is measured or built, so a server without a
   * request log pays nothing for it.
   */
  request?(entry: RequestLogEntry): void;
}

/** What one request's log line reports. The token is never part of it. */
export interface RequestLogEntry {
  /** When the request arrived, in ms since the epoch. */
  time: number;
  method: string;
  /** The handle of the API schema the request ran against; undefined when refused before. */
  schema: string | undefined;
  status: number;
  /** Whether the answer came from the result cache; undefined when no query ran. */
  cache: "HIT" | "MISS" | "BYPASS" | undefined;
  /** From arrival to the answer handed to the socket, in ms. */
  ms: number;
}

/** A logger that drops everything, the default for programmatic use. */
export const silentLogger: Logger = {
  info() {},
  error() {},
};
