import { isDaylightSaving, zoneAbbreviation } from "./time-zone-names.js";
import { zonedParts } from "./zoned-parts.js";

/** The default format: the Atom date-time form, `2024-05-01T09:30:00+00:00`. */
export const ATOM_FORMAT = "Y-m-d\\TH:i:sP";

const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The named formats `@formatDateTime` takes besides a format string: lengths of the locale's text. */
const NAMED_FORMATS = ["short", "medium", "long", "full"] as const;
type NamedFormat = (typeof NAMED_FORMATS)[number];

/** The locale of named formats when neither the query nor the site gives one. */
const DEFAULT_LOCALE = "en-US";

const isNamed = (format: string): format is NamedFormat =>
  (NAMED_FORMATS as readonly string[]).includes(format);

/**
 * The date and time as the locale writes them at one of the named lengths, in a time zone, as
 * `@formatDateTime(format: "short" | "medium" | "long" | "full", locale:)` gives them: the text
 * `Intl.DateTimeFormat` makes with that `dateStyle` and `timeStyle`. An invalid locale tag is a
 * RangeError that names it.
 *
 * @example
 * formatNamedDateTime(new Date("2024-03-04T08:30:00Z"), "medium", "en-GB", "UTC");
 * // "4 Mar 2024, 08:30:00"
 */
export function formatNamedDateTime(
  date: Date,
  format: NamedFormat,
  locale = DEFAULT_LOCALE,
  timeZone = "UTC",
): string {
  let canonical: string;
  try {
    [canonical = DEFAULT_LOCALE] = Intl.getCanonicalLocales(locale);
  } catch (error) {
    throw new RangeError(`Invalid locale "${locale}": give a language tag such as "en-GB"`, {
      cause: error,
    });
  }
  zonedParts(date, timeZone); // an unknown time zone throws the error that names it
  return new Intl.DateTimeFormat(canonical, {
    dateStyle: format,
    timeStyle: format,
    timeZone,
  }).format(date);
}

/**
 * Formats a date as the `@formatDateTime` directive does: a named format (`short`, `medium`,
 * `long`, `full`) as the locale writes it (see {@link formatNamedDateTime}), any other format as a
 * PHP-style format string (see {@link formatDateTime}).
 *
 * @example
 * formatDirectiveDateTime(new Date("2024-03-04T08:30:00Z"), { format: "Y-m-d" }); // "2024-03-04"
 */
export function formatDirectiveDateTime(
  date: Date,
  options: { format?: string; timeZone?: string; locale?: string },
): string {
  const { format, timeZone, locale } = options;
  if (format !== undefined && isNamed(format))
    return formatNamedDateTime(date, format, locale, timeZone);
  return formatDateTime(date, format, timeZone);
}

/**
 * Formats a date with a PHP-style format string in a named time zone, as the `@formatDateTime`
 * directive does for a format that is not a named one. Supported letters: d D j l N S w z W F m M n t L o Y y a A g G h H i s u v e I
 * T P p O c r U Z; a backslash escapes the next character; any other character is copied. `T` is
 * the zone's abbreviation where `Intl` knows one, else the offset (see `zoneAbbreviation`). An
 * unknown time zone is a RangeError that names it.
 *
 * @example
 * formatDateTime(new Date("2024-05-01T09:30:00Z"), "D, d M Y H:i", "Europe/Paris");
 * // "Wed, 01 May 2024 11:30"
 */
export function formatDateTime(date: Date, format = ATOM_FORMAT, timeZone = "UTC"): string {
  const p = zonedParts(date, timeZone);
  const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");
  const offset = (colon: boolean) =>
    `${p.offsetMinutes < 0 ? "-" : "+"}${pad(Math.trunc(Math.abs(p.offsetMinutes) / 60))}${colon ? ":" : ""}${pad(Math.abs(p.offsetMinutes) % 60)}`;
  const leap = (p.year % 4 === 0 && p.year % 100 !== 0) || p.year % 400 === 0;
  const dayOfYear = Math.round(
    (Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / 86_400_000,
  );
  const iso = isoWeek(p.year, p.month, p.day);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const letters: Record<string, () => string> = {
    d: () => pad(p.day),
    D: () => dayNames[p.weekday]!.slice(0, 3),
    j: () => String(p.day),
    l: () => dayNames[p.weekday]!,
    N: () => String(p.weekday === 0 ? 7 : p.weekday),
    S: () => ordinalSuffix(p.day),
    w: () => String(p.weekday),
    z: () => String(dayOfYear),
    W: () => pad(iso.week),
    F: () => monthNames[p.month - 1]!,
    m: () => pad(p.month),
    M: () => monthNames[p.month - 1]!.slice(0, 3),
    n: () => String(p.month),
    t: () => String(new Date(Date.UTC(p.year, p.month, 0)).getUTCDate()),
    L: () => (leap ? "1" : "0"),
    o: () => String(iso.year),
    Y: () => String(p.year),
    y: () => pad(p.year % 100),
    a: () => (p.hour < 12 ? "am" : "pm"),
    A: () => (p.hour < 12 ? "AM" : "PM"),
    g: () => String(hour12),
    G: () => String(p.hour),
    h: () => pad(hour12),
    H: () => pad(p.hour),
    i: () => pad(p.minute),
    s: () => pad(p.second),
    u: () => pad(p.millisecond * 1000, 6),
    v: () => pad(p.millisecond, 3),
    e: () => timeZone,
    T: () => zoneAbbreviation(date, timeZone, p.offsetMinutes),
    I: () => (isDaylightSaving(date, timeZone) ? "1" : "0"),
    P: () => offset(true),
    p: () => (p.offsetMinutes === 0 ? "Z" : offset(true)),
    O: () => offset(false),
    Z: () => String(p.offsetMinutes * 60),
    U: () => String(Math.floor(date.getTime() / 1000)),
  };
  letters.c = () => formatDateTime(date, ATOM_FORMAT, timeZone);
  letters.r = () => formatDateTime(date, "D, d M Y H:i:s O", timeZone);
  let out = "";
  for (let i = 0; i < format.length; i++) {
    const char = format[i]!;
    if (char === "\\") {
      out += format[++i] ?? "";
      continue;
    }
    const letter = letters[char];
    out += letter ? letter() : char;
  }
  return out;
}

function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return "th";
  return ["th", "st", "nd", "rd"][day % 10] ?? "th";
}

function isoWeek(year: number, month: number, day: number): { year: number; week: number } {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return { year: weekYear, week };
}
