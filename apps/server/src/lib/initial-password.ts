import { randomInt } from 'node:crypto';

// No 0/O, 1/l/I: the parent reads the password out or copies it by hand.
const LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz';
const DIGITS = '23456789';
const ALL = LETTERS + DIGITS;

const pick = (chars: string) => chars[randomInt(0, chars.length)]!;

/**
 * An initial password of `length` characters with at least one letter and one digit, drawn from
 * the system's cryptographic random source. It is good for one sign-in: the agent must replace it.
 */
export function generateInitialPassword(length = 8): string {
  const chars = [
    pick(LETTERS),
    pick(DIGITS),
    ...Array.from({ length: length - 2 }, () => pick(ALL)),
  ];
  // Fisher-Yates, so the letter and the digit are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
