import { zonedParts } from "./zoned-parts.js";

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
