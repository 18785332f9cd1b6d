import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { unsubscribePath, unsubscribeTexts } from '@shared/marketplace/email-unsubscribe';
import type { NotificationKind } from '@shared/marketplace/notifications';
import { user } from '../../db/schema';
import { escapeHtml } from '../../escape-html';
import { settingsPath } from '../../notifications/deliver-notifications';
import { turnEmailOff } from '../../notifications/email-preferences';
import { readUnsubscribeToken } from '../../notifications/unsubscribe-link';
import type { AppEnv } from '../app-env';

function page(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<main style="max-width:560px;margin:24px auto;padding:24px;background:#fff;border-radius:8px;line-height:1.5">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>
${bodyHtml}
</main></body></html>`;
}

const buttonStyle =
  'background:#0e7490;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:16px;font-weight:bold;cursor:pointer';

async function settingsLink(c: Context<AppEnv>, userId: string): Promise<string> {
  const [row] = await c
    .get('services')
    .db.select({ accountType: user.accountType })
    .from(user)
    .where(eq(user.id, userId));
  const path = row ? settingsPath(row.accountType) : '/login';
  return `<p><a href="${escapeHtml(path)}" style="color:#0e7490">${escapeHtml(unsubscribeTexts.settingsLink)}</a></p>`;
}

function invalid(c: Context<AppEnv>) {
  return c.html(
    page(unsubscribeTexts.title, `<p>${escapeHtml(unsubscribeTexts.invalid)}</p>`),
    404,
    { 'Cache-Control': 'no-store' },
  );
}

function done(c: Context<AppEnv>, kind: NotificationKind, link: string) {
  return c.html(
    page(
      unsubscribeTexts.title,
      `<p role="status">${escapeHtml(unsubscribeTexts.done(kind))}</p>${link}`,
    ),
    200,
    { 'Cache-Control': 'no-store' },
  );
}

/**
 * One-click unsubscribe of bulk e-mails (RFC 8058), outside /api so mail providers reach it
 * without a session or our Origin: GET /unsubscribe/<token> shows a page with a button (a GET
 * never unsubscribes: link scanners open links), POST /unsubscribe/<token> (the button, or the
 * provider's 'List-Unsubscribe=One-Click' post) turns that kind of e-mail off for that person.
 * The signed token is the permission (unsubscribe-link.ts); anything else is a 404.
 */
export const unsubscribeRoutes = new Hono<AppEnv>()
  .get('/unsubscribe/:token', async (c) => {
    const { env } = c.get('services');
    const token = c.req.param('token');
    const target = readUnsubscribeToken(env.authSecret, token);
    if (!target) return invalid(c);
    return c.html(
      page(
        unsubscribeTexts.title,
        `<p>${escapeHtml(unsubscribeTexts.confirm(target.kind))}</p>
<form method="post" action="${escapeHtml(unsubscribePath(token))}">
<button type="submit" style="${buttonStyle}">${escapeHtml(unsubscribeTexts.button)}</button>
</form>
${await settingsLink(c, target.userId)}`,
      ),
      200,
      { 'Cache-Control': 'no-store' },
    );
  })
  // The body ('List-Unsubscribe=One-Click', or the form's) carries nothing we need: it is read
  // (so the kept-alive connection stays usable) only up to 4 KB, chunked or not.
  .post('/unsubscribe/:token', bodyLimit({ maxSize: 4096 }), async (c) => {
    const { db, env } = c.get('services');
    const target = readUnsubscribeToken(env.authSecret, c.req.param('token'));
    if (!target) return invalid(c);
    await c.req.raw.arrayBuffer().catch(() => undefined);
    if (!(await turnEmailOff(db, target.userId, target.kind))) return invalid(c);
    return done(c, target.kind, await settingsLink(c, target.userId));
  });
