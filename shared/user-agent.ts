/**
 * A session's browser and system in words ('Chrome on macOS'), from its User-Agent header, for the
 * sessions list (PRODUCT.md §10). Only what a person recognises; anything else is named as unknown.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/[\d.]+/, 'Edge'],
  [/\bOPR\/[\d.]+/, 'Opera'],
  [/\bSamsungBrowser\/[\d.]+/, 'Samsung Internet'],
  [/\bFirefox\/[\d.]+|\bFxiOS\/[\d.]+/, 'Firefox'],
  [/\bCriOS\/[\d.]+/, 'Chrome'],
  [/\bHeadlessChrome\/[\d.]+/, 'Chrome (headless)'],
  [/\bChrom(?:e|ium)\/[\d.]+/, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/[\d.]+/, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]) => table.find(([re]) => re.test(ua))?.[1];

export function describeUserAgent(ua: string | null | undefined): {
  browser: string;
  system: string;
  label: string;
} {
  const browser = (ua && first(ua, BROWSERS)) || 'Unknown browser';
  const system = (ua && first(ua, SYSTEMS)) || 'unknown system';
  return { browser, system, label: `${browser} on ${system}` };
}
