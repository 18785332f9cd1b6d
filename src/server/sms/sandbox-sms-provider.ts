import { randomUUID } from 'node:crypto';
import { escapeHtml } from '../escape-html';
import { createFileTransport } from '../mail/transport';
import { displayPhone } from '@shared/marketplace/text-message-constants';
import type { SmsProvider } from './sms-provider';

/** The sender the development mailbox shows for a saved text. */
export const SANDBOX_TEXT_FROM = 'ChairFill text message';

/** The mailbox subject of a text saved by the sandbox. */
export function sandboxTextSubject(to: string): string {
  return `Text message to ${displayPhone(to)}`;
}

/**
 * Without Twilio (`npm start`, tests): every text is saved to the development mailbox (the files
 * under DATA_DIR/mail that /dev/mailbox lists) instead of being sent, so a developer reads the
 * confirmation codes and notices there. Nothing is received, so no inbound request is signed.
 */
export function createSandboxSmsProvider(mailDir: string): SmsProvider {
  const mailbox = createFileTransport(mailDir);
  return {
    name: 'sandbox',
    async send({ to, body }) {
      const providerId = `sandbox-${randomUUID()}`;
      await mailbox.send({
        id: providerId,
        from: SANDBOX_TEXT_FROM,
        to,
        subject: sandboxTextSubject(to),
        text: body,
        html: `<pre style="white-space:pre-wrap;font-family:system-ui,sans-serif">${escapeHtml(body)}</pre>`,
      });
      return { providerId };
    },
    isSignedInbound: () => false,
  };
}
