/**
 * Punctuation the CMS turns into a space before it indexes or looks for a word. Characters not
 * listed here (`$`, `%`, `=`, the backtick, letters of any script) are kept.
 */
const PUNCTUATION = new Set([
  ...'!"#&()*+,-./:;<>?@[\\]^{|}~_',
  ..."¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿×ƒˆ˜–—―‚“”„†‡•‣…‰′″‹›‼‾⁄€™",
  ..."←↑→↓↔↵⇐⇑⇒⇓⇔∀∂∃∅∇∈∉∋∏∑−∗√∝∞∠∧∨∩∪∫∴∼≅≈≠≡≤≥⊂⊃⊄⊆⊇⊕⊗⊥⋅⌈⌉⌊⌋〈〉◊♠♣♥♦",
]);

/** Apostrophes are dropped rather than spaced, so `o'brien` is indexed as `obrien`. */
const APOSTROPHES = new Set(["'", "‘", "’"]);

/** Letters that lose nothing but their accent would keep after Unicode decomposition. */
const FOLDED: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ħ: "h",
  ı: "i",
  ł: "l",
  ŀ: "l",
  þ: "th",
  ŧ: "t",
};

/**
 * Search keywords as the CMS stores and compares them: HTML tags removed (a closing tag or `<br>`
 * separates words), entities dropped (`&nbsp;` is a space), lower case, punctuation turned into
 * spaces and apostrophes dropped, accented Latin letters folded to ASCII (`é` to `e`, `ß` to
 * `ss`), runs of white space collapsed and the ends trimmed. The same function prepares the
 * indexed text and each search term, so they compare as plain strings.
 *
 * @example
 * normalizeKeywords("<p>Café&nbsp;opens</p><p>O'Brien's wind-farm!</p>"); // "cafe opens obriens wind farm"
 */
export function normalizeKeywords(text: string): string {
  // Lower-case letters and digits alone come out as they go in.
  if (/^[a-z0-9]*$/.test(text)) return text;
  let result = text
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<\/\w+>/g, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;|&#xa0;/g, " ")
    .replace(/&#?[a-z0-9]{2,8};/gi, "")
    .toLowerCase();
  let spaced = "";
  for (const character of result) {
    if (APOSTROPHES.has(character)) continue;
    spaced += PUNCTUATION.has(character) ? " " : character;
  }
  result = spaced
    .normalize("NFD")
    .replace(/\p{Mn}+/gu, "")
    .replace(/[ßæœøđðħıłŀþŧ]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/[\n\r]+/g, " ")
    .replace(/\s{2,}/g, " ");
  return result.replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g, "");
}
