import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectiveError } from "../../emulator/directives/directive-error.js";
import {
  checkTimeZone,
  formatDateTime,
  formatDirectiveDateTime,
  formatNamedDateTime,
  resolveLocale,
} from "../../emulator/directives/format-date-time.js";
import { formatIcuPattern } from "../../emulator/directives/icu-date-pattern.js";
import { renderMarkdown } from "../../emulator/directives/render-markdown.js";
import { transformUrl } from "../../emulator/directives/transform-url.js";
import { GENERIC_ERROR } from "../../emulator/execute-graphql.js";
import type { ContentServer } from "../../emulator/index.js";
import { exampleSite, post, startServer } from "./emulator-harness.js";

// Expected texts were observed from the real API's code path: Craft 5's FormatDateTime and
// Markdown directives over craft\i18n\Formatter, Yii 2.0.55's formatter and format converter and
// cebe/markdown 1.2.1, on PHP 8.2 with intl (ICU 72). Names and patterns come from ICU's CLDR
// data, here Node's, which agrees with ICU 72 for every text below.

const monday = new Date("2024-03-04T08:30:00Z");

describe("formatDateTime: PHP formats through ICU, as the CMS formats them", () => {
  it.each([
    [undefined, "UTC", "en-US", "2024-03-04T08:30:00+00:00"],
    ["Y-m-d H:i:s", "UTC", "en-US", "2024-03-04 08:30:00"],
    ["D, d M Y", "UTC", "en-US", "Mon, 04 Mar 2024"],
    ["l jS F Y", "UTC", "en-US", "Monday 4th March 2024"],
    // N and W follow the locale's week (en-US weeks start on Sunday); z is ICU's day of year, from 1.
    ["N w z t L W o y n", "UTC", "en-US", "2 1 64 31 1 10 2024 24 3"],
    ["N w z t L W o y n", "UTC", "en-GB", "1 1 64 31 1 10 2024 24 3"],
    ["g:i a|G|h|A", "UTC", "en-US", "8:30 am|8|08|AM"],
    // v is not PHP's milliseconds but ICU's generic zone name; p is no ICU letter and ends the text.
    ["U u v", "UTC", "en-US", "1709541000 000000 GMT"],
    ["H:i P p", "Asia/Kolkata", "en-US", "14:00 +05:30 "],
    ["c", "America/New_York", "en-US", "2024-03-04T03:30:00-05:00"],
    ["T O Z e", "America/New_York", "en-US", "EST -0500 -18000 America/New_York"],
    ["T O Z e", "America/New_York", "en-GB", "GMT-5 -0500 -18000 America/New_York"],
    ["r", "UTC", "en-US", "Mon, 04 Mar 2024 08:30:00 +0000"],
    ["\\Y\\-m", "UTC", "en-US", "Y\\-03"],
    ["D \\D \\\\D", "UTC", "en-US", "Mon D \\Mon"],
    ["jS jS jS jS", "UTC", "en-US", "4th 4th 4th 4th"],
    ["B", "UTC", "en-US", "395"],
    ["it's", "UTC", "en-US", "3031'00"],
    // An ICU pattern without the icu: prefix is read as PHP: y is yy, M is MMM, d is dd, each time.
    ["yyyy-MM-dd", "UTC", "en-US", "00002024-000003-0004"],
  ])("format %j in %s, %s → %s", (format, zone, locale, expected) => {
    expect(formatDateTime(monday, format, zone, locale)).toBe(expected);
  });

  it("writes names in the locale, stand-alone when a name is the whole piece", () => {
    expect(formatDateTime(monday, "l j F Y", "UTC", "de")).toBe("Montag 4 März 2024");
    expect(formatDateTime(monday, "l j F Y", "UTC", "fr")).toBe("lundi 4 mars 2024");
    expect(formatDateTime(monday, "l j F Y", "UTC", "ja")).toBe("月曜日 4 3月 2024");
    expect(formatDateTime(monday, "D, d M Y", "UTC", "de")).toBe("Mo., 04 März 2024");
    expect(formatDateTime(monday, "D", "UTC", "de")).toBe("Mo");
    expect(formatDateTime(monday, "M", "UTC", "de")).toBe("Mär");
    expect(formatDateTime(monday, "D j M Y, g:i A", "UTC", "ja")).toBe("月 4 3月 2024, 8:30 午前");
    expect(formatDateTime(new Date("2024-03-04T15:30:00Z"), "g:i a A", "UTC", "de")).toBe(
      "3:30 pm PM",
    );
  });

  const summer = new Date("2024-07-01T12:00:00Z");
  const winter = new Date("2024-01-15T12:00:00Z");
  it.each([
    // T is the locale's short zone name (ICU z): letters where its CLDR data has them, else GMT±h.
    ["Europe/Oslo", "en-GB", "CEST 1", "CET 0"],
    ["Europe/Oslo", "en-US", "GMT+2 1", "GMT+1 0"],
    ["Europe/Oslo", "de", "MESZ 1", "MEZ 0"],
    ["Europe/London", "en-GB", "BST 1", "GMT 0"],
    ["Europe/London", "de", "GMT+1 1", "GMT 0"],
    ["America/New_York", "en-US", "EDT 1", "EST 0"],
    ["America/New_York", "en-GB", "GMT-4 1", "GMT-5 0"],
    ["America/St_Johns", "en-US", "GMT-2:30 1", "GMT-3:30 0"],
    ["Australia/Sydney", "en-GB", "GMT+10 0", "GMT+11 1"],
    ["Asia/Kathmandu", "en-GB", "GMT+5:45 0", "GMT+5:45 0"],
    ["UTC", "de", "UTC 0", "UTC 0"],
  ])("T and I in %s, %s: %s in July, %s in January", (zone, locale, july, january) => {
    expect(formatDateTime(summer, "T I", zone, locale)).toBe(july);
    expect(formatDateTime(winter, "T I", zone, locale)).toBe(january);
  });

  it("numbers weeks by the locale's rules and keeps PHP's English suffixes", () => {
    expect(
      ["2024-03-01", "2024-03-02", "2024-03-03", "2024-03-11", "2024-03-22"].map((d) =>
        formatDateTime(new Date(d), "jS"),
      ),
    ).toEqual(["1st", "2nd", "3rd", "11th", "22nd"]);
    const newYear = new Date("2021-01-01T00:00:00Z");
    expect(formatDateTime(newYear, "o-W", "UTC", "en-GB")).toBe("2020-53");
    expect(formatDateTime(newYear, "o-W", "UTC", "en-US")).toBe("2021-1");
  });

  it("refuses an unknown time zone by name", () => {
    expect(() => formatDateTime(monday, undefined, "Mars/Olympus")).toThrow(
      /Unknown time zone "Mars\/Olympus"/,
    );
  });
});

