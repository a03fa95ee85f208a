/**
 * The logger the runtime writes to. Every method takes what `console.log` takes. Declared as
 * methods so a logger whose methods take narrower arguments (`(message: string) => void`, as
 * most logging libraries declare them) is accepted.
 */
export interface Logger {
  debug(...data: unknown[]): unknown;
  info(...data: unknown[]): unknown;
  warn(...data: unknown[]): unknown;
  error(...data: unknown[]): unknown;
}

const noop = (): undefined => undefined;

/**
 * Completes a partial logger: missing `debug` and `info` do nothing, missing `warn` and `error`
 * go to the console. Methods are bound to the given object, which is never modified, so a
 * class-based logger keeps its `this`.
 *
 * @example
 * const log = createLogger({ error: (message) => report(message) });
 * log.debug("ignored"); // no-op
 * log.warn("shown"); // console.warn
 */
export function createLogger(log: Partial<Logger> = {}): Logger {
  return {
    debug: bound(log, "debug") ?? noop,
    info: bound(log, "info") ?? noop,
    // biome-ignore lint/suspicious/noConsole: the documented default for warnings is the console
    warn: bound(log, "warn") ?? ((...data) => console.warn(...data)),
    // biome-ignore lint/suspicious/noConsole: the documented default for errors is the console
    error: bound(log, "error") ?? ((...data) => console.error(...data)),
  };
}

function bound(log: Partial<Logger>, level: keyof Logger): Logger[keyof Logger] | undefined {
  const method: unknown = log[level];
  return typeof method === "function" ? method.bind(log) : undefined;
}
