import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatDirectiveDateTime,
  formatNamedDateTime,
} from "../../emulator/directives/format-date-time.js";
import { renderMarkdown } from "../../emulator/directives/render-markdown.js";
import { transformUrl } from "../../emulator/directives/transform-url.js";
import type { ContentServer } from "../../emulator/index.js";
import { post, startServer } from "./emulator-harness.js";

const monday = new Date("2024-03-04T08:30:00Z");

describe("formatDateTime", () => {
  it.each([
    [undefined, "UTC", "2024-03-04T08:30:00+00:00"],
    ["Y-m-d H:i:s", "UTC", "2024-03-04 08:30:00"],
    ["D, d M Y", "UTC", "Mon, 04 Mar 2024"],
    ["l jS F Y", "UTC", "Monday 4th March 2024"],
    ["N w z t L W o y n", "UTC", "1 1 63 31 1 10 2024 24 3"],
    ["g:i a|G|h|A", "UTC", "8:30 am|8|08|AM"],
    ["U u v", "UTC", "1709541000 000000 000"],
    ["c", "America/New_York", "2024-03-04T03:30:00-05:00"],
    ["T O Z e", "America/New_York", "EST -0500 -18000 America/New_York"],
    ["H:i P p", "Asia/Kolkata", "14:00 +05:30 +05:30"],
    ["p", "UTC", "Z"],
    ["r", "UTC", "Mon, 04 Mar 2024 08:30:00 +0000"],
    ["\\Y\\-m", "UTC", "Y-03"],
    ["jS jS jS jS", "UTC", "4th 4th 4th 4th"],
  ])("format %j in %s → %s", (format, zone, expected) => {
    expect(formatDateTime(monday, format, zone)).toBe(expected);
  });

  const summer = new Date("2024-07-01T12:00:00Z");
  const winter = new Date("2024-01-15T12:00:00Z");
  it.each([
    // Abbreviations where Intl has one, in summer and in winter; I is 1 during daylight saving.
    ["Europe/Oslo", "CEST 1", "CET 0"],
    ["Europe/London", "BST 1", "GMT 0"],
    ["Europe/Helsinki", "EEST 1", "EET 0"],
    ["America/New_York", "EDT 1", "EST 0"],
    ["America/St_Johns", "NDT 1", "NST 0"],
    ["Australia/Sydney", "AEST 0", "AEDT 1"],
    ["Asia/Kolkata", "IST 0", "IST 0"],
    ["Asia/Tokyo", "JST 0", "JST 0"],
    ["UTC", "UTC 0", "UTC 0"],
    // No abbreviation: the offset as the tz database writes it, minutes only when not whole hours.
    ["America/Sao_Paulo", "-03 0", "-03 0"],
    ["Asia/Kathmandu", "+0545 0", "+0545 0"],
    ["Etc/GMT+5", "-05 0", "-05 0"],
  ])("T and I in %s: %s in July, %s in January", (zone, july, january) => {
    expect(formatDateTime(summer, "T I", zone)).toBe(july);
    expect(formatDateTime(winter, "T I", zone)).toBe(january);
  });

  it("gives ordinal suffixes and the ISO week year", () => {
    expect(
      ["2024-03-01", "2024-03-02", "2024-03-03", "2024-03-11", "2024-03-22"].map((d) =>
        formatDateTime(new Date(d), "jS"),
      ),
    ).toEqual(["1st", "2nd", "3rd", "11th", "22nd"]);
    expect(formatDateTime(new Date("2021-01-01T00:00:00Z"), "o-W")).toBe("2020-53");
  });

  it("refuses an unknown time zone by name", () => {
    expect(() => formatDateTime(monday, undefined, "Mars/Olympus")).toThrow(
      /Unknown time zone "Mars\/Olympus"/,
    );
  });
});