describe("ICU patterns", () => {
  it.each([
    ["yyyy-MM-dd", "en-GB", "2024-03-04"],
    ["EEEE d MMMM", "de", "Montag 4 März"],
    ["EEEE d MMMM", "fr", "lundi 4 mars"],
    ["EEEE d MMMM", "ja", "月曜日 4 3月"],
    ["EEE, d MMM y", "de", "Mo., 4 März 2024"],
    ["h:mm a", "en-GB", "9:30 am"],
    ["h:mm a", "ja", "9:30 午前"],
    ["HH:mm:ss.SSS zzzz", "de", "09:30:00.000 Mitteleuropäische Normalzeit"],
    ["z O OOOO Z ZZZZZ X xxx", "fr", "UTC+1 UTC+1 UTC+01:00 +0100 +01:00 +01 +01:00"],
    ["G GGGG GGGGG", "en-GB", "AD Anno Domini A"],
    ["w W D F e c", "ja", "10 2 64 1 2 2"],
    ["y yy yyy yyyy yyyyy", "en-GB", "2024 24 2024 2024 02024"],
    ["'o''clock' h ''", "en-GB", "o'clock 9 '"],
    // ICU stops at a letter it does not know.
    ["HH:mm 'at' f HH", "en-GB", "09:30 at "],
    ["", "en-GB", "20240304 09:30 am"],
  ])("%j in %s, Europe/Oslo → %s", (pattern, locale, expected) => {
    expect(formatIcuPattern(monday, pattern, locale, "Europe/Oslo")).toBe(expected);
  });

  it("writes a zero offset as the bare localized GMT", () => {
    expect(formatIcuPattern(monday, "O OOOO ZZZZ v", "en-GB", "UTC")).toBe("GMT GMT GMT GMT");
    expect(formatIcuPattern(monday, "O", "fr", "UTC")).toBe("UTC");
  });
});

