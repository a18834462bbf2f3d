// Toasts and dialogs for the app shell and the first screens. The kit's code for them (and its
// animation library) loads on first use, or at the first touch or key (main.tsx), so it is not
// part of the first screen (decision 014). Calls keep their order; a toast closed before the code
// arrived never shows.
import { TOAST_DURATION_MS } from '@pos/core';
import type { DialogAlertProps, DialogConfirmProps } from 'antd-mobile/es/components/dialog';
import type { ToastHandler, ToastShowProps } from 'antd-mobile/es/components/toast';
import type * as OverlaysKit from './overlays-kit';

type Kit = typeof OverlaysKit;
let kit: Promise<Kit> | undefined;

/** The overlays' code; a failed load (offline before the service worker has it) is retried. */
export function loadOverlays(): Promise<Kit> {
  kit ??= import('./overlays-kit').catch((err: unknown) => {
    kit = undefined;
    throw err;
  });
  return kit;
}

/** What the fallbacks below can show of a kit overlay's content: its text, when it is text. */
const plainText = (content: unknown) => (typeof content === 'string' ? content : '');

/** A toast in plain markup, for when the kit's code cannot arrive (offline, nothing cached). */
function plainToast(props: ToastShowProps | string): ToastHandler {
  const content = plainText(typeof props === 'string' ? props : props.content);
  const duration =
    typeof props === 'string' ? TOAST_DURATION_MS : (props.duration ?? TOAST_DURATION_MS);
  if (!content) return { close: () => undefined };
  const box = document.createElement('div');
  box.className = 'shell-toast';
  box.setAttribute('role', 'status');
  box.textContent = content;
  document.body.appendChild(box);
  const close = () => box.remove();
  if (duration > 0) setTimeout(close, duration);
  return { close };
}

export const Toast = {
  show(props: ToastShowProps | string): ToastHandler {
    let closed = false;
    let shown: ToastHandler | undefined;
    loadOverlays().then(
      (k) => {
        if (!closed) shown = k.Toast.show(props);
      },
      () => {
        if (!closed) shown = plainToast(props);
      },
    );
    return {
      close() {
        closed = true;
        shown?.close();
      },
    };
  },
  clear() {
    loadOverlays().then(
      (k) => k.Toast.clear(),
      () => undefined,
    );
  },
};

export const Dialog = {
  // Without the kit's code (no network yet, no cached copy) the browser's own box still tells.
  alert: (props: DialogAlertProps): Promise<void> =>
    loadOverlays().then(
      (k) => k.Dialog.alert(props),
      () => window.alert(plainText(props.content)),
    ),
  confirm: (props: DialogConfirmProps): Promise<boolean> =>
    loadOverlays().then(
      (k) => k.Dialog.confirm(props),
      () => window.confirm(plainText(props.content)),
    ),
};
