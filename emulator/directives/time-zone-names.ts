import { zonedParts } from "./zoned-parts.js";

/**
 * Locales whose short time-zone names are abbreviations for the zones of their region: CLDR
 * gives `CEST` for Europe/Oslo only in British English, `EST` for New York only in American
 * English, and so on. The first one that gives a real abbreviation wins.
 */
const ABBREVIATING_LOCALES = [
  "en-US",
  "en-GB",
  "en-AU",
  "en-CA",
  "en-IN",
  "en-IE",
  "en-ZA",
  "en-HK",
  "ja-JP",
];

const formatters = new Map<string, Intl.DateTimeFormat>();

function shortName(date: Date, timeZone: string, locale: string): string {
  const key = `${locale} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" });
    if (formatters.size < 1000) formatters.set(key, formatter);
  }
  return formatter.formatToParts(date).find((part) => part.type === "timeZoneName")?.value ?? "";
}

/**
 * PHP's `T`: the zone's abbreviation at `date` (`CEST`, `BST`, `EST`, `JST`), from `Intl`'s
 * short names in the first locale of {@link ABBREVIATING_LOCALES} that has a real one rather
 * than a `GMT+2` form. UTC is `UTC`. Zones none of them abbreviates fall back to the offset as
 * the tz database and PHP write it for zones without letters: `+04`, `-03`, `+0545`. These names
 * come from CLDR, not the tz database, so a few differ from PHP's (Asia/Dubai is `GST` here,
 * `+04` in PHP; Europe/Moscow `+03` here, `MSK` in PHP).
 *
 * @example
 * zoneAbbreviation(new Date("2024-07-01T12:00:00Z"), "Europe/Oslo", 120); // "CEST"
 */
export function zoneAbbreviation(date: Date, timeZone: string, offsetMinutes: number): string {
  if (/^(Etc\/)?(UTC|UCT|Universal|Zulu)$/i.test(timeZone)) return "UTC";
  for (const locale of ABBREVIATING_LOCALES) {
    const name = shortName(date, timeZone, locale);
    if (/^[A-Z]{2,5}$/.test(name)) return name;
  }
  const sign = offsetMinutes < 0 ? "-" : "+";
  const hours = String(Math.trunc(Math.abs(offsetMinutes) / 60)).padStart(2, "0");
  const minutes = Math.abs(offsetMinutes) % 60;
  return `${sign}${hours}${minutes === 0 ? "" : String(minutes).padStart(2, "0")}`;
}

/**
 * PHP's `I`: whether daylight saving time is in effect at `date`, that is whether the zone's
 * offset then is ahead of the lower of its January and July offsets that year. Zones without
 * daylight saving time never are.
 *
 * @example
 * isDaylightSaving(new Date("2024-07-01T12:00:00Z"), "Europe/Oslo"); // true
 * isDaylightSaving(new Date("2024-07-01T12:00:00Z"), "Australia/Sydney"); // false
 */
export function isDaylightSaving(date: Date, timeZone: string): boolean {
  const { year, offsetMinutes } = zonedParts(date, timeZone);
  const january = zonedParts(new Date(Date.UTC(year, 0, 1)), timeZone).offsetMinutes;
  const july = zonedParts(new Date(Date.UTC(year, 6, 1)), timeZone).offsetMinutes;
  return offsetMinutes > Math.min(january, july);
}