describe("named date formats", () => {
  const lengths = ["short", "medium", "long", "full"] as const;

  it("writes the date and time as the locale does, with four-digit years", () => {
    expect(
      lengths.map((length) => formatNamedDateTime(monday, length, "en-GB", "Europe/Paris")),
    ).toEqual([
      "04/03/2024, 09:30",
      "4 Mar 2024, 09:30:00",
      "4 March 2024 at 09:30:00 CET",
      "Monday, 4 March 2024 at 09:30:00 Central European Standard Time",
    ]);
    // ICU's en-US and de short patterns have two-digit years; the CMS widens them.
    expect(formatNamedDateTime(monday, "short", "en-US", "UTC")).toBe("3/4/2024, 8:30\u202fAM");
    expect(formatNamedDateTime(monday, "short", "de", "Europe/Berlin")).toBe("04.03.2024, 09:30");
    expect(formatNamedDateTime(monday, "full", "ja", "UTC")).toBe(
      "2024年3月4日月曜日 8時30分00秒 協定世界時",
    );
  });

  it("is chosen by the lower-case names and icu: before them; other formats are PHP", () => {
    const format = (f: string) => formatDirectiveDateTime(monday, { format: f, locale: "en-GB" });
    expect(format("full")).toBe("Monday, 4 March 2024 at 08:30:00 Coordinated Universal Time");
    expect(format("icu:short")).toBe("04/03/2024, 08:30");
    expect(format("Short")).toBe("th082024Mon, 04 Mar 2024 08:30:00 +000031");
    expect(format("php:short")).toBe("00082024Mon, 04 Mar 2024 08:30:00 +000031");
    expect(format("icu:Short")).toBe("08");
    expect(format("php:Y-m-d")).toBe("2024-03-04");
    expect(format("")).toBe("");
    expect(formatDirectiveDateTime(monday, {})).toBe("2024-03-04T08:30:00+00:00");
  });
});

describe("locales and time zones", () => {
  it("takes tags PHP's intl takes and refuses the others as the CMS fails on them", () => {
    expect(["de", "en_GB", "DE", "EN-us", "de-XX", "en-GB!", "tlh"].map(resolveLocale)).toEqual([
      "de",
      "en-GB",
      "de",
      "en-US",
      "de-XX",
      "en",
      "tlh",
    ]);
    for (const tag of ["xx", "qq", "und", "root", "no locale", "klingon"]) {
      expect(() => resolveLocale(tag), tag).toThrow(DirectiveError);
      expect(() => resolveLocale(tag), tag).toThrow(`Invalid locale "${tag}"`);
    }
  });

  it("takes zone names as the tz database spells them", () => {
    expect(["Europe/Oslo", "UTC", "EST", "Asia/Calcutta", "Etc/GMT+5"].map(checkTimeZone)).toEqual([
      "Europe/Oslo",
      "UTC",
      "EST",
      "Asia/Calcutta",
      "Etc/GMT+5",
    ]);
    for (const zone of ["utc", "Europe/oslo", "+02:00", "Nowhere/Land"]) {
      expect(() => checkTimeZone(zone), zone).toThrow(DirectiveError);
    }
  });
});

/** A paragraph with a raw HTML block and inline HTML, with scripts and event handlers. */
const RAW_HTML =
  '<div class="note" onclick="alert(1)">\n<script>alert("x")</script>\n</div>\n\nHello <span style="color:red" onmouseover="steal()">there</span> and <script>alert(2)</script> *end*';
const BLOCK = '<div class="note" onclick="alert(1)">\n<script>alert("x")</script>\n</div>\n';
const INLINE =
  'Hello <span style="color:red" onmouseover="steal()">there</span> and <script>alert(2)</script> <em>end</em>';

