import { useSearchParams } from '@/lib/router';

/** A positive whole-number query parameter; the first of the names given that is present. */
export function useIdParam(...names: string[]): number | undefined {
  const [params] = useSearchParams();
  for (const name of names) {
    const n = Number(params.get(name));
    if (Number.isSafeInteger(n) && n > 0) return n;
  }
  return undefined;
}
