import { type ZonedParts, zonedParts } from "./zoned-parts.js";

/**
 * The pattern letters ICU's date formatter knows. Any other ASCII letter is an invalid pattern
 * character: ICU stops formatting there, so the text is what came before it.
 */
const FIELD_LETTERS = new Set("GyYuUrQqMLwWdDFgEecabBhHkKmsSAzZOvVXx");

/** The pattern of an empty ICU pattern: ICU's own default for a formatter without styles. */
const EMPTY_PATTERN = "yyyyMMdd hh:mm a";

const DAY_MS = 86_400_000;

type Width = "short" | "long" | "narrow";

interface WeekRules {
  /** First day of the week, 1 (Monday) to 7 (Sunday). */
  firstDay: number;
  /** Days of the new year (or month) the first week must have. */
  minimalDays: number;
}

interface Context {
  date: Date;
  locale: string;
  timeZone: string;
  parts: ZonedParts;
  week: WeekRules;
  digits: readonly string[];
}

const cache = new Map<string, unknown>();

/** One cached value per key; the cache stops growing at a few thousand entries. */
function cached<T>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    if (cache.size < 5000) cache.set(key, value);
  }
  return value;
}

function formatter(ctx: Context, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    `dtf ${ctx.locale} ${ctx.timeZone} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(ctx.locale, { ...options, timeZone: ctx.timeZone }),
  );
}

function part(ctx: Context, options: Intl.DateTimeFormatOptions, type: string): string {
  return (
    formatter(ctx, options)
      .formatToParts(ctx.date)
      .find((p) => p.type === type)?.value ?? ""
  );
}

/** The locale's digits 0 to 9, as its dates write them. */
function localeDigits(locale: string): readonly string[] {
  return cached(`digits ${locale}`, () => {
    const numbers = new Intl.NumberFormat(locale, { useGrouping: false });
    return Array.from({ length: 10 }, (_, d) => numbers.format(d));
  });
}

/** The locale's week rules (first day, minimal days in the first week), from CLDR through Intl. */
function weekRules(locale: string): WeekRules {
  return cached(`week ${locale}`, () => {
    const intlLocale = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => WeekRules;
      weekInfo?: WeekRules;
    };
    const info = intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo;
    return { firstDay: info?.firstDay ?? 1, minimalDays: info?.minimalDays ?? 4 };
  });
}

/** `value` zero-padded to `width` digits, in the locale's digits. */
function num(ctx: Context, value: number, width: number): string {
  return String(value)
    .padStart(width, "0")
    .replace(/\d/g, (d) => ctx.digits[Number(d)]!);
}

const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / DAY_MS;
const isoWeekday = (y: number, m: number, d: number) =>
  new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;

/** Position of a day in the locale's week, 0 for its first day. */
const weekPosition = (ctx: Context, isoDay: number) => (isoDay - ctx.week.firstDay + 7) % 7;

/** The day number the first week of `year` starts on, under the locale's week rules. */
function firstWeekStart(ctx: Context, year: number): number {
  const jan1 = dayNumber(year, 1, 1);
  const position = weekPosition(ctx, isoWeekday(year, 1, 1));
  return 7 - position >= ctx.week.minimalDays ? jan1 - position : jan1 - position + 7;
}

/** Week of year and the year it belongs to (ICU `w` and `Y`), by the locale's week rules. */
function weekOfYear(ctx: Context): { week: number; year: number } {
  const { year, month, day } = ctx.parts;
  const today = dayNumber(year, month, day);
  let weekYear = year;
  if (today < firstWeekStart(ctx, year)) weekYear = year - 1;
  else if (today >= firstWeekStart(ctx, year + 1)) weekYear = year + 1;
  return { week: Math.floor((today - firstWeekStart(ctx, weekYear)) / 7) + 1, year: weekYear };
}

/** Week of month (ICU `W`): 0 for the days before the month's first full-enough week. */
function weekOfMonth(ctx: Context): number {
  const { year, month, day } = ctx.parts;
  const position = weekPosition(ctx, isoWeekday(year, month, 1));
  const start = 7 - position >= ctx.week.minimalDays ? 1 - position : 8 - position;
  return Math.floor((day - start) / 7) + 1;
}

/** A month name: the format form (`MMM`) from a date with a day, the stand-alone one alone. */
function monthName(ctx: Context, width: Width, standAlone: boolean): string {
  if (width === "narrow") {
    return part(ctx, standAlone ? { month: width } : { month: width, day: "numeric" }, "month");
  }
  const alone = formatter(ctx, { month: width }).format(ctx.date);
  if (standAlone) return alone;
  const inDate = part(ctx, { month: width, day: "numeric" }, "month");
  // Some locales write the month as a number inside dates (ja: 3月4日); ICU's name is "3月".
  return /\p{Nd}/u.test(inDate) ? alone : inDate;
}

function weekdayName(ctx: Context, width: Width, standAlone: boolean): string {
  return standAlone
    ? part(ctx, { weekday: width }, "weekday")
    : part(ctx, { weekday: width, day: "numeric" }, "weekday");
}

const nameWidth = (count: number): Width =>
  count === 4 ? "long" : count === 5 ? "narrow" : "short";

/** The AM/PM marker (ICU `a`) in the locale: `am` in en-GB, `AM` in en-US, `午前` in ja. */
function amPm(ctx: Context): string {
  return part(ctx, { hour: "numeric", hourCycle: "h12" }, "dayPeriod");
}

/**
 * A time-zone name in the locale. A name that is an offset from GMT is ICU's localized GMT
 * format, which writes a zero offset as the bare `GMT` (`UTC` in fr) where `Intl` adds `+0`.
 */
function zoneName(ctx: Context, style: Intl.DateTimeFormatOptions["timeZoneName"]): string {
  const name = part(ctx, { timeZoneName: style }, "timeZoneName");
  return ctx.parts.offsetMinutes === 0 ? name.replace(/[+\u2212-]0(?:0(?::00)?)?$/, "") : name;
}

/** An ISO 8601 offset, `+01`, `+0100` or `+01:00` by `count`; `Z` for a zero offset if `z`. */
function isoOffset(ctx: Context, count: number, z: boolean): string {
  const minutes = ctx.parts.offsetMinutes;
  if (minutes === 0 && z) return "Z";
  const sign = minutes < 0 ? "-" : "+";
  const hh = String(Math.trunc(Math.abs(minutes) / 60)).padStart(2, "0");
  const mm = String(Math.abs(minutes) % 60).padStart(2, "0");
  if (count === 1) return `${sign}${hh}${mm === "00" ? "" : mm}`;
  return count === 3 || count === 5 ? `${sign}${hh}:${mm}` : `${sign}${hh}${mm}`;
}

const ORDINALS = ["1st", "2nd", "3rd", "4th"];

/** One pattern field: `letter` repeated `count` times. */
function field(ctx: Context, letter: string, count: number): string {
  const { year, month, day, hour, minute, second, millisecond } = ctx.parts;
  const isoDay = isoWeekday(year, month, day);
  const localDay = weekPosition(ctx, isoDay) + 1;
  switch (letter) {
    case "G":
      return part(ctx, { era: nameWidth(count), year: "numeric" }, "era");
    case "y":
      return count === 2 ? num(ctx, year % 100, 2) : num(ctx, year, count);
    case "Y": {
      const weekYear = weekOfYear(ctx).year;
      return count === 2 ? num(ctx, weekYear % 100, 2) : num(ctx, weekYear, count);
    }
    case "u":
    case "U":
    case "r":
      return num(ctx, year, count);
    case "Q":
    case "q": {
      const quarter = Math.floor((month - 1) / 3) + 1;
      if (count === 3) return `Q${quarter}`;
      if (count === 4) return `${ORDINALS[quarter - 1]} quarter`;
      return num(ctx, quarter, count >= 5 ? 1 : count);
    }
    case "M":
    case "L":
      return count <= 2 || count >= 6
        ? num(ctx, month, count)
        : monthName(ctx, nameWidth(count), letter === "L");
    case "w":
      return num(ctx, weekOfYear(ctx).week, count);
    case "W":
      return num(ctx, weekOfMonth(ctx), count);
    case "d":
      return num(ctx, day, count);
    case "D":
      return num(ctx, dayNumber(year, month, day) - dayNumber(year, 1, 1) + 1, count);
    case "F":
      return num(ctx, Math.floor((day - 1) / 7) + 1, count);
    case "g":
      return num(ctx, dayNumber(year, month, day) + 2_440_588, count);
    case "E":
      return weekdayName(ctx, count === 4 ? "long" : count === 5 ? "narrow" : "short", false);
    case "e":
    case "c":
      return count <= 2
        ? num(ctx, localDay, count)
        : weekdayName(ctx, count === 4 ? "long" : count === 5 ? "narrow" : "short", letter === "c");
    case "a":
    case "b":
      return amPm(ctx);
    case "B":
      return part(ctx, { hour: "numeric", hour12: true, dayPeriod: nameWidth(count) }, "dayPeriod");
    case "h":
      return num(ctx, hour % 12 === 0 ? 12 : hour % 12, count);
    case "H":
      return num(ctx, hour, count);
    case "k":
      return num(ctx, hour === 0 ? 24 : hour, count);
    case "K":
      return num(ctx, hour % 12, count);
    case "m":
      return num(ctx, minute, count);
    case "s":
      return num(ctx, second, count);
    case "S": {
      const fraction = String(millisecond).padStart(3, "0");
      const digits = count <= 3 ? fraction.slice(0, count) : fraction.padEnd(count, "0");
      return digits.replace(/\d/g, (d) => ctx.digits[Number(d)]!);
    }
    case "A":
      return num(ctx, ((hour * 60 + minute) * 60 + second) * 1000 + millisecond, count);
    case "z":
      return zoneName(ctx, count >= 4 ? "long" : "short");
    case "Z":
      if (count === 4) return zoneName(ctx, "longOffset");
      return count >= 5 ? isoOffset(ctx, 5, true) : isoOffset(ctx, 2, false);
    case "O":
      return zoneName(ctx, count === 4 ? "longOffset" : "shortOffset");
    case "v":
      return zoneName(ctx, count === 4 ? "longGeneric" : "shortGeneric");
    case "V":
      if (count === 2) return ctx.timeZone;
      if (count === 3) return (ctx.timeZone.split("/").pop() ?? "").replace(/_/g, " ");
      return count === 1 ? "unk" : zoneName(ctx, "longGeneric");
    case "X":
      return isoOffset(ctx, Math.min(count, 5), true);
    default: // "x"
      return isoOffset(ctx, Math.min(count, 5), false);
  }
}

/**
 * Formats a date with an ICU date pattern, as PHP's `IntlDateFormatter` does in the real API:
 * letters are fields (`yyyy`, `MM`, `dd`, `EEEE`, `MMMM`, `HH`, `mm`, `a`, `zzzz`...), text in
 * single quotes is literal (`''` is a quote), anything else is copied. Names (months, weekdays,
 * eras, AM/PM, time zones), digits and week numbering come from `locale` through `Intl`. An
 * ASCII letter ICU does not know ends the output there, as ICU stops at it. `locale` must be a
 * tag `Intl` accepts and `timeZone` a zone it knows.
 *
 * @example
 * formatIcuPattern(new Date("2024-03-04T08:30:00Z"), "EEEE d MMMM", "de", "UTC"); // "Montag 4 März"
 */
export function formatIcuPattern(
  date: Date,
  pattern: string,
  locale: string,
  timeZone: string,
): string {
  const ctx: Context = {
    date,
    locale,
    timeZone,
    parts: zonedParts(date, timeZone),
    week: weekRules(locale),
    digits: localeDigits(locale),
  };
  const text = pattern === "" ? EMPTY_PATTERN : pattern;
  let out = "";
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "'") {
      if (text[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      for (i++; i < text.length; i++) {
        if (text[i] !== "'") out += text[i];
        else if (text[i + 1] === "'") out += text[i++];
        else break;
      }
      i++;
      continue;
    }
    if (/[A-Za-z]/.test(char)) {
      let count = 1;
      while (text[i + count] === char) count++;
      if (!FIELD_LETTERS.has(char)) return out;
      out += field(ctx, char, count);
      i += count;
      continue;
    }
    out += char;
    i++;
  }
  return out;
}
