import Bowser from 'bowser';
import { accountSecurityMessages } from '@shared/account-security';

const deviceTypeLabels: Record<string, string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  tv: 'TV',
  bot: 'Automated client',
};

/** 'Chrome on Windows' and 'Desktop' from a browser's User-Agent header. */
export function describeDevice(userAgent: string | null): {
  device: string;
  deviceType: string | null;
} {
  const text = userAgent?.trim().slice(0, 512);
  if (!text) return { device: accountSecurityMessages.unknownDevice, deviceType: null };
  const parsed = Bowser.parse(text);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  // Bowser gives '' (not undefined) for what it does not know, such as a command-line client.
  const device =
    browser && os ? `${browser} on ${os}` : browser || os || accountSecurityMessages.unknownDevice;
  const type = parsed.platform.type;
  return { device, deviceType: type ? (deviceTypeLabels[type] ?? null) : null };
}
