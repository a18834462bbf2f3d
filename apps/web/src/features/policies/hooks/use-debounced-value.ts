import { DEBOUNCE_MS } from '@pos/core';
import { useEffect, useState } from 'react';

/** The value once it has stopped changing for the spec's debounce time (searches as one types). */
export function useDebouncedValue<T>(value: T, delayMs: number = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(t);
  }, [value, delayMs]);
  return settled;
}
