import { describe, expect, it } from 'vitest';
import { LYRICS_MAX_LINES, parsePlainText } from '../../../../core/lyrics';
import { refusal } from './refusal';
import { PLAIN_FRENCH } from './song-files';

describe('parsePlainText', () => {
  it('reads one untimed line per line, sections split by blank lines and labels', () => {
    const lyrics = parsePlainText(PLAIN_FRENCH);
    expect(lyrics.language).toBeNull();
    expect(lyrics.lines.map((line) => [line.section, line.text])).toEqual([
      [0, "Sous la pluie d'été, je marche à l'envers"],
      [0, 'Les réverbères chantent un air de naguère'],
      [1, 'Oh, Léa, où es-tu ce soir ?'],
      [1, 'Oh, Léa, dis-moi où aller'],
      [2, "Le café ferme, la ville s'endort"],
      [2, "Et je t'attends encore"],
    ]);
    for (const line of lyrics.lines) {
      expect(line).toMatchObject({ startSeconds: null, endSeconds: null, words: null });
    }
  });

  it('keeps each section’s label on its first line, not as a sung line', () => {
    const lyrics = parsePlainText(PLAIN_FRENCH);
    expect(lyrics.lines.map((line) => line.sectionLabel)).toEqual([
      'Couplet 1',
      undefined,
      'Refrain',
      undefined,
      'Couplet 2',
      undefined,
    ]);
    // Labels one after another name one section; a label between lines starts a section.
    expect(
      parsePlainText('[Chorus]\n[x2]\nLa la\nLa\n[ Bridge ]\nOh').lines.map((line) => [
        line.section,
        line.sectionLabel,
        line.text,
      ]),
    ).toEqual([
      [0, 'Chorus · x2', 'La la'],
      [0, undefined, 'La'],
      [1, 'Bridge', 'Oh'],
    ]);
  });

  it('keeps times written in the text as text (timed text is LRC)', () => {
    const lyrics = parsePlainText('[00:12.00]Hello\r\n\r\n\r\nWorld  \n');
    expect(lyrics.lines).toEqual([
      { text: '[00:12.00]Hello', startSeconds: null, endSeconds: null, words: null, section: 0 },
      { text: 'World', startSeconds: null, endSeconds: null, words: null, section: 1 },
    ]);
  });

  it('reads Japanese and Arabic lines as they are', () => {
    const lyrics = parsePlainText('\uFEFF夜明けの空に歌えば\nيا ليل طوّل شويّة\n');
    expect(lyrics.lines.map((line) => line.text)).toEqual([
      '夜明けの空に歌えば',
      'يا ليل طوّل شويّة',
    ]);
  });

  it('refuses text with no lyrics', () => {
    expect(refusal(() => parsePlainText('\n  \n[Chorus]\n'))).toEqual({
      line: null,
      message: 'There are no lyrics in this text.',
    });
  });

  it(`refuses more than ${LYRICS_MAX_LINES} lines, at the first line too many`, () => {
    const lines = Array.from({ length: LYRICS_MAX_LINES }, (_, i) => `la ${i}`);
    expect(parsePlainText(lines.join('\n')).lines).toHaveLength(LYRICS_MAX_LINES);
    const tooMany = ['[Intro]', ...lines, 'one more'].join('\n');
    const { line, message } = refusal(() => parsePlainText(tooMany));
    expect(line).toBe(LYRICS_MAX_LINES + 2);
    expect(message).toMatch(/More than 2000 lines of lyrics/);
  });
});
