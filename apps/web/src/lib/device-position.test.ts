import { describe, expect, it } from 'vitest';
import { DevicePositionError, getDevicePosition, type PositionFailure } from './device-position';

const CODES = { PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as const;

/** A geolocation that answers once, with a fix or with an error code. */
function fakeGeolocation(answer: { lat: number; lng: number } | { code: 1 | 2 | 3 }) {
  return {
    getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      if ('code' in answer) {
        fail?.({ code: answer.code, message: '', ...CODES } as GeolocationPositionError);
      } else {
        ok({
          coords: { latitude: answer.lat, longitude: answer.lng, accuracy: 25 },
          timestamp: 0,
        } as GeolocationPosition);
      }
    },
  } as unknown as Geolocation;
}

const reasonOf = async (p: Promise<unknown>): Promise<PositionFailure | 'resolved'> => {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    return e instanceof DevicePositionError ? e.reason : 'unavailable';
  }
};

describe('the device position', () => {
  it('answers the fix in degrees with its accuracy', async () => {
    await expect(getDevicePosition(fakeGeolocation({ lat: 24.49, lng: 118.18 }))).resolves.toEqual({
      lat: 24.49,
      lng: 118.18,
      accuracyM: 25,
    });
  });

  it('names why there is no position', async () => {
    expect(await reasonOf(getDevicePosition(undefined))).toBe('unsupported');
    expect(await reasonOf(getDevicePosition(fakeGeolocation({ code: 1 })))).toBe('denied');
    expect(await reasonOf(getDevicePosition(fakeGeolocation({ code: 2 })))).toBe('unavailable');
    expect(await reasonOf(getDevicePosition(fakeGeolocation({ code: 3 })))).toBe('timeout');
  });
});
