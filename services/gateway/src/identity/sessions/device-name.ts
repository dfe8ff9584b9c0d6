import { UAParser } from 'ua-parser-js';

/** A device's name for the connected-devices list, from its user agent: 'Chrome על Windows'. */
export function deviceNameOf(userAgent: string | undefined): string {
  const { browser, os, device } = new UAParser(userAgent ?? '').getResult();
  const system = os.name ?? device.vendor;
  if (browser.name && system) return `${browser.name} על ${system}`;
  if (browser.name) return browser.name;
  if (system) return `מכשיר ${system}`;
  return 'מכשיר לא מזוהה';
}
