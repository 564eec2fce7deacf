// Word timing without a second tapping pass: the words of a timed line share its time in
// proportion to how long they take to sing, estimated by counting syllables:
// - Latin script: groups of vowels once accents are set aside ("a-mour", "co-ra-zón", "beau-ti-ful"
//   is "beau" "ti" "ful": 3). Silent letters are counted ("love" is 2); it is a rough measure.
// - Chinese, Japanese and Korean: one per character (a kana, a kanji, a hangul block), small kana
//   (ゃ, ュ...) joining the one before.
// - Other scripts (Arabic, Hebrew, Cyrillic, Devanagari...): one per word.
// Words are what whitespace separates.
import type { LyricLine, LyricWord } from '../lyrics';

const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const SMALL_KANA = /[ぁぃぅぇぉゃゅょゎァィゥェォャュョヮ]/gu;
const LATIN_LETTER = /\p{Script=Latin}/u;
const VOWEL_GROUP = /[aeiouyæœø]+/g;

/** How many syllables a word takes to sing, by the rules above; at least 1. */
export function syllableCount(word: string): number {
  const cjk = (word.match(CJK_CHARACTER)?.length ?? 0) - (word.match(SMALL_KANA)?.length ?? 0);
  let latin = 0;
  if (LATIN_LETTER.test(word)) {
    const bare = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    latin = Math.max(1, bare.match(VOWEL_GROUP)?.length ?? 0);
  }
  return Math.max(1, cjk + latin);
}

/**
 * The words of a timed line spread from its start to `endSeconds` by syllables, starts rounded to
 * the millisecond; the last word ends at `endSeconds`.
 */
export function spreadWords(line: LyricLine, endSeconds: number): LyricWord[] {
  const start = line.startSeconds;
  if (start === null) throw new RangeError('Only a timed line can have its words spread.');
  if (!(endSeconds > start)) throw new RangeError('The line must end after it starts.');
  const texts = line.text.split(/\s+/).filter((text) => text !== '');
  const weights = texts.map(syllableCount);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let before = 0;
  return texts.map((text, index) => {
    const startSeconds =
      Math.round((start + ((endSeconds - start) * before) / total) * 1000) / 1000;
    before += weights[index] ?? 1;
    return { text, startSeconds, endSeconds: index === texts.length - 1 ? endSeconds : null };
  });
}
