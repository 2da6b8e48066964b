import { firstNumber as sharedFirstNumber } from '@journal/contracts';

/** docs/product.md#display-rules: displays: volume and issue zero-padded to 2 digits, article counts to 3. */
export const pad2 = (n: number | string) => String(n).padStart(2, '0');
export const pad3 = (n: number | string) => String(n).padStart(3, '0');

/** Today as YYYY-MM-DD in the browser's time zone (the default certificate date, docs/product.md#constants). */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}

/** The shared route-parameter rule (docs/product.md#route-params), NaN instead of null for the admin's number checks. */
export const firstNumber = (s: string | undefined): number => sharedFirstNumber(s) ?? NaN;

/** Capitalises each hyphen part of a period ('january-february' → 'January-February'). */
export const capitalizePeriod = (s: string) =>
  String(s ?? '')
    .split('-')
    .map((p) => (p ? p[0]!.toUpperCase() + p.slice(1) : p))
    .join('-');
