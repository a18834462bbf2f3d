import { MESSAGES } from '@pos/core';
// Through overlays, which load the kit's toast at the first touch (a copy always follows one):
// the kit's own import would bring its animation library to every page with a copy button.
import { Toast } from '@/lib/overlays';

/** The old way, for web views without the async clipboard (older WeChat, plain http pages). */
function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand('copy');
  } catch {
    done = false;
  }
  document.body.removeChild(area);
  return done;
}

/** Copies text and toasts 复制成功! (spec section 8); says so when the device refuses. */
export async function copyText(text: string): Promise<boolean> {
  let done = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      done = true;
    }
  } catch {
    done = false;
  }
  if (!done) done = legacyCopy(text);
  Toast.show({
    content: done ? MESSAGES.copySuccess : '复制失败，请长按手动复制',
    icon: done ? 'success' : undefined,
    duration: 1500,
  });
  return done;
}
