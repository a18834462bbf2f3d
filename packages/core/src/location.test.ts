import { describe, expect, it } from 'vitest';
import { placeAddressLine } from './location';

describe('the address line of a chosen place', () => {
  it("ends with the place's name unless the address already says it", () => {
    expect(placeAddressLine({ name: '厦门软件园二期', address: '福建省厦门市思明区观日路' })).toBe(
      '福建省厦门市思明区观日路厦门软件园二期',
    );
    expect(placeAddressLine({ name: '思明区', address: '福建省厦门市思明区' })).toBe(
      '福建省厦门市思明区',
    );
    expect(placeAddressLine({ name: ' ', address: ' 示范路1号 ' })).toBe('示范路1号');
  });
});
