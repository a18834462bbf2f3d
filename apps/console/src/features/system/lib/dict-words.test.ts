import { ENUMS } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { DICT_NAMES, dictName } from './dict-words';

describe('dictionary names', () => {
  it('names every dictionary the server answers, in both languages', () => {
    for (const type of Object.keys(ENUMS)) {
      expect(dictName(type, 'zh'), type).not.toBe(type);
      expect(dictName(type, 'en'), type).not.toBe(type);
    }
    expect(Object.keys(DICT_NAMES).sort()).toEqual(Object.keys(ENUMS).sort());
    expect(dictName('bind_status', 'en')).toBe('Terminal binding status');
  });
});
