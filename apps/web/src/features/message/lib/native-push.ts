import type { PushNotificationsPlugin } from '@capacitor/push-notifications';

/**
 * The native shell's side of push (apps/native, @capacitor/push-notifications): FCM on Android,
 * APNs on iOS. Registering asks the system's permission and answers the device token the server
 * pushes to through its native provider (decision 044); tapping a notification opens the page
 * its data names.
 */
async function plugin(): Promise<PushNotificationsPlugin> {
  return (await import('@capacitor/push-notifications')).PushNotifications;
}

export type NativePermission = 'granted' | 'denied' | 'prompt';

export async function nativePermission(): Promise<NativePermission> {
  const { receive } = await (await plugin()).checkPermissions();
  return receive === 'granted' ? 'granted' : receive === 'denied' ? 'denied' : 'prompt';
}

/** Asks permission and registers with FCM/APNs; the device token, or null when refused. */
export async function registerNative(): Promise<string | null> {
  const push = await plugin();
  const { receive } = await push.requestPermissions();
  if (receive !== 'granted') return null;
  return new Promise<string>((resolve, reject) => {
    void push.addListener('registration', (t) => resolve(t.value));
    void push.addListener('registrationError', (e) => reject(new Error(e.error)));
    void push.register();
  });
}

/** Stops this device's pushes at FCM/APNs too. */
export async function unregisterNative(): Promise<void> {
  const push = await plugin();
  await push.removeAllListeners();
  await push.unregister();
}

/** Opens a tapped notification's page (a path of this app) with the given navigate. */
export async function onNativeNotificationTap(open: (path: string) => void): Promise<void> {
  const push = await plugin();
  await push.addListener('pushNotificationActionPerformed', (action) => {
    const url = (action.notification.data as { url?: unknown } | undefined)?.url;
    open(
      typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')
        ? url
        : '/pages/message/index',
    );
  });
}
