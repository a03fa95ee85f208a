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

type Level = keyof Logger;

/**
 * Completes a partial logger: missing `debug` and `info` do nothing, missing `warn` and `error`
 * go to the console. Each call looks the method up on the given object at that moment (so a
 * method replaced later, as a test spy does, is the one called) and calls it with that object
 * as `this`; the object is never modified. A method that throws is ignored: the runtime logs
 * from callbacks where a throw would end the process or change an answer, and a logger that
 * fails has nowhere else to report to.
 *
 * @example
 * const lines: string[] = [];
 * const sink = { error: (message: string) => lines.push(message) };
 * const log = createLogger(sink);
 * log.debug("ignored"); // no-op
 * log.warn("shown"); // console.warn
 * log.error("kept"); // lines: ["kept"]
 * sink.error = () => {
 *   throw new Error("broken");
 * };
 * log.error("dropped"); // does not throw
 */
export function createLogger(log: Partial<Logger> = {}): Logger {
  return {
    debug: (...data) => write(log, "debug", data),
    info: (...data) => write(log, "info", data),
    warn: (...data) => write(log, "warn", data),
    error: (...data) => write(log, "error", data),
  };
}

function write(log: Partial<Logger> | null, level: Level, data: unknown[]): undefined {
  try {
    const method: unknown = log?.[level];
    if (typeof method === "function") method.apply(log, data);
    // biome-ignore lint/suspicious/noConsole: the documented default for warnings is the console
    else if (level === "warn") console.warn(...data);
    // biome-ignore lint/suspicious/noConsole: the documented default for errors is the console
    else if (level === "error") console.error(...data);
  } catch {
    // Dropped on purpose: see createLogger.
  }
  return undefined;
}
