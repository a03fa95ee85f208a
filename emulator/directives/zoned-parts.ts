/** A moment as the wall clock of a time zone shows it, with the zone's offset from UTC then. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
  /** Minutes east of UTC. */
  offsetMinutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar fields and UTC offset of `date` in an IANA time zone, through `Intl`. An unknown
 * zone is a RangeError that names it.
 *
 * @example
 * zonedParts(new Date("2024-07-01T12:00:00Z"), "Europe/Oslo").offsetMinutes; // 120
 */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      throw new RangeError(
        `Unknown time zone "${timeZone}"; use an IANA name such as "Europe/London"`,
      );
    }
    if (formatters.size < 200) formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetMinutes = Math.round((wallClock - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    millisecond: date.getUTCMilliseconds(),
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    offsetMinutes,
  };
}
