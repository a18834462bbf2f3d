import type { CaptchaResponse } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** A fresh one-time captcha (GET /captchaImage); the image is an SVG in base64. */
export async function getCaptcha(): Promise<CaptchaResponse> {
  const res = await request<CaptchaResponse, Partial<CaptchaResponse>>({
    url: '/captchaImage',
    noToken: true,
    noShowMsg: true,
  });
  const src = res.data ?? res;
  return { captchaEnabled: Boolean(src.captchaEnabled), uuid: src.uuid, img: src.img };
}

export const captchaKey = ['auth', 'captcha'] as const;

// Each captcha answers once, so nothing is cached: every fetch must be a new one.
export const captchaQuery = () =>
  queryOptions({ queryKey: captchaKey, queryFn: getCaptcha, staleTime: 0, gcTime: 0, retry: 1 });

export const useCaptcha = () => useQuery(captchaQuery());

export const captchaSrc = (img: string | undefined) =>
  !img ? undefined : img.startsWith('data:') ? img : `data:image/svg+xml;base64,${img}`;