describe("named date formats", () => {
  const lengths = ["short", "medium", "long", "full"] as const;

  it("writes the date and time as the locale does, longer at each length", () => {
    const texts = lengths.map((length) =>
      formatNamedDateTime(monday, length, "en-GB", "Europe/Paris"),
    );
    expect(texts[0]).toBe("04/03/2024, 09:30");
    for (let i = 1; i < texts.length; i++)
      expect(texts[i]!.length, lengths[i]).toBeGreaterThan(texts[i - 1]!.length);
    expect(texts[1]).toMatch(/^4 Mar 2024\D+09:30:00$/);
    expect(texts[2]).toMatch(/^4 March 2024\D+09:30:00 /);
    expect(texts[3]).toMatch(/^Monday, 4 March 2024\D+09:30:00 Central European/);
  });

  it("follows the locale and the time zone", () => {
    expect(formatNamedDateTime(monday, "full", "de-DE", "Europe/Berlin")).toMatch(
      /^Montag, 4\. März 2024\D+09:30:00 /,
    );
    expect(formatNamedDateTime(monday, "medium", "en-US", "UTC")).toMatch(
      /^Mar 4, 2024, 8:30:00\sAM$/,
    );
    expect(formatNamedDateTime(monday, "short", "en-GB", "Asia/Tokyo")).toBe("04/03/2024, 17:30");
  });

  it("is never read letter by letter; other formats still are, and the names are lower case", () => {
    expect(formatDirectiveDateTime(monday, { format: "full", locale: "en-GB" })).toMatch(
      /^Monday, 4 March 2024/,
    );
    expect(formatDirectiveDateTime(monday, { format: "full", locale: "en-GB" })).not.toContain(
      "000000",
    );
    expect(formatDirectiveDateTime(monday, { format: "Y-m-d" })).toBe("2024-03-04");
    // Only the lower-case names are named formats; "Short" is a format string like any other.
    expect(formatDirectiveDateTime(monday, { format: "Short" })).toBe(
      formatDateTime(monday, "Short"),
    );
    expect(formatDirectiveDateTime(monday, { format: "Short" })).toMatch(/^th08/);
    expect(formatDirectiveDateTime(monday, {})).toBe("2024-03-04T08:30:00+00:00");
  });

  it("refuses an invalid locale and an unknown time zone by name", () => {
    expect(() => formatNamedDateTime(monday, "short", "en_GB!")).toThrow(/Invalid locale "en_GB!"/);
    expect(() => formatNamedDateTime(monday, "short", "en-GB", "Mars/Olympus")).toThrow(
      /Unknown time zone "Mars\/Olympus"/,
    );
  });
});

describe("renderMarkdown", () => {
  it("renders each flavor as markdown-it's matching preset", () => {
    expect(renderMarkdown("Hello *world*")).toBe("<p>Hello <em>world</em></p>\n");
    expect(renderMarkdown("~~gone~~", "original")).toBe("<p>~~gone~~</p>\n");
    expect(renderMarkdown("~~gone~~", "gfm")).toBe("<p><s>gone</s></p>\n");
    expect(renderMarkdown("a\nb", "gfm")).toBe("<p>a\nb</p>\n");
    expect(renderMarkdown("a\nb", "gfm-comment")).toBe("<p>a<br>\nb</p>\n");
    expect(renderMarkdown("| a |\n|---|\n| 1 |", "extra")).toContain("<table>");
    expect(renderMarkdown("| a |\n|---|\n| 1 |", "original")).not.toContain("<table>");
  });

  it("escapes raw HTML and refuses an unknown flavor", () => {
    expect(renderMarkdown("<script>x</script>", "gfm")).toBe(
      "<p>&lt;script&gt;x&lt;/script&gt;</p>\n",
    );
    expect(() => renderMarkdown("x", "wiki")).toThrow(
      /Unknown markdown flavor "wiki"; use one of original, gfm, gfm-comment, extra/,
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
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("@formatDateTime formats DateTime fields and leaves other fields alone", async () => {
    const reply = await post(
      server,
      '{ entry(id: 40) { postDate dateCreated @formatDateTime(format: "D j M Y, H:i T", timezone: "Europe/London") oslo: postDate @formatDateTime(format: "H:i T I", timezone: "Europe/Oslo") title @formatDateTime(format: "Y") } }',
    );
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

  it("@formatDateTime takes named formats in the site's language or the locale asked for", async () => {
    const reply = await post(
      server,
      `query($locale: String) { entry(id: 40) {
        short: postDate @formatDateTime(format: "short")
        full: postDate @formatDateTime(format: "full", timezone: "Europe/London")
        german: postDate @formatDateTime(format: "long", locale: "de-DE", timezone: "Europe/Berlin")
        asked: postDate @formatDateTime(format: "medium", locale: $locale)
        letters: postDate @formatDateTime(format: "D Y")
      } }`,
      { variables: { locale: "en-US" } },
    );
    expect(reply.body.errors).toBeUndefined();
    const entry = (reply.body.data as { entry: Record<string, string> }).entry;
    // The example site's language is en-GB.
    expect(entry.short).toBe("04/03/2024, 08:30");
    expect(entry.full).toMatch(/^Monday, 4 March 2024\D+08:30:00 Greenwich Mean Time$/);
    expect(entry.german).toMatch(/^4\. März 2024\D+09:30:00 MEZ$/);
    expect(entry.asked).toMatch(/^Mar 4, 2024, 8:30:00\sAM$/);
    expect(entry.letters).toBe("Mon 2024");

    const bad = await post(
      server,
      '{ entry(id: 40) { id postDate @formatDateTime(format: "full", locale: "no locale") } }',
    );
    expect(bad.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/Invalid locale "no locale"/),
      path: ["entry", "postDate"],
    });
    expect(bad.body.data).toEqual({ entry: { id: "40", postDate: null } });
  });

  it("@markdown renders a text field with the flavor asked for", async () => {
    const reply = await post(
      server,
      '{ entry(id: 40) { title @markdown ... on news_article_Entry { summary @markdown(flavor: "gfm") } } }',
    );
    expect(reply.body.data).toEqual({
      entry: {
        title: "<p>Offshore wind farm reaches full output</p>\n",
        summary: "<p>All forty turbines off the point are now feeding the grid.</p>\n",
      },
    });
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