describe("renderMarkdown", () => {
  it("renders each flavor", () => {
    expect(renderMarkdown("Hello *world*")).toBe("<p>Hello <em>world</em></p>\n");
    expect(renderMarkdown("~~gone~~", "original")).toBe("<p>~~gone~~</p>\n");
    expect(renderMarkdown("~~gone~~", "gfm")).toBe("<p><del>gone</del></p>\n");
    expect(renderMarkdown("~~gone~~", "extra")).toBe("<p>~~gone~~</p>\n");
    expect(renderMarkdown("a\nb", "gfm")).toBe("<p>a\nb</p>\n");
    expect(renderMarkdown("a\nb", "gfm-comment")).toBe("<p>a<br>\nb</p>\n");
    expect(renderMarkdown("| a |\n|---|\n| 1 |", "extra")).toContain("<table>");
    expect(renderMarkdown("| a |\n|---|\n| 1 |", "original")).not.toContain("<table>");
    expect(renderMarkdown('Tom & Jerry &copy; "quoted" a < b')).toBe(
      '<p>Tom &amp; Jerry &copy; "quoted" a &lt; b</p>\n',
    );
    expect(renderMarkdown("   ")).toBe("");
  });

  it.each(["original", "gfm", "gfm-comment", "extra"])(
    "keeps raw HTML blocks and inline tags in %s, scripts and handlers included",
    (flavor) => {
      expect(renderMarkdown(RAW_HTML, flavor)).toBe(`${BLOCK}<p>${INLINE}</p>\n`);
    },
  );

  it("finds HTML blocks as the real parser does", () => {
    // script and img are inline elements: a line starting with one is a paragraph.
    expect(renderMarkdown("<script>alert(1)</script>")).toBe("<p><script>alert(1)</script></p>\n");
    expect(renderMarkdown("<img src=x onerror=alert(1)>")).toBe(
      "<p><img src=x onerror=alert(1)></p>\n",
    );
    // A block ends where its tags close, not at a blank line, and never interrupts a paragraph.
    expect(renderMarkdown("<div>a</div>\nmore *text*")).toBe(
      "<div>a</div>\n<p>more <em>text</em></p>\n",
    );
    expect(renderMarkdown("<div>\n\n*kept*\n\n</div>\n\nafter")).toBe(
      "<div>\n\n*kept*\n\n</div>\n<p>after</p>\n",
    );
    expect(renderMarkdown("text\n<div>x</div>")).toBe("<p>text\n<div>x</div></p>\n");
    expect(renderMarkdown("<!-- a\nb -->\npara")).toBe("<!-- a\nb -->\n<p>para</p>\n");
    expect(renderMarkdown("< not a tag\n\n<nottag")).toBe(
      "<p>&lt; not a tag</p>\n<p>&lt;nottag</p>\n",
    );
  });

  it("parses inline syntax only when asked, HTML still kept", () => {
    expect(renderMarkdown(RAW_HTML, "original", true)).toBe(`${BLOCK}\n${INLINE}`);
    expect(renderMarkdown("a <b>b</b>\nc", "gfm-comment", true)).toBe("a <b>b</b><br>\nc");
  });

  it("refuses an unknown flavor with an error shown in dev mode only", () => {
    expect(() => renderMarkdown("x", "wiki")).toThrow(DirectiveError);
    expect(() => renderMarkdown("x", "GFM")).toThrow(
      /Markdown flavor "GFM" is not defined; use one of original, gfm, gfm-comment, extra/,
    );
  });
});

