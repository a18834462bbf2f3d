import { searchCardBin } from 'bankcard';

export interface CardBin {
  bankName: string;
  bankCode: string;
  /** DC 储蓄卡, CC 信用卡, SCC 准贷记卡, PC 预付费卡. */
  cardType: string;
  cardTypeName: string;
}

/**
 * The issuing bank of a card number from its BIN (the leading digits), from the `bankcard`
 * package's offline table of Chinese issuers; null when the BIN is not in it. Nothing is sent
 * anywhere, so a card number never leaves the server for this.
 */
export function cardBin(cardNo: string): CardBin | null {
  const digits = cardNo.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits)) return null;
  const info = searchCardBin(digits);
  if (!info?.bankName) return null;
  const { bankName, bankCode, cardType, cardTypeName } = info;
  return { bankName, bankCode, cardType, cardTypeName };
}
