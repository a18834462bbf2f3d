import { request } from '@/lib/api-client';

export interface PushConfig {
  /** simulated: the server's built-in push service, which reaches no phone. */
  service: 'simulated' | 'webpush' | 'disabled';
  vapidPublicKey: string | null;
  native: boolean;
  /** The phone platforms the server can push to (a provider configured for each). */
  nativePlatforms: ('android' | 'ios')[];
}

export interface PushSubscriptionRow {
  id: number;
  kind: 'web' | 'native';
  service: string;
  endpoint: string;
  createdAt: string;
}

export type PushSubscribeRequest = { lang: 'zh' | 'en' } & (
  | { kind: 'web'; endpoint: string; keys: { p256dh: string; auth: string } }
  | { kind: 'native'; token: string; platform: 'android' | 'ios' }
);

const body = <T>(res: { data?: T | null }): T => {
  if (res.data == null) throw new Error('empty response');
  return res.data;
};

/** Whether the server pushes, and the VAPID key to subscribe with (GET /api/ag/push/config). */
export const fetchPushConfig = async () =>
  body(await request<PushConfig>({ url: '/api/ag/push/config', noShowMsg: true }));

/** The caller's devices that receive pushes. */
export const fetchPushSubscriptions = async () =>
  body(
    await request<{ rows: PushSubscriptionRow[] }>({
      url: '/api/ag/push/subscriptions',
      noShowMsg: true,
    }),
  ).rows;

export const postPushSubscribe = async (data: PushSubscribeRequest) =>
  body(await request<PushSubscriptionRow>({ url: '/api/ag/push/subscribe', method: 'POST', data }));

export const postPushUnsubscribe = async (endpoint: string) =>
  body(
    await request<{ removed: boolean }>({
      url: '/api/ag/push/unsubscribe',
      method: 'POST',
      data: { endpoint },
    }),
  );
