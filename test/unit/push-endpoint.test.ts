import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from '../../src/server/push/push-endpoint';

describe('push addresses the server sends to', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGx7',
    'https://wns2-bn3p.notify.windows.com/w/?token=BQYAAA',
  ])('takes the push service address %s everywhere', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, true)).toBe(true);
    expect(isAllowedPushEndpoint(endpoint, false)).toBe(true);
  });

  it.each([
    'https://internal.example.com/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilfcm.googleapis.com.example/x',
    'http://fcm.googleapis.com/fcm/send/abc',
    'http://127.0.0.1:9/push/x',
  ])('refuses %s in production', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, true)).toBe(false);
  });

  it('outside production takes http on this machine (the tests’ push service) and any https', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:4000/push/1', false)).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:4000/push/1', false)).toBe(true);
    expect(isAllowedPushEndpoint('https://push.example.com/1', false)).toBe(true);
    expect(isAllowedPushEndpoint('http://push.example.com/1', false)).toBe(false);
    expect(isAllowedPushEndpoint('https://user:pw@push.example.com/1', false)).toBe(false);
    expect(isAllowedPushEndpoint('javascript:alert(1)', false)).toBe(false);
  });
});
