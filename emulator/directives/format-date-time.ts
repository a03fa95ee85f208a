import { DirectiveError } from "./directive-error.js";
import { formatIcuPattern } from "./icu-date-pattern.js";
import { isDaylightSaving } from "./time-zone-names.js";
import { zonedParts } from "./zoned-parts.js";

/** The default format: the Atom date-time form, `2024-05-01T09:30:00+00:00`. */
export const ATOM_FORMAT = "Y-m-d\\TH:i:sP";

/** The named formats `@formatDateTime` takes besides a format string: lengths of the locale's text. */
const NAMED_FORMATS = ["short", "medium", "long", "full"] as const;
type NamedFormat = (typeof NAMED_FORMATS)[number];

/** The locale of dates formatted without one. */
const DEFAULT_LOCALE = "en-US";

const isNamed = (format: string): format is NamedFormat =>
  (NAMED_FORMATS as readonly string[]).includes(format);

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/**
 * The tag `Intl` formats with for a `locale` argument, or a {@link DirectiveError} when the real
 * API cannot use it. The CMS turns `_` into `-` and hands the rest to PHP's `intl`, which only
 * builds a date formatter when the language (the text before the first `-`, `.` or `@`) is one
 * ICU knows: `de`, `fr-CA`, `en_GB`, `DE` and `tlh` work, `xx`, `und`, `root` and `no locale` do
 * not. A tag with a bad region or junk after the language (`de-XX`, `en-GB!`) falls back to the
 * language, as ICU does.
 *
 * @example
 * resolveLocale("en_GB"); // "en-GB"
 */
export function resolveLocale(tag: string): string {
  const id = tag.replaceAll("_", "-");
  const language = id.split(/[-.@]/)[0]!.toLowerCase();
  let known = false;
  try {
    known = /^[a-z]{2,3}$/.test(language) && language !== "und" && !!languageNames.of(language);
  } catch {
    known = false;
  }
  if (!known) {
    throw new DirectiveError(
      `Invalid locale "${tag}": PHP's intl has no language "${language}", so the API cannot format the date (in dev mode it says "Found unconstructed IntlDateFormatter"); give a tag such as "en-GB"`,
    );
  }
  try {
    return Intl.getCanonicalLocales(id)[0] ?? language;
  } catch {
    return language;
  }
}

const zonesByLowerCase = new Map(
  Intl.supportedValuesOf("timeZone").map((zone) => [zone.toLowerCase(), zone] as const),
);

/**
 * `timeZone` if the real API can format in it, else a {@link DirectiveError} naming it. ICU
 * takes the IANA names and their aliases (`Asia/Calcutta`, `EST`, `Etc/GMT+5`), spelled with
 * their own capitals: `utc`, `Europe/oslo` and offsets such as `+02:00` are refused.
 *
 * @example
 * checkTimeZone("Europe/Oslo"); // "Europe/Oslo"
 */
export function checkTimeZone(timeZone: string): string {
  let resolved: string | undefined;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
  } catch {
    resolved = undefined;
  }
  const lower = timeZone.toLowerCase();
  const miscased =
    (resolved?.toLowerCase() === lower && resolved !== timeZone) ||
    (zonesByLowerCase.has(lower) && zonesByLowerCase.get(lower) !== timeZone);
  if (resolved === undefined || miscased || /^[+-]/.test(timeZone)) {
    throw new DirectiveError(
      `Unknown time zone "${timeZone}"; use an IANA name such as "Europe/London", capitalised as the tz database spells it`,
    );
  }
  return timeZone;
}

/**
 * The date and time as the locale writes them at one of the named lengths, as
 * `@formatDateTime(format: "short" | "medium" | "long" | "full")` gives them: the locale's ICU
 * date-and-time pattern of that length with two-digit years widened to four, as the CMS does
 * (`3/4/2024, 9:30 AM` in en-US where ICU alone says `3/4/24`). `locale` is a tag `Intl` accepts.
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
  const { year } = zonedParts(date, timeZone);
  const wide = formatIcuPattern(date, "yyyy", locale, timeZone);
  return new Intl.DateTimeFormat(locale, { dateStyle: format, timeStyle: format, timeZone })
    .formatToParts(date)
    .map((p) => (p.type === "year" && p.value.length === 2 && year >= 100 ? wide : p.value))
    .join("");
}

/** PHP format characters the CMS formats with PHP itself rather than through ICU. */
const PHP_NATIVE = new Set("SwtLBuIZUAa");

