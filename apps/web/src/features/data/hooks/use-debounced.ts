import { DEBOUNCE_MS } from '@pos/core';
import { useEffect, useState } from 'react';

/** The value once it has stopped changing for the app's debounce time. */
export function useDebounced<T>(value: T, ms = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
