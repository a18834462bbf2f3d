import { useSyncExternalStore } from 'react';
import { getStoredUser } from '@/lib/session';

/** A line of the cart: a product and how many. Prices always come from the server's quote. */
export interface CartLine {
  productId: number;
  quantity: number;
}

/** The most of one product in one order (the server's bound). */
export const MAX_QTY = 1000;
/** The most products in one order (the server's bound). */
export const MAX_LINES = 20;

const listeners = new Set<() => void>();
// Each agent signed in on this phone has its own cart.
const key = () => `mall.cart.${getStoredUser()?.mobile ?? 'anonymous'}`;
let cache: { key: string; raw: string | null; lines: CartLine[] } | null = null;

function read(): CartLine[] {
  const k = key();
  const raw = localStorage.getItem(k);
  if (cache && cache.key === k && cache.raw === raw) return cache.lines;
  let lines: CartLine[] = [];
  try {
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    if (Array.isArray(parsed)) {
      lines = parsed.filter(
        (l): l is CartLine =>
          typeof l === 'object' &&
          l !== null &&
          Number.isInteger((l as CartLine).productId) &&
          Number.isInteger((l as CartLine).quantity) &&
          (l as CartLine).quantity > 0,
      );
    }
  } catch {
    lines = [];
  }
  cache = { key: k, raw, lines };
  return lines;
}

function write(lines: CartLine[]) {
  localStorage.setItem(key(), JSON.stringify(lines));
  for (const l of listeners) l();
}

export const cart = {
  lines: read,
  /** Adds to a product's line (capped at MAX_QTY); false when the cart already holds MAX_LINES products. */
  add(productId: number, quantity: number): boolean {
    const lines = read();
    const found = lines.find((l) => l.productId === productId);
    if (!found && lines.length >= MAX_LINES) return false;
    write(
      found
        ? lines.map((l) =>
            l.productId === productId
              ? { ...l, quantity: Math.min(MAX_QTY, l.quantity + quantity) }
              : l,
          )
        : [...lines, { productId, quantity: Math.min(MAX_QTY, quantity) }],
    );
    return true;
  },
  set(productId: number, quantity: number) {
    write(read().map((l) => (l.productId === productId ? { ...l, quantity } : l)));
  },
  remove(productIds: number[]) {
    write(read().filter((l) => !productIds.includes(l.productId)));
  },
};

/** The cart, re-rendering when it changes (in this tab). */
export function useCart(): CartLine[] {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    read,
    read,
  );
}
