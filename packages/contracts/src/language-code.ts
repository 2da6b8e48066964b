/**
 * docs/product.md#language-codes: the journal's language as machines want it (ISO 639-1, or
 * 639-2/T where a language has no two-letter code). Journals write a name in their settings
 * ('English', 'Hindi', 'English and Hindi', 'English, Hindi'); the first language named is the
 * journal's. A setting that already is a code is kept; anything unknown gives undefined, and the
 * field is left out rather than filled with a guess.
 */
const CODES: Record<string, string> = {
  english: 'en', hindi: 'hi', 'हिन्दी': 'hi', 'हिंदी': 'hi', marathi: 'mr', bengali: 'bn', bangla: 'bn', tamil: 'ta', telugu: 'te', kannada: 'kn',
  malayalam: 'ml', gujarati: 'gu', punjabi: 'pa', urdu: 'ur', odia: 'or', oriya: 'or', assamese: 'as', nepali: 'ne', sanskrit: 'sa',
  konkani: 'kok', maithili: 'mai', sindhi: 'sd', kashmiri: 'ks', french: 'fr', german: 'de', spanish: 'es', portuguese: 'pt',
  italian: 'it', dutch: 'nl', russian: 'ru', arabic: 'ar', persian: 'fa', turkish: 'tr', chinese: 'zh', japanese: 'ja',
  korean: 'ko', indonesian: 'id', malay: 'ms', thai: 'th', vietnamese: 'vi', polish: 'pl', swahili: 'sw', sinhala: 'si',
};
const CODE_RE = /^[a-z]{2,3}(?:-[a-z]{2})?$/;

export function languageCode(name: unknown): string | undefined {
  const first = (typeof name === 'string' ? name : '').split(/,|;|\/|&|\band\b/i)[0]!.trim().toLowerCase();
  if (!first) return undefined;
  if (Object.prototype.hasOwnProperty.call(CODES, first)) return CODES[first];
  return CODE_RE.test(first) ? first.split('-')[0] : undefined;
}
