import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../../src/lib/format';
import { lastUpdated } from '../../../../src/lib/offline-messages';

describe('when a saved copy was fetched', () => {
  it('names the day and the time, as the browser writes them', () => {
    const at = new Date(2026, 2, 12, 14, 5).getTime();
    const when = formatDateTime(at);
    expect(when).toContain('2026');
    expect(when).toMatch(/\b(14|2):05\b/);
    expect(lastUpdated(at)).toBe(`Last updated ${when}.`);
  });
});
