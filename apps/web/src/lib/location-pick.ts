import { ROUTE_PATHS } from '@pos/core';
import { useEffect, useState } from 'react';
import { useLocation } from '@/lib/router';

/**
 * How a page asks the built-in choose-location page for an address and gets it back.
 *
 * Pages are not kept alive while another page is open, so the page that asks leaves a ticket in
 * this tab's session storage under its own address, holding what its form held (the draft); the
 * chooser adds the place chosen and goes back; the page, mounting again, reads the ticket once
 * and removes it. A ticket nobody came back for expires, so an old draft never resurfaces.
 */

export const CHOOSE_LOCATION_PATH = '/pages/location/choose';
export const OPEN_LOCATION_PATH = '/pages/location/open';

/** What the chooser hands back: the address line to fill and, when known, where it is. */
export interface PickedLocation {
  /** The place's name; empty for an address typed by hand. */
  name: string;
  address: string;
  /** WGS-84 degrees, or null for an address typed by hand. */
  lat: number | null;
  lng: number | null;
  source: 'search' | 'device' | 'manual';
}

export interface LocationPickReturn<D> {
  draft: D | null;
  /** Null when the agent came back without choosing. */
  picked: PickedLocation | null;
}

interface Ticket<D> extends LocationPickReturn<D> {
  atMs: number;
}

export const LOCATION_PICK_TTL_MS = 30 * 60 * 1000;
const ticketKey = (returnTo: string) => `location-pick:${returnTo}`;

/**
 * True for an address inside this app that a page may be returned to: one of the app's paths,
 * with its query string. Anything else (another site, `//host`, a made-up path) is refused, so
 * the chooser's link can never send the agent somewhere else.
 */
export function isReturnPath(path: string | null | undefined): path is string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  try {
    const url = new URL(path, 'http://app.invalid');
    return (
      url.origin === 'http://app.invalid' &&
      (ROUTE_PATHS as readonly string[]).includes(url.pathname)
    );
  } catch {
    return false;
  }
}

function readTicket<D>(returnTo: string): Ticket<D> | null {
  try {
    const raw = sessionStorage.getItem(ticketKey(returnTo));
    return raw ? (JSON.parse(raw) as Ticket<D>) : null;
  } catch {
    return null;
  }
}

function writeTicket<D>(returnTo: string, ticket: Ticket<D>) {
  try {
    sessionStorage.setItem(ticketKey(returnTo), JSON.stringify(ticket));
  } catch {
    // Storage refused (private mode, full): the page comes back as it was loaded.
  }
}

/** The page at `returnTo` is about to open the chooser: keep its draft for its return. */
export function startLocationPick<D>(returnTo: string, draft: D, nowMs = Date.now()) {
  writeTicket<D>(returnTo, { atMs: nowMs, draft, picked: null });
}

/** The chooser's answer, for the page at `returnTo` to read when it mounts again. */
export function finishLocationPick(returnTo: string, picked: PickedLocation, nowMs = Date.now()) {
  const ticket = readTicket<unknown>(returnTo);
  writeTicket(returnTo, { atMs: nowMs, draft: ticket?.draft ?? null, picked });
}

function isPicked(value: unknown): value is PickedLocation {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  const coordinate = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
  return (
    typeof p.name === 'string' &&
    typeof p.address === 'string' &&
    coordinate(p.lat) &&
    coordinate(p.lng) &&
    (p.source === 'search' || p.source === 'device' || p.source === 'manual')
  );
}

/** What the chooser left for the page at `returnTo`, unless it is too old to be this visit's. */
export function readLocationPick<D>(
  returnTo: string,
  nowMs = Date.now(),
): LocationPickReturn<D> | null {
  const ticket = readTicket<D>(returnTo);
  if (!ticket) return null;
  if (
    typeof ticket.atMs !== 'number' ||
    nowMs - ticket.atMs > LOCATION_PICK_TTL_MS ||
    nowMs < ticket.atMs
  ) {
    // A stale ticket may still hold an address or a position: it goes now.
    clearLocationPick(returnTo);
    return null;
  }
  return { draft: ticket.draft ?? null, picked: isPicked(ticket.picked) ? ticket.picked : null };
}

export function clearLocationPick(returnTo: string) {
  try {
    sessionStorage.removeItem(ticketKey(returnTo));
  } catch {
    // Nothing to clear where storage is refused.
  }
}

/**
 * For the page that asked: what it left and what was chosen, read once as it mounts (the same
 * answer on every render) and then removed, so a reload starts from the server's data again.
 */
export function useLocationPickReturn<D>(): LocationPickReturn<D> | null {
  const location = useLocation();
  const here = location.pathname + location.search;
  const [answer] = useState(() => readLocationPick<D>(here));
  useEffect(() => {
    if (answer) clearLocationPick(here);
  }, [answer, here]);
  return answer;
}

const query = (params: Record<string, string | number | null | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** The chooser, to return to `returnTo`, starting from the address the field holds. */
export function chooseLocationUrl(opts: { returnTo: string; address?: string; city?: string }) {
  return `${CHOOSE_LOCATION_PATH}${query({
    returnTo: opts.returnTo,
    address: opts.address?.trim(),
    city: opts.city?.trim(),
  })}`;
}

/** A location to show: what it is called, where it is, and its coordinates when known. */
export interface ShownLocation {
  name: string;
  address: string;
  lat: number | null;
  lng: number | null;
}

/** Six decimals are about 0.1 m: enough for a shop, short in a link. */
const degreesText = (v: number) => String(Number(v.toFixed(6)));

/** The open-location page for a place. */
export function openLocationUrl(loc: Partial<ShownLocation>) {
  const both = typeof loc.lat === 'number' && typeof loc.lng === 'number';
  return `${OPEN_LOCATION_PATH}${query({
    name: loc.name?.trim(),
    address: loc.address?.trim(),
    lat: both ? degreesText(loc.lat!) : null,
    lng: both ? degreesText(loc.lng!) : null,
  })}`;
}

/**
 * The location an open-location address names, or null when it names nothing. Coordinates count
 * only as a valid pair; a bad or half pair is dropped and the address is used instead.
 */
export function parseShownLocation(params: URLSearchParams): ShownLocation | null {
  const name = (params.get('name') ?? '').trim().slice(0, 100);
  const address = (params.get('address') ?? '').trim().slice(0, 200);
  const number = (key: string, limit: number) => {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') return null;
    const v = Number(raw);
    return Number.isFinite(v) && Math.abs(v) <= limit ? v : null;
  };
  let lat = number('lat', 90);
  let lng = number('lng', 180);
  if (lat === null || lng === null) lat = lng = null;
  if (!name && !address && lat === null) return null;
  return { name, address, lat, lng };
}
