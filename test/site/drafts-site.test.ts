import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { siteErrors } from "./site-errors.js";
import { packageRoot } from "../../input/paths.js";
import { readSite } from "../../site/read-site.js";
import type { DraftContent, Site } from "../../site/site-model.js";

const errorFor = siteErrors();

const draft = (site: Site, id: number): DraftContent =>
  site.content.drafts!.find((d) => d.id === id)!;

describe("drafts and preview tokens in a site file", () => {
  it("the example site has drafts of entries, a provisional and an unpublished draft, and tokens", async () => {
    const site = await readSite(join(packageRoot, "schemas/content/site.json"));
    const drafts = site.content.drafts!;
    expect(drafts.some((d) => d.draftOf != null && !d.provisional)).toBe(true);
    expect(drafts.some((d) => d.provisional)).toBe(true);
    expect(drafts.some((d) => d.draftOf == null)).toBe(true);
    expect(site.previewTokens!.length).toBeGreaterThan(2);
    // Drafts are not entries: the entry list is unchanged by them.
    const entryIds = new Set(site.content.entries.map((e) => e.id));
    expect(drafts.filter((d) => entryIds.has(d.id))).toEqual([]);
  });

  // [what, change, message, entry path, text on the reported line]
  const cases: [string, (site: Site) => void, RegExp, string, string][] = [
    [
      "a draft of an unknown entry",
      (s) => {
        draft(s, 90).draftOf = 999;
      },
      /draftOf 999 is not an entry/,
      "content.drafts.0.draftOf",
      '"draftOf": 999',
    ],
    [
      "a draft of something that is not an entry",
      (s) => {
        draft(s, 90).draftOf = 21;
      },
      /draftOf 21 is not an entry/,
      "content.drafts.0.draftOf",
      '"draftOf": 21',
    ],
    [
      "a draft that moves its entry to another section",
      (s) => {
        draft(s, 90).section = "pages";
      },
      /keeps the section of its entry \("news"\)/,
      "content.drafts.0.section",
      '"section": "pages"',
    ],
    [
      "an unpublished draft without a section",
      (s) => {
        delete draft(s, 92).section;
      },
      /an unpublished draft \(no draftOf\) needs section/,
      "content.drafts.2",
      "",
    ],
    [
      "an unpublished draft of an unknown entry type",
      (s) => {
        draft(s, 92).type = "podcast";
      },
      /section "news" has no entry type "podcast"/,
      "content.drafts.2.type",
      '"type": "podcast"',
    ],
    [
      "two drafts with one draftId",
      (s) => {
        draft(s, 91).draftId = 1;
      },
      /draftId 1 is used by two drafts/,
      "content.drafts.1.draftId",
      '"draftId": 1',
    ],
    [
      "a draft id another element has",
      (s) => {
        draft(s, 93).id = 42;
      },
      /element id 42 is used twice/,
      "content.drafts.3.id",
      '"id": 42',
    ],
    [
      "a provisional draft with no creator",
      (s) => {
        delete draft(s, 91).creatorId;
      },
      /needs draftOf and creatorId/,
      "content.drafts.1.provisional",
      '"provisional": true',
    ],
    [
      "a second provisional draft of one user and entry",
      (s) => {
        s.content.drafts!.push({
          ...structuredClone(draft(s, 91)),
          id: 94,
          uid: "1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c94",
          draftId: 5,
        });
      },
      /user 1 already has a provisional draft of entry 40/,
      "content.drafts.4.provisional",
      '"provisional": true',
    ],
    [
      "a creator who is not a user",
      (s) => {
        draft(s, 90).creatorId = 42;
      },
      /creatorId 42 is not a user/,
      "content.drafts.0.creatorId",
      '"creatorId": 42',
    ],
    [
      "a draft field value of the wrong kind",
      (s) => {
        draft(s, 90).fields = { readingTime: "long" };
      },
      /field "readingTime" \(number\) must be an integer/,
      "content.drafts.0.fields.readingTime",
      '"readingTime": "long"',
    ],
    [
      "a preview token for an unknown draft",
      (s) => {
        s.previewTokens![0]!.draftId = 77;
      },
      /draftId 77 is not the draftId of a draft/,
      "previewTokens.0.draftId",
      '"draftId": 77',
    ],
    [
      "a preview token for a draft of another entry",
      (s) => {
        s.previewTokens![0]!.canonicalId = 41;
      },
      /draft 1 is a draft of 42, not of canonicalId 41/,
      "previewTokens.0.draftId",
      '"draftId": 1',
    ],
    [
      "a preview token for an unknown entry",
      (s) => {
        s.previewTokens![2]!.canonicalId = 999;
      },
      /canonicalId 999 is not an entry/,
      "previewTokens.2.canonicalId",
      '"canonicalId": 999',
    ],
    [
      "a preview token for an unpublished draft without its draftId",
      (s) => {
        delete s.previewTokens![1]!.draftId;
      },
      /canonicalId 92 is an unpublished draft: name it by its draftId \(3\)/,
      "previewTokens.1.canonicalId",
      '"canonicalId": 92',
    ],
    [
      "a preview token for a user who is not one",
      (s) => {
        s.previewTokens![2]!.userId = 40;
      },
      /userId 40 is not a user/,
      "previewTokens.2.userId",
      '"userId": 40',
    ],
    [
      "two preview tokens that are the same",
      (s) => {
        s.previewTokens![1]!.token = s.previewTokens![0]!.token;
      },
      /two preview tokens share this token/,
      "previewTokens.1.token",
      '"token": "nw-preview-cycle-lanes-5d1e8a42"',
    ],
    [
      "a token with a character the CMS refuses (shape)",
      (s) => {
        s.previewTokens![0]!.token = "preview token";
      },
      /must match pattern/,
      "previewTokens.0.token",
      '"token": "preview token"',
    ],
    [
      "a preview token without an expiry date (shape)",
      (s) => {
        delete (s.previewTokens![0] as { expiryDate?: string }).expiryDate;
      },
      /missing required key "expiryDate"/,
      "previewTokens.0",
      "",
    ],
  ];

  it.each(cases)(
    "rejects %s with file, line and entry",
    async (_what, change, message, path, onLine) => {
      const { error, lineText } = await errorFor(change);
      expect(error.message).toMatch(message);
      expect(error.location.file).toBe("site.json");
      expect(error.location.entry).toBe(path);
      expect(error.location.line).toBeGreaterThan(0);
      expect(lineText).toContain(onLine);
    },
  );
});