describe("transformUrl", () => {
  const url = "https://cdn.example/images/team/ada.jpg";
  it.each([
    [
      { width: 640, height: 480 },
      "https://cdn.example/images/team/_640x480_crop_center-center/ada.jpg",
    ],
    [{ width: 300 }, "https://cdn.example/images/team/_300xAUTO_crop_center-center/ada.jpg"],
    [
      {
        width: 300,
        height: 300,
        mode: "fit",
        position: "top-left",
        quality: 80,
        interlace: "line",
      },
      "https://cdn.example/images/team/_300x300_fit_top-left_80_line/ada.jpg",
    ],
    [{ handle: "thumb" }, "https://cdn.example/images/team/_thumb/ada.jpg"],
    [{ transform: "thumb", format: "webp" }, "https://cdn.example/images/team/_thumb/ada.webp"],
    [{ format: "png" }, "https://cdn.example/images/team/_original/ada.png"],
    [
      { width: 10, height: 10, immediately: true },
      "https://cdn.example/images/team/_10x10_crop_center-center/ada.jpg",
    ],
  ])("%j → %s", (args, expected) => {
    expect(transformUrl(url, args)).toBe(expected);
    expect(transformUrl(url, args)).toBe(transformUrl(url, { ...args }));
  });

  it("crops on the asset's focal point when it has one, whatever the position", () => {
    const focal = [0.42, 0.355] as const;
    expect(transformUrl(url, { width: 640, height: 480 }, focal)).toBe(
      "https://cdn.example/images/team/_640x480_crop_42-35.5/ada.jpg",
    );
    expect(transformUrl(url, { width: 640, height: 480, position: "top-left" }, focal)).toBe(
      "https://cdn.example/images/team/_640x480_crop_42-35.5/ada.jpg",
    );
    // Without a focal point the position (or its default) names the crop.
    expect(transformUrl(url, { width: 640, height: 480, position: "top-left" }, null)).toBe(
      "https://cdn.example/images/team/_640x480_crop_top-left/ada.jpg",
    );
    // Only crops have a centre: the other modes keep the position, named transforms their handle.
    expect(transformUrl(url, { width: 640, height: 480, mode: "fit" }, focal)).toBe(
      "https://cdn.example/images/team/_640x480_fit_center-center/ada.jpg",
    );
    expect(transformUrl(url, { handle: "thumb" }, focal)).toBe(
      "https://cdn.example/images/team/_thumb/ada.jpg",
    );
    expect(() => transformUrl(url, { width: 10, position: "middle" }, focal)).toThrow(
      /Unknown transform position "middle"/,
    );
  });

  it("returns undefined without a transform and refuses bad arguments", () => {
    expect(transformUrl(url, {})).toBeUndefined();
    expect(() => transformUrl(url, { width: 10, mode: "squash" })).toThrow(
      /Unknown transform mode "squash"/,
    );
    expect(() => transformUrl(url, { width: 10, position: "middle" })).toThrow(
      /Unknown transform position "middle"/,
    );
    expect(() => transformUrl(url, { width: -1 })).toThrow(/width must be positive/);
  });
});

