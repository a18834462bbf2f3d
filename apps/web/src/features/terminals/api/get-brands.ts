import type { TerminalBrand } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** Terminal brands with their models (GET /api/term-info/brandList). */
export async function getBrands(): Promise<TerminalBrand[]> {
  const res = await request<TerminalBrand[]>({ url: '/api/term-info/brandList' });
  return res.data ?? [];
}

export const brandsQuery = () =>
  queryOptions({ queryKey: terminalKeys.brands(), queryFn: getBrands, staleTime: 10 * 60_000 });

export const useBrands = () => useQuery(brandsQuery());
