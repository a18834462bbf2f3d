import { useSearchParams } from '@/lib/router';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month of a data page, kept in ?month= so back and reload keep it; undefined = this month. */
export function useMonthParam(): [string | undefined, (month: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('month');
  const month = raw && MONTH.test(raw) ? raw : undefined;
  const set = (next: string | undefined) => {
    const p = new URLSearchParams(params);
    if (next) p.set('month', next);
    else p.delete('month');
    setParams(p, { replace: true });
  };
  return [month, set];
}
