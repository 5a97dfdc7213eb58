import { describe, expect, it } from 'vitest';
import { readingRoomSearch } from './search';

describe('search parameters of the reading-room screens', () => {
  it('keeps real days and times of a link', () => {
    expect(readingRoomSearch({ datum: '2028-02-29', von: '08:00', bis: '23:59' })).toEqual({
      datum: '2028-02-29',
      von: '08:00',
      bis: '23:59',
    });
  });

  it('drops days and times that do not exist, so the screen opens on its defaults instead of a refused request', () => {
    for (const datum of ['2026-02-30', '2026-11-31', '2026-13-01', '0000-00-00', '2026-00-10']) {
      expect(readingRoomSearch({ datum }), datum).toEqual({});
    }
    for (const von of ['24:00', '12:60', '7:5']) expect(readingRoomSearch({ von }), von).toEqual({});
  });
});
