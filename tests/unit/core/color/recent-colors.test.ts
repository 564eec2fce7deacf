import { describe, expect, it } from 'vitest';
import {
  addRecentColor,
  parseRecentColors,
  RECENT_COLORS_LIMIT,
} from '../../../../core/color/recent-colors';

describe('recent colours', () => {
  it('puts the newest first, moves a repeated one to the front and keeps twenty', () => {
    let list: string[] = [];
    list = addRecentColor(list, '#FF0000');
    list = addRecentColor(list, '00ff00');
    list = addRecentColor(list, '#ff0000');
    expect(list).toEqual(['#ff0000', '#00ff00']);
    for (let i = 0; i < 30; i += 1)
      list = addRecentColor(list, `#0000${i.toString(16).padStart(2, '0')}`);
    expect(list).toHaveLength(RECENT_COLORS_LIMIT);
    expect(list[0]).toBe('#00001d');
    expect(addRecentColor(list, 'nonsense')).toEqual(list);
  });

  it('reads back only hex codes from storage', () => {
    expect(parseRecentColors(null)).toEqual([]);
    expect(parseRecentColors('#fff')).toEqual([]);
    expect(parseRecentColors(['#FFF', 3, 'red', '#ffffff', '#123456'])).toEqual([
      '#ffffff',
      '#123456',
    ]);
  });
});
