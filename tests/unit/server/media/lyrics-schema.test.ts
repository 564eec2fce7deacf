import { describe, expect, it } from 'vitest';
import { parsePlainText } from '../../../../core/lyrics';
import { lyricsSchema } from '../../../../server/services/media/lyrics.service';

describe('the lyrics a device saves', () => {
  it('keep their section labels', () => {
    const lyrics = parsePlainText('[Verse 1]\none\n\n[Chorus]\ntwo');
    expect(lyricsSchema.parse(lyrics)).toEqual(lyrics);
    expect(lyricsSchema.parse(lyrics).lines.map((line) => line.sectionLabel)).toEqual([
      'Verse 1',
      'Chorus',
    ]);
  });

  it('refuse a label longer than a line may be', () => {
    const lyrics = parsePlainText('one');
    lyrics.lines[0]!.sectionLabel = 'x'.repeat(301);
    expect(lyricsSchema.safeParse(lyrics).success).toBe(false);
  });
});