/**
 * The CMS's conversion of PHP format characters to ICU pattern letters (Yii's format converter):
 * names become ICU names in the locale, and a few lose their PHP meaning (`z` is ICU's day of
 * year from 1, `N` and `W` follow the locale's week, `v` and `p` are not PHP's).
 */
const PHP_TO_ICU: Record<string, string> = {
  d: "dd",
  D: "eee",
  j: "d",
  l: "eeee",
  N: "e",
  S: "",
  w: "",
  z: "D",
  W: "w",
  F: "MMMM",
  m: "MM",
  M: "MMM",
  n: "M",
  t: "",
  L: "",
  o: "Y",
  Y: "yyyy",
  y: "yy",
  a: "a",
  A: "a",
  B: "",
  g: "h",
  G: "H",
  h: "hh",
  H: "HH",
  i: "mm",
  s: "ss",
  u: "",
  e: "VV",
  I: "",
  O: "xx",
  P: "xxx",
  T: "zzz",
  Z: "",
  c: "yyyy-MM-dd'T'HH:mm:ssxxx",
  r: "eee, dd MMM yyyy HH:mm:ss xx",
  U: "",
};

/** A format piece that is one of these letters alone gets the stand-alone name (`LLLL`, `cccc`). */
const STAND_ALONE: Record<string, string> = {
  n: "L",
  m: "LL",
  M: "LLL",
  F: "LLLL",
  D: "ccc",
  l: "cccc",
};

/** A piece of a PHP format as the ICU pattern the CMS formats it with. */
function phpToIcu(piece: string): string {
  if (Object.hasOwn(STAND_ALONE, piece)) return STAND_ALONE[piece]!;
  let out = "";
  for (let i = 0; i < piece.length; i++) {
    const char = piece[i]!;
    const next = piece[i + 1];
    if (char === "'") out += "''''";
    else if (char === "\\" && next === "\\") {
      out += "\\";
      i++;
    } else if (char === "\\" && next !== undefined && Object.hasOwn(PHP_TO_ICU, next)) {
      out += `'${next}'`;
      i++;
    } else out += Object.hasOwn(PHP_TO_ICU, char) ? PHP_TO_ICU[char] : char;
  }
  return out.replace(/''''|''/g, (quotes) => (quotes === "''''" ? "''" : ""));
}

function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return "th";
  return ["th", "st", "nd", "rd"][day % 10] ?? "th";
}

/** A PHP format character the CMS leaves to PHP's `date()`, in `timeZone`. */
function phpNative(date: Date, letter: string, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  const leap = (p.year % 4 === 0 && p.year % 100 !== 0) || p.year % 400 === 0;
  switch (letter) {
    case "S":
      return ordinalSuffix(p.day);
    case "w":
      return String(p.weekday);
    case "t":
      return String(new Date(Date.UTC(p.year, p.month, 0)).getUTCDate());
    case "L":
      return leap ? "1" : "0";
    case "B": {
      const seconds = (Math.floor(date.getTime() / 1000) + 3600) % 86_400;
      return String(Math.floor((((seconds + 86_400) % 86_400) * 10) / 864) % 1000).padStart(3, "0");
    }
    case "u":
      return String(p.millisecond * 1000).padStart(6, "0");
    case "I":
      return isDaylightSaving(date, timeZone) ? "1" : "0";
    case "Z":
      return String(p.offsetMinutes * 60);
    default: // "U"
      return String(Math.floor(date.getTime() / 1000));
  }
}

