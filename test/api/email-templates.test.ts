import { describe, expect, it } from 'vitest';
import { emailPreviews } from '../../src/server/mail/templates/previews';
import { notificationEmail } from '../../src/server/mail/templates/notification';
import { passwordResetEmail } from '../../src/server/mail/templates/password-reset';
import { serverForFile } from '../support/marketplace-fixtures';
import type { TestServer } from '../support/test-server';

/**
 * E-mails are react-email components in one layout: whatever a practice or professional typed
 * (a name, a shift's place) is escaped in the HTML and kept as typed in the text version, and the
 * development mailbox previews every template.
 */

const hostile = '<script>alert(1)</script> "Smile & Co" <img src=x onerror=alert(2)>';

describe('e-mail templates', () => {
  it('escape what people typed in a notification, and keep the text version as typed', () => {
    const email = notificationEmail({
      to: 'pro@example.com',
      name: hostile,
      subject: 'Your shift',
      paragraphs: [`${hostile} booked your shift.`],
      details: [['Place', hostile]],
      items: [hostile],
      action: { label: 'Open', url: 'https://chairfill.example.com/a?b=1&c=<2>' },
      settingsUrl: 'https://chairfill.example.com/settings',
    });
    expect(email.html.startsWith('<!doctype html>')).toBe(true);
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('&quot;Smile &amp; Co&quot;');
    expect(email.html).toContain('href="https://chairfill.example.com/a?b=1&amp;c=&lt;2&gt;"');
    // One layout: the brand band and the footer.
    expect(email.html).toContain('ChairFill · Dental staffing in New Jersey');
    expect(email.text).toContain(`Hi ${hostile},`);
    expect(email.text).toContain(`Place: ${hostile}`);
  });

  it('escape the name in the password reset e-mail', () => {
    const email = passwordResetEmail('a@example.com', hostile, 'https://x.example/r?t=1&u=2');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Hi &lt;script&gt;');
    expect(email.html).toContain('https://x.example/r?t=1&amp;u=2');
    expect(email.text).toContain('https://x.example/r?t=1&u=2');
    expect(email.subject).toBe('Reset your ChairFill password');
  });
});

let server: TestServer;
serverForFile((started) => {
  server = started;
});

describe('the development mailbox previews', () => {
  it('lists every template and shows each as HTML (sandboxed) and as text', async () => {
    const client = server.client();
    const list = await client.get('/dev/mailbox/previews');
    expect(list.status).toBe(200);
    const keys = Object.keys(emailPreviews);
    expect(keys.length).toBeGreaterThanOrEqual(6);
    for (const key of keys) {
      expect(list.body).toContain(`/dev/mailbox/previews/${key}`);
      const page = await client.get(`/dev/mailbox/previews/${key}`);
      expect(page.status, key).toBe(200);
      const email = emailPreviews[key]!.build();
      expect(page.body).toContain('<iframe title="The e-mail as HTML" sandbox=""');
      expect(page.body).toContain(email.subject.replace(/&/g, '&amp;'));
    }
    expect((await client.get('/dev/mailbox/previews/nothing-here')).status).toBe(404);
    expect((await client.get('/dev/mailbox')).body).toContain('/dev/mailbox/previews');
  });
});