describe("directives over HTTP", () => {
  let server: ContentServer;
  let production: ContentServer;
  beforeAll(async () => {
    // Entry 40's summary holds raw HTML; entry 41 has none.
    const site = exampleSite();
    const entries = site.content.entries as { id: number; fields: Record<string, unknown> }[];
    entries.find((entry) => entry.id === 40)!.fields.summary = RAW_HTML;
    entries.find((entry) => entry.id === 41)!.fields.summary = null;
    server = await startServer({ siteData: site });
    production = await startServer({ siteData: site, devMode: false });
  });
  afterAll(async () => {
    await server.close();
    await production.close();
  });

  it("@formatDateTime formats DateTime fields and leaves other fields alone", async () => {
    const reply = await post(
      server,
      '{ entry(id: 40) { postDate dateCreated @formatDateTime(format: "D j M Y, H:i T", timezone: "Europe/London") oslo: postDate @formatDateTime(format: "H:i T I", timezone: "Europe/Oslo") title @formatDateTime(format: "Y") } }',
    );
    // The example site's language is en-GB, whose short name for Central European Time is CET.
    expect(reply.body.data).toEqual({
      entry: {
        postDate: "2024-03-04T08:30:00+00:00",
        dateCreated: "Mon 4 Mar 2024, 08:30 GMT",
        oslo: "09:30 CET 0",
        title: "Offshore wind farm reaches full output",
      },
    });
  });

  it("@formatDateTime takes variables and reports an unknown zone in errors", async () => {
    const reply = await post(
      server,
      'query($tz: String) { entry(id: 40) { postDate @formatDateTime(format: "H:i", timezone: $tz) } }',
      { variables: { tz: "Asia/Tokyo" } },
    );
    expect(reply.body.data).toEqual({ entry: { postDate: "17:30" } });
    const bad = await post(
      server,
      '{ entry(id: 40) { id postDate @formatDateTime(timezone: "Nowhere/Land") } }',
    );
    expect(bad.status).toBe(200);
    expect(bad.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/Unknown time zone "Nowhere\/Land"/),
      path: ["entry", "postDate"],
    });
    expect(bad.body.data).toEqual({ entry: { id: "40", postDate: null } });
  });

  it("@formatDateTime reads ICU patterns after icu:, and PHP formats otherwise", async () => {
    const reply = await post(
      server,
      `{ entry(id: 40) {
        icu: postDate @formatDateTime(format: "icu:yyyy-MM-dd")
        unprefixed: postDate @formatDateTime(format: "yyyy-MM-dd")
        php: postDate @formatDateTime(format: "Y-m-d")
        prefixed: postDate @formatDateTime(format: "php:Y-m-d")
        week: postDate @formatDateTime(format: "N jS z W o")
        zone: postDate @formatDateTime(format: "icu:HH:mm zzzz", timezone: "Europe/Berlin")
      } }`,
    );
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data).toEqual({
      entry: {
        icu: "2024-03-04",
        // Without icu: the pattern is PHP: y is yy, MM is MMMMMM (a padded number), dd is dddd.
        unprefixed: "00002024-000003-0004",
        php: "2024-03-04",
        prefixed: "2024-03-04",
        week: "1 4th 64 10 2024",
        zone: "09:30 Central European Standard Time",
      },
    });
  });

  it("@formatDateTime gives day and month names in the locale asked for", async () => {
    const reply = await post(
      server,
      `{ entry(id: 40) {
        deIcu: postDate @formatDateTime(format: "icu:EEEE d MMMM", locale: "de")
        frIcu: postDate @formatDateTime(format: "icu:EEEE d MMMM", locale: "fr")
        jaIcu: postDate @formatDateTime(format: "icu:EEEE d MMMM", locale: "ja")
        dePhp: postDate @formatDateTime(format: "l j F Y", locale: "de")
        frPhp: postDate @formatDateTime(format: "l j F Y", locale: "fr")
        jaPhp: postDate @formatDateTime(format: "D j M Y, g:i A", locale: "ja")
        deShort: postDate @formatDateTime(format: "D, d M Y", locale: "de_DE")
        deAlone: postDate @formatDateTime(format: "D", locale: "de")
        site: postDate @formatDateTime(format: "icu:EEEE d MMMM", locale: "")
        zoned: postDate @formatDateTime(format: "H:i T", locale: "de", timezone: "Europe/Berlin")
      } }`,
    );
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data).toEqual({
      entry: {
        deIcu: "Montag 4 März",
        frIcu: "lundi 4 mars",
        jaIcu: "月曜日 4 3月",
        dePhp: "Montag 4 März 2024",
        frPhp: "lundi 4 mars 2024",
        jaPhp: "月 4 3月 2024, 8:30 午前",
        deShort: "Mo., 04 März 2024",
        deAlone: "Mo",
        site: "Monday 4 March",
        zoned: "09:30 MEZ",
      },
    });
  });

  it("@formatDateTime takes named formats in the site's language or the locale asked for", async () => {
    const reply = await post(
      server,
      `query($locale: String) { entry(id: 40) {
        short: postDate @formatDateTime(format: "short")
        medium: postDate @formatDateTime(format: "medium")
        long: postDate @formatDateTime(format: "long", timezone: "Europe/Berlin")
        full: postDate @formatDateTime(format: "full", timezone: "Europe/London")
        us: postDate @formatDateTime(format: "short", locale: $locale)
        german: postDate @formatDateTime(format: "icu:full", locale: "de", timezone: "Europe/Berlin")
        japanese: postDate @formatDateTime(format: "full", locale: "ja")
        french: postDate @formatDateTime(format: "full", locale: "fr", timezone: "Europe/Berlin")
      } }`,
      { variables: { locale: "en-US" } },
    );
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data).toEqual({
      entry: {
        short: "04/03/2024, 08:30",
        medium: "4 Mar 2024, 08:30:00",
        long: "4 March 2024 at 09:30:00 CET",
        full: "Monday, 4 March 2024 at 08:30:00 Greenwich Mean Time",
        us: "3/4/2024, 8:30\u202fAM",
        german: "Montag, 4. März 2024 um 09:30:00 Mitteleuropäische Normalzeit",
        japanese: "2024年3月4日月曜日 8時30分00秒 協定世界時",
        french: "lundi 4 mars 2024 à 09:30:00 heure normale d’Europe centrale",
      },
    });
  });

  it("@formatDateTime fails on a locale PHP's intl cannot use, with the message in dev mode only", async () => {
    const query = '{ entry(id: 40) { id postDate @formatDateTime(format: "full", locale: "xx") } }';
    const dev = await post(server, query);
    expect(dev.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Invalid locale "xx"/),
      path: ["entry", "postDate"],
    });
    expect(dev.body.data).toEqual({ entry: { id: "40", postDate: null } });
    const prod = await post(production, query);
    expect(prod.body.errors?.map((e) => e.message)).toEqual([GENERIC_ERROR]);
    expect(prod.body.data).toEqual({ entry: { id: "40", postDate: null } });
  });

  it.each(["original", "gfm", "gfm-comment", "extra"])(
    "@markdown(flavor: %j) keeps raw HTML blocks and inline tags, scripts and handlers included",
    async (flavor) => {
      const reply = await post(
        server,
        `query($flavor: String) { entry(id: 40) { ... on news_article_Entry {
          html: summary @markdown(flavor: $flavor)
          inline: summary @markdown(flavor: $flavor, inlineOnly: true)
        } } }`,
        { variables: { flavor } },
      );
      expect(reply.body.errors).toBeUndefined();
      const inline =
        flavor === "gfm-comment"
          ? `${BLOCK.replaceAll("\n", "<br>\n")}<br>\n${INLINE}`
          : `${BLOCK}\n${INLINE}`;
      expect(reply.body.data).toEqual({
        entry: { html: `${BLOCK}<p>${INLINE}</p>\n`, inline },
      });
    },
  );

  it("@markdown renders a text field with the flavor asked for, and null as empty text", async () => {
    const reply = await post(
      server,
      '{ entry(id: 40) { title @markdown } other: entry(id: 41) { ... on news_article_Entry { summary @markdown(flavor: "gfm") plain: summary } } }',
    );
    expect(reply.body.data).toEqual({
      entry: { title: "<p>Offshore wind farm reaches full output</p>\n" },
      other: { summary: "", plain: null },
    });
  });

  it("@markdown fails on an unknown flavor, with the message in dev mode only", async () => {
    const query = '{ entry(id: 40) { id title @markdown(flavor: "wiki") } }';
    const dev = await post(server, query);
    expect(dev.body.errors?.[0]).toMatchObject({
      message:
        'Markdown flavor "wiki" is not defined; use one of original, gfm, gfm-comment, extra',
      path: ["entry", "title"],
    });
    const prod = await post(production, query);
    expect(prod.body.errors?.map((e) => e.message)).toEqual([GENERIC_ERROR]);
    expect(prod.body.data).toEqual({ entry: { id: "40", title: null } });
  });

  it("@transform and url arguments give the transform URL of an asset", async () => {
    // Asset 11 has no focal point, so the position names the crop.
    const reply = await post(
      server,
      '{ asset(id: 11) { url plain: url sized: url(width: 200, height: 100) directed: url @transform(width: 200, height: 100) placed: url(width: 200, height: 100, position: "top-left") named: url @transform(handle: "hero") title @transform(width: 1) } }',
    );
    expect(reply.body.data).toEqual({
      asset: {
        url: "https://cdn.northwind.example/images/wind-farm.jpg",
        plain: "https://cdn.northwind.example/images/wind-farm.jpg",
        sized: "https://cdn.northwind.example/images/_200x100_crop_center-center/wind-farm.jpg",
        directed: "https://cdn.northwind.example/images/_200x100_crop_center-center/wind-farm.jpg",
        placed: "https://cdn.northwind.example/images/_200x100_crop_top-left/wind-farm.jpg",
        named: "https://cdn.northwind.example/images/_hero/wind-farm.jpg",
        title: "Wind farm",
      },
    });
  });

  it("@transform and url arguments crop on an asset's focal point", async () => {
    // Asset 10's focal point is (0.42, 0.35).
    const reply = await post(
      server,
      '{ asset(id: 10) { focalPoint sized: url(width: 200, height: 100) directed: url @transform(width: 200, height: 100) placed: url(width: 200, height: 100, position: "top-left") fitted: url(width: 200, height: 100, mode: "fit") } }',
    );
    expect(reply.body.data).toEqual({
      asset: {
        focalPoint: [0.42, 0.35],
        sized: "https://cdn.northwind.example/images/_200x100_crop_42-35/harbour-dawn.jpg",
        directed: "https://cdn.northwind.example/images/_200x100_crop_42-35/harbour-dawn.jpg",
        placed: "https://cdn.northwind.example/images/_200x100_crop_42-35/harbour-dawn.jpg",
        fitted: "https://cdn.northwind.example/images/_200x100_fit_center-center/harbour-dawn.jpg",
      },
    });
  });
});
