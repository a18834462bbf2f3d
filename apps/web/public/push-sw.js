/* global self, URL */
/*
 * Push notifications of the message centre (decision 044), imported into the app's Workbox
 * service worker (vite.config.ts, workbox.importScripts). A push carries the message's title,
 * the start of its body, its page and a tag (one notification per message); tapping it focuses
 * the app and opens that page, or opens the app there.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : '消息中心';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/static/icon-192.png',
      badge: '/static/icon-192.png',
      data: { url: typeof data.url === 'string' ? data.url : '/pages/message/index' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = (event.notification.data && event.notification.data.url) || '/pages/message/index';
  // Only a page of this app: an address elsewhere opens the message centre instead.
  let url = new URL('/pages/message/index', self.location.origin);
  try {
    const candidate = new URL(wanted, self.location.origin);
    if (candidate.origin === self.location.origin) url = candidate;
  } catch {
    /* the message centre */
  }
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(url.href) : undefined));
      }
      return self.clients.openWindow(url.href);
    }),
  );
});
