/** Query keys of the mall; mutations invalidate by these. */
export const mallKeys = {
  all: ['mall'] as const,
  products: () => ['mall', 'products'] as const,
  product: (id: number) => ['mall', 'product', id] as const,
  banners: () => ['mall', 'banners'] as const,
  wallet: () => ['mall', 'wallet'] as const,
  addresses: () => ['mall', 'addresses'] as const,
  quote: (body: unknown) => ['mall', 'quote', body] as const,
  orders: (status?: number) => ['mall', 'orders', status ?? 'all'] as const,
  order: (id: number) => ['mall', 'order', id] as const,
};
