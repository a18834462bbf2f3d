import { describe, expect, it } from 'vitest';
import { cart } from './cart';
import { buildRegionOptions } from './components/region-picker';
import { parseItems } from './pages/confirm-page';

describe('the confirm link', () => {
  it('reads product:quantity pairs and refuses anything malformed or repeated', () => {
    expect(parseItems('12:10,13:5')).toEqual([
      { productId: 12, quantity: 10 },
      { productId: 13, quantity: 5 },
    ]);
    for (const bad of [null, '', '12', '12:0', '12:1001', '12:1,12:2', 'a:1', '12:1;13:1'])
      expect(parseItems(bad)).toEqual([]);
  });
});

describe('the cart', () => {
  it('adds to a line, caps it at 1,000 and holds at most 20 products', () => {
    localStorage.clear();
    cart.add(1, 600);
    cart.add(1, 600);
    expect(cart.lines()).toEqual([{ productId: 1, quantity: 1000 }]);
    for (let id = 2; id <= 20; id++) expect(cart.add(id, 1)).toBe(true);
    expect(cart.add(21, 1)).toBe(false);
    cart.remove([1, 2]);
    expect(cart.lines()).toHaveLength(18);
  });

  it('ignores a stored cart it cannot read', () => {
    localStorage.clear();
    localStorage.setItem('mall.cart.anonymous', '{"not":"a list"}');
    expect(cart.lines()).toEqual([]);
  });
});

describe('the region wheel', () => {
  it('offers province, city and district, and a city without districts as its own district', () => {
    const options = buildRegionOptions({
      '86': { '350000': '福建省', '440000': '广东省' },
      '350000': { '350200': '厦门市' },
      '350200': { '350203': '思明区' },
      '440000': { '441900': '东莞市' },
    });
    expect(options.map((o) => o.label)).toEqual(['福建省', '广东省']);
    expect(options[0]!.children![0]!.children!.map((d) => d.value)).toEqual(['思明区']);
    expect(options[1]!.children![0]!.children!.map((d) => d.value)).toEqual(['东莞市']);
  });
});
