import { DEBOUNCE_MS } from '@pos/core';
import { useEffect, useState } from 'react';

/** The value once it has stopped changing for the spec's debounce time (searches as one types). */
export function useDebouncedValue<T>(value: T, delayMs = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
