// Lyrics (issue 27): the model, its file formats and the timing rules, for the app, the workers
// and the server.
export * from './lyrics';
export { isLanguageTag, LYRICS_LANGUAGES } from './languages';
export { CUE_OVERLAP_TOLERANCE_MS } from './formats/cues';
export { parsePlainText } from './formats/parse-plain-text';
export { parseLrc } from './formats/parse-lrc';
export { parseSrt } from './formats/parse-srt';
export { parseVtt } from './formats/parse-vtt';
export { detectLyricsFormat, parseLyrics, type LyricsFormat } from './formats/parse-lyrics';
export { toLrc, type LrcOptions } from './formats/write-lrc';
export { toSrt } from './formats/write-srt';
export { toVtt } from './formats/write-vtt';
export { toPlainText } from './formats/write-plain-text';
export { labelLine } from './formats/section-labels';
export { LINE_MAX_SHOW_SECONDS, lineAt, lineEnd, wordAt } from './timing/line-at';
export { lyricsOfSection } from './timing/section-lyrics';
export { snapToBeat } from './timing/snap-to-beat';
export { spreadWords, syllableCount } from './timing/spread-words';
