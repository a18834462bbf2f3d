/**
 * The device's position through the browser's (or the native web view's) geolocation, asked
 * only when the agent taps for it. Resolves to WGS-84 degrees; rejects with a reason the page
 * can explain: no geolocation here, the agent or the system refused, no fix, or too slow.
 */
export type PositionFailure = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

export class DevicePositionError extends Error {
  constructor(readonly reason: PositionFailure) {
    super(reason);
  }
}

export interface DevicePosition {
  lat: number;
  lng: number;
  accuracyM: number;
}

export const POSITION_TIMEOUT_MS = 15_000;

export function getDevicePosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.geolocation,
): Promise<DevicePosition> {
  return new Promise((resolve, reject) => {
    // Browsers give geolocation to secure pages only (https, localhost, the native shells).
    if (!geolocation || (typeof window !== 'undefined' && window.isSecureContext === false)) {
      reject(new DevicePositionError('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      (p) =>
        resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracyM: p.coords.accuracy }),
      (e) =>
        reject(
          new DevicePositionError(
            e.code === e.PERMISSION_DENIED
              ? 'denied'
              : e.code === e.TIMEOUT
                ? 'timeout'
                : 'unavailable',
          ),
        ),
      // A fresh fix each time: an address is chosen where the agent stands now.
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