/**
 * Formats a date with a PHP `date()` format as the real API does: not with PHP's `date()` but
 * through ICU in `locale`. The format is cut at the characters ICU has no equivalent for
 * (`S w t L B u I Z U A a`, unless escaped with `\`); those are PHP's own (`A` and `a` are the
 * locale's AM/PM marker in upper or lower case), every other piece is converted to an ICU
 * pattern and formatted in the locale, so `D`, `l`, `M`, `F` are the locale's names, `N` and `W`
 * follow its week, `z` counts from 1, `T` is the locale's short zone name (`CET` in en-GB,
 * `GMT+1` in en-US, `MEZ` in de), and letters PHP knows but the converter does not (`v`, `p`,
 * `x`, `X`) are read as ICU letters. A piece that is exactly `0` is dropped, as the CMS drops it.
 * `locale` is a tag `Intl` accepts; an unknown time zone is a RangeError that names it.
 *
 * @example
 * formatDateTime(new Date("2024-05-01T09:30:00Z"), "D, d M Y H:i", "Europe/Paris", "fr");
 * // "mer., 01 mai 2024 11:30"
 */
export function formatDateTime(
  date: Date,
  format = ATOM_FORMAT,
  timeZone = "UTC",
  locale = DEFAULT_LOCALE,
): string {
  zonedParts(date, timeZone); // an unknown time zone throws the error that names it
  const pieces: string[] = [];
  let piece = "";
  for (let i = 0; i < format.length; i++) {
    const char = format[i]!;
    if (PHP_NATIVE.has(char) && format[i - 1] !== "\\") {
      pieces.push(piece, char);
      piece = "";
    } else piece += char;
  }
  pieces.push(piece);
  let out = "";
  pieces.forEach((text, index) => {
    if (text === "" || text === "0") return;
    if (index % 2 === 0) out += formatIcuPattern(date, phpToIcu(text), locale, timeZone);
    else if (text === "A" || text === "a") {
      const marker = formatIcuPattern(date, "a", locale, timeZone);
      out += text === "A" ? marker.toUpperCase() : marker.toLowerCase();
    } else out += phpNative(date, text, timeZone);
  });
  return out;
}

/**
 * A date in the Atom format in UTC, `2024-03-04T08:30:00+00:00`: how the API writes dates
 * without `@formatDateTime`.
 *
 * @example
 * atomDateTime(new Date("2024-03-04T08:30:00Z")); // "2024-03-04T08:30:00+00:00"
 */
export function atomDateTime(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${day}T${time}+00:00`;
}

/**
 * Formats a date as the `@formatDateTime` directive does, following the CMS: `short`, `medium`,
 * `long` and `full` (lower case) are the locale's date and time at that length (see
 * {@link formatNamedDateTime}); a format starting `icu:` is an ICU pattern (see
 * `formatIcuPattern`), `icu:short` being `short`; anything else is a PHP format, with or without
 * a `php:` prefix (see {@link formatDateTime}), so an unprefixed `yyyy-MM-dd` is read letter by
 * letter as PHP. `locale` is the language tag asked for (else the site's, see
 * {@link resolveLocale}); the time zone defaults to UTC. An unknown locale or time zone is a
 * {@link DirectiveError}.
 *
 * @example
 * formatDirectiveDateTime(new Date("2024-03-04T08:30:00Z"), { format: "icu:EEEE d MMMM", locale: "fr" });
 * // "lundi 4 mars"
 */
export function formatDirectiveDateTime(
  date: Date,
  options: { format?: string; timeZone?: string; locale?: string },
): string {
  const format = options.format ?? ATOM_FORMAT;
  const timeZone = checkTimeZone(options.timeZone ?? "UTC");
  const locale = resolveLocale(options.locale ?? DEFAULT_LOCALE);
  if (isNamed(format)) return formatNamedDateTime(date, format, locale, timeZone);
  if (format.startsWith("icu:")) {
    const pattern = format.slice(4);
    return isNamed(pattern)
      ? formatNamedDateTime(date, pattern, locale, timeZone)
      : formatIcuPattern(date, pattern, locale, timeZone);
  }
  const php = format.startsWith("php:") ? format.slice(4) : format;
  return formatDateTime(date, php, timeZone, locale);
}
