import { useSearchParams } from '@/lib/router';

/**
 * Query-string state of a page: read one parameter, and set several at once (undefined removes
 * one), replacing the history entry so back leaves the page rather than stepping through filters.
 */
export function useParams(): [URLSearchParams, (next: Record<string, string | undefined>) => void] {
  const [params, setParams] = useSearchParams();
  const set = (next: Record<string, string | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') p.delete(k);
      else p.set(k, v);
    }
    setParams(p, { replace: true });
  };
  return [params, set];
}
