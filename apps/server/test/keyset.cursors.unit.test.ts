import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import {
  decodeCursor,
  decodeIdCursor,
  decodePathSnCursor,
  decodeSnCursor,
  encodeCursor,
  encodeIdCursor,
} from '../src/lib/keyset';

/** The field a refused cursor names, or undefined when it was read. */
function refusedField(read: () => unknown): string | undefined {
  try {
    read();
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe('分页游标格式错误');
    return (err as AppError).field;
  }
}

describe('the hand-paged lists’ cursors (lib/keyset)', () => {
  // Cursors exactly as the policies', terminals' and checks' lists wrote them before they moved
  // here: a client holding one keeps its place.
  it('writes the same strings the lists wrote before', () => {
    expect(encodeIdCursor(42)).toBe('WzQyXQ');
    expect(encodeCursor(['/1/7/', 'SN-0001'])).toBe('WyIvMS83LyIsIlNOLTAwMDEiXQ');
    expect(encodeCursor(['/1/', 17])).toBe('WyIvMS8iLDE3XQ');
  });

  it('reads the strings a client may still hold', () => {
    expect(decodeIdCursor('WzQyXQ')).toBe(42);
    expect(decodePathSnCursor('WyIvMS83LyIsIlNOLTAwMDEiXQ')).toEqual(['/1/7/', 'SN-0001']);
    expect(decodeCursor('WyIvMS83LyIsIlNOLTAwMDEiXQ', ['string', 'string'] as const)).toEqual([
      '/1/7/',
      'SN-0001',
    ]);
    expect(decodeCursor('WyIvMS8iLDE3XQ', ['string', 'number'] as const)).toEqual(['/1/', 17]);
    expect(decodeSnCursor(encodeCursor(['SN-0001']))).toBe('SN-0001');
  });

  it('has no cursor on a first page', () => {
    expect(decodeIdCursor(undefined)).toBeNull();
    expect(decodeCursor('', ['number'] as const)).toBeNull();
    expect(decodePathSnCursor(undefined)).toBeNull();
    expect(decodeSnCursor(undefined)).toBeNull();
  });

  it('refuses a cursor of another shape on the cursor field, whatever it holds', () => {
    expect(refusedField(() => decodeIdCursor('not json'))).toBe('cursor');
    expect(refusedField(() => decodeIdCursor(encodeCursor([0])))).toBe('cursor');
    expect(refusedField(() => decodeIdCursor(encodeCursor(['42'])))).toBe('cursor');
    expect(refusedField(() => decodeIdCursor(encodeCursor([1, 2])))).toBe('cursor');
    expect(refusedField(() => decodeCursor(encodeCursor([1]), ['string'] as const))).toBe('cursor');
    expect(
      refusedField(() => decodeCursor(encodeCursor(['x'.repeat(257)]), ['string'] as const)),
    ).toBe('cursor');
    // A path that is not a path, an SN with a quote: refused before any SQL sees them.
    expect(refusedField(() => decodePathSnCursor(encodeCursor(['1/7', 'SN1'])))).toBe('cursor');
    expect(refusedField(() => decodeSnCursor(encodeCursor(["SN'1"])))).toBe('cursor');
  });
});
