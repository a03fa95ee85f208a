/**
 * Where the emulator reports what happens (reloads, bad site files, listening address). The
 * emulator never prints: the CLI passes a logger that writes to the terminal, tests pass their own.
 */
export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

/** A logger that drops everything, the default for programmatic use. */
export const silentLogger: Logger = {
  info() {},
  error() {},
};
