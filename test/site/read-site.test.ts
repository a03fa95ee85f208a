import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers/temp-project.js";
import { siteErrors } from "./site-errors.js";
import { readSite } from "../../site/read-site.js";
import type { Site } from "../../site/site-model.js";
import { packageRoot } from "../../input/paths.js";

const errorFor = siteErrors();

const entry = (site: Site, id: number) => site.content.entries.find((e) => e.id === id)!;

describe("readSite", () => {
  it("reads the example site", async () => {
    const site = await readSite(join(packageRoot, "schemas/content/site.json"));
    expect(Object.keys(site.sections).sort()).toEqual(["homepage", "news", "pages"]);
    expect(
      site.content.entries.filter((e) => e.section === "pages" && e.parentId != null).length,
    ).toBeGreaterThan(2);
  });

  // [what, change, message, text on the reported line]
  const cases: [string, (site: Site) => void, RegExp, string][] = [
    [
      "unknown section",
      (s) => {
        entry(s, 40).section = "blog";
      },
      /unknown section "blog"/,
      '"section": "blog"',
    ],
    [
      "unknown entry type",
      (s) => {
        entry(s, 40).type = "podcast";
      },
      /section "news" has no entry type "podcast"/,
      '"type": "podcast"',
    ],
    [
      "unknown field in a layout",
      (s) => s.sections.news!.entryTypes.article!.fields.push("subtitle"),
      /unknown field "subtitle"/,
      '"subtitle"',
    ],
    [
      "field hiding a built-in one",
      (s) => {
        s.fields.title = { id: 99, name: "Title", kind: "plainText" };
        s.volumes.images!.fields.push("title");
      },
      /field "title" would hide the built-in asset field/,
      '"title"',
    ],
    [
      "element id used twice",
      (s) => {
        s.content.tags[0]!.id = 40;
      },
      /element id 40 is used twice/,
      '"id": 40',
    ],
    [
      "relation to the wrong kind",
      (s) => {
        entry(s, 41).fields!.heroImage = [40];
      },
      /40 is not an element of kind assets/,
      "40",
    ],
    [
      "relation over its limit",
      (s) => {
        entry(s, 41).fields!.heroImage = [10, 11];
      },
      /allows at most 1 related elements/,
      '"heroImage"',
    ],
    [
      "value of the wrong kind",
      (s) => {
        entry(s, 41).fields!.readingTime = "3";
      },
      /readingTime" \(number\) must be an integer/,
      '"readingTime": "3"',
    ],
    [
      "field not in the layout",
      (s) => {
        entry(s, 41).fields!.videoUrl = "x";
      },
      /field "videoUrl" is not in this element's field layout/,
      '"videoUrl": "x"',
    ],
    [
      "unknown block type",
      (s) => {
        const blocks = entry(s, 41).fields!.articleBody as { type: string }[];
        blocks[0]!.type = "gallery";
      },
      /field "articleBody" has no block type "gallery"/,
      '"type": "gallery"',
    ],
    [
      "parent after its child",
      (s) => {
        entry(s, 51).parentId = 55;
      },
      /parentId 55 is not an earlier entry of section "pages"/,
      '"parentId": 55',
    ],
    [
      "parent in a channel",
      (s) => {
        entry(s, 41).parentId = 40;
      },
      /only entries of a structure section have a parent/,
      '"parentId": 40',
    ],
    [
      "author that is not a user",
      (s) => {
        entry(s, 41).authorId = 10;
      },
      /authorId 10 is not a user/,
      '"authorId": 10',
    ],
    [
      "scope naming an unknown section",
      (s) => s.schemas.public!.scope.sections!.push("news.podcast"),
      /unknown section or entry type "news.podcast"/,
      '"news.podcast"',
    ],
    [
      "relation outside the field's sources",
      (s) => {
        entry(s, 41).fields!.heroImage = [16];
      },
      /16 is in "documents", which field "heroImage" does not relate to \(images\)/,
      "16",
    ],
    [
      "two public schemas",
      (s) => {
        s.schemas.staging = { ...s.schemas.staging!, public: true, accessToken: undefined };
      },
      /exactly one public schema, found 2/,
      '"schemas"',
    ],
    [
      "missing uid (shape)",
      (s) => {
        delete (entry(s, 42) as Partial<Site["content"]["entries"][number]>).uid;
      },
      /missing required key "uid"/,
      "",
    ],
    [
      "bad handle (shape)",
      (s) => {
        s.volumes["my-files"] = {
          id: 9,
          name: "x",
          baseUrl: "https://x.example/",
          fields: [],
        };
      },
      /must match pattern/,
      '"my-files"',
    ],
    [
      "unknown key (shape)",
      (s) => {
        (entry(s, 40) as unknown as Record<string, unknown>).summary = "x";
      },
      /unknown key "summary"/,
      '"summary": "x"',
    ],
  ];

  it.each(cases)("rejects %s with file, line and entry", async (_what, change, message, onLine) => {
    const { error, lineText } = await errorFor(change);
    expect(error.message).toMatch(message);
    expect(error.location.file).toBe("site.json");
    expect(error.location.line).toBeGreaterThan(0);
    expect(lineText).toContain(onLine);
  });

  it("reports a JSON syntax error and a duplicate key with line and column", async () => {
    const file = join(await tempDir("typewire-site-"), "broken.json");
    await writeFile(file, '{\n  "site": {\n    "id": 1,\n  }\n}');
    await expect(readSite(file, "broken.json")).rejects.toMatchObject({
      location: { file: "broken.json", line: 4, column: 3 },
    });
    await writeFile(file, '{\n  "site": {},\n  "site": {}\n}');
    await expect(readSite(file, "broken.json")).rejects.toThrow(/duplicate key "site"/);
  });
});
