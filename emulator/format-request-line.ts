import type { RequestLogEntry } from "./logger.js";

/**
 * One request as one line: local time of day, method, schema handle, status, cache state and
 * duration. Fixed columns so a terminal full of them reads as a table; `-` where a request was
 * refused before a schema was chosen or a query ran.
 *
 * @example
 * formatRequestLine({ time: Date.now(), method: "POST", schema: "public", status: 200, cache: "MISS", ms: 3.21 });
 * // '10:42:07.123 POST    public       200 MISS     3.2 ms'
 */
export function formatRequestLine(entry: RequestLogEntry): string {
  const at = new Date(entry.time);
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, "0")}`;
  return `${time} ${entry.method.padEnd(7)} ${(entry.schema ?? "-").padEnd(12)} ${entry.status} ${(entry.cache ?? "-").padEnd(6)} ${entry.ms.toFixed(1).padStart(7)} ms`;
}

function two(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
