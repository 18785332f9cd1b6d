import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { escapeHtml } from '../../escape-html';
import { emailPreviews } from '../../mail/templates/previews';
import type { SavedMessage } from '../../mail/transport';
import type { AppEnv } from '../app-env';

async function listSaved(mailDir: string): Promise<SavedMessage[]> {
  let files: string[];
  try {
    files = await readdir(mailDir);
  } catch {
    return [];
  }
  const messages = await Promise.all(
    files.filter((file) => file.endsWith('.json')).map((file) => readSaved(mailDir, file)),
  );
  return messages
    .filter((message) => message !== undefined)
    .sort((a, b) => b.date.localeCompare(a.date));
}

/**
 * One saved message, or undefined when its file cannot be read whole (the transport writes each
 * under another name and renames it, so only a damaged file): the mailbox lists the others.
 */
async function readSaved(mailDir: string, file: string): Promise<SavedMessage | undefined> {
  try {
    return JSON.parse(await readFile(path.join(mailDir, file), 'utf8')) as SavedMessage;
  } catch {
    return undefined;
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#0f172a">${body}</body></html>`;
}

/** One e-mail: its headers, its HTML as a mail app shows it (sandboxed) and its text version. */
function messageBody(
  message: Pick<SavedMessage, 'subject' | 'from' | 'to' | 'date' | 'text' | 'html'>,
  backHref: string,
  backLabel: string,
): string {
  const text = escapeHtml(message.text).replace(
    /(https?:\/\/[^\s<]+)/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
  return `<p><a href="${backHref}">${backLabel}</a></p><h1>${escapeHtml(message.subject)}</h1>
<p>From ${escapeHtml(message.from)}<br>To ${escapeHtml(message.to)}<br>${escapeHtml(message.date)}</p>
<h2>As HTML</h2>
<iframe title="The e-mail as HTML" sandbox="" srcdoc="${escapeHtml(message.html)}" style="width:100%;height:640px;border:1px solid #cbd5e1;border-radius:6px"></iframe>
<h2>As text</h2>
<pre style="white-space:pre-wrap;font:inherit;border:1px solid #cbd5e1;padding:1rem;border-radius:6px">${text}</pre>`;
}

/** Development mailbox: the e-mails saved under DATA_DIR/mail when no SMTP server is set. */
export function mailboxRoutes(mailDir: string) {
  return new Hono<AppEnv>()
    .get('/api/dev/mail', async (c) => c.json({ messages: await listSaved(mailDir) }))
    .get('/dev/mailbox', async (c) => {
      const messages = await listSaved(mailDir);
      const rows = messages
        .map(
          (m) =>
            `<li style="margin:.5rem 0"><a href="/dev/mailbox/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a> — to ${escapeHtml(m.to)} <small>${escapeHtml(m.date)}</small></li>`,
        )
        .join('');
      return c.html(
        page(
          'Mailbox',
          `<h1>Mailbox</h1><p>E-mails saved on this machine (no SMTP server is configured), and text messages when Twilio is not configured. <a href="/dev/mailbox/previews">Preview every e-mail template</a>.</p>${rows ? `<ul>${rows}</ul>` : '<p>No e-mails yet.</p>'}`,
        ),
      );
    })
    .get('/dev/mailbox/previews', (c) => {
      const rows = Object.entries(emailPreviews)
        .map(
          ([key, preview]) =>
            `<li style="margin:.5rem 0"><a href="/dev/mailbox/previews/${encodeURIComponent(key)}">${escapeHtml(preview.label)}</a></li>`,
        )
        .join('');
      return c.html(
        page(
          'E-mail previews',
          `<p><a href="/dev/mailbox">Back to the mailbox</a></p><h1>E-mail previews</h1><p>Every e-mail template with sample values.</p><ul>${rows}</ul>`,
        ),
      );
    })
    .get('/dev/mailbox/previews/:template', (c) => {
      const preview = emailPreviews[c.req.param('template')];
      if (!preview) {
        return c.html(
          page(
            'Not found',
            '<h1>No such template</h1><p><a href="/dev/mailbox/previews">Back to the previews</a></p>',
          ),
          404,
        );
      }
      const email = preview.build();
      return c.html(
        page(
          preview.label,
          messageBody(
            { ...email, from: 'ChairFill', date: 'preview' },
            '/dev/mailbox/previews',
            'Back to the previews',
          ),
        ),
      );
    })
    .get('/dev/mailbox/:id', async (c) => {
      const message = (await listSaved(mailDir)).find((m) => m.id === c.req.param('id'));
      if (!message)
        return c.html(
          page(
            'Not found',
            '<h1>No such e-mail</h1><p><a href="/dev/mailbox">Back to the mailbox</a></p>',
          ),
          404,
        );
      return c.html(
        page(message.subject, messageBody(message, '/dev/mailbox', 'Back to the mailbox')),
      );
    });
}
