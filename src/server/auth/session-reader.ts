import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AccountType } from '@shared/accounts';
import type { Database } from '../db/client';
import { session, user } from '../db/schema';
import { accountTag, keptAnswersFor } from '../services/kept-answers';
import {
  type Auth,
  SESSION_ABSOLUTE_LIFETIME_SECONDS,
  SESSION_LIFETIME_SECONDS,
  SESSION_REFRESH_SECONDS,
} from './auth';

export interface ActiveSession {
  sessionId: string;
  user: { id: string; email: string; name: string; accountType: AccountType };
  /** A Set-Cookie value when the session's idle expiry was just pushed forward. */
  refreshedCookie: string | null;
}

/** A session row as read, and as kept in memory between requests. */
interface SessionRow {
  sessionId: string;
  expiresAt: Date;
  createdAt: Date;
  userId: string;
  email: string;
  name: string;
  accountType: AccountType;
}

interface CookieSettings {
  name: string;
  attributes: string;
}

/**
 * Reads the signed session cookie and its session with one query (session joined to its user),
 * instead of better-auth's generic look-up; every signed-in request pays for this. Same rules as
 * better-auth: the HMAC-SHA256 signature of the token with the auth secret must match, and the
 * session must not have expired. Two lifetimes: the idle one (expires_at, pushed forward at most
 * once per SESSION_REFRESH_SECONDS while the session is used, cookie re-sent with it) and the
 * absolute one (created_at + SESSION_ABSOLUTE_LIFETIME_SECONDS, never extended; the session is
 * deleted once past it).
 */
export class SessionReader {
  private cookie: Promise<CookieSettings> | undefined;
  /** Prepared once per connection: every signed-in request runs it. */
  private readonly byToken;

  constructor(
    private readonly db: Database,
    private readonly auth: Auth,
  ) {
    this.byToken = db
      .select({
        sessionId: session.id,
        expiresAt: session.expiresAt,
        createdAt: session.createdAt,
        userId: user.id,
        email: user.email,
        name: user.name,
        accountType: user.accountType,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.token, sql.placeholder('token')))
      .limit(1)
      .prepare('session_by_token');
  }

  async read(headers: Headers, now = new Date()): Promise<ActiveSession | null> {
    const { name, attributes } = await this.cookieSettings();
    const raw = readCookie(headers.get('cookie'), name);
    if (!raw) return null;
    const token = this.verifiedToken(raw);
    if (!token) return null;

    const row = await this.sessionRow(token);
    if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
    if (row.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000 <= now.getTime()) {
      await this.db.delete(session).where(eq(session.id, row.sessionId));
      keptAnswersFor(this.db).forgetAccount(row.userId);
      return null;
    }

    let refreshedCookie: string | null = null;
    const lastRefresh = row.expiresAt.getTime() - SESSION_LIFETIME_SECONDS * 1000;
    if (lastRefresh + SESSION_REFRESH_SECONDS * 1000 <= now.getTime()) {
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000);
      await this.db
        .update(session)
        .set({ expiresAt, updatedAt: sql`now()` })
        .where(eq(session.id, row.sessionId));
      keptAnswersFor(this.db).forgetAccount(row.userId);
      refreshedCookie = `${name}=${raw}; Max-Age=${SESSION_LIFETIME_SECONDS}${attributes}`;
    }
    return {
      sessionId: row.sessionId,
      user: { id: row.userId, email: row.email, name: row.name, accountType: row.accountType },
      refreshedCookie,
    };
  }

  /**
   * The session of `token` joined to its account. Kept in the server's memory (kept-answers.ts,
   * decision 011) until the database announces a change to the session or the account (migration
   * 0012: signed out, revoked, extended, account changed or deleted) or its idle expiry; read
   * again whenever the announcements are not being received. The user's other writes (applying,
   * booking, a message) do not read it again.
   */
  private async sessionRow(token: string): Promise<SessionRow | undefined> {
    const kept = keptAnswersFor(this.db);
    const key = `session|${token}`;
    const known = kept.read(key);
    if (known !== undefined) {
      const row = JSON.parse(known) as SessionRow & { expiresAt: number; createdAt: number };
      return { ...row, expiresAt: new Date(row.expiresAt), createdAt: new Date(row.createdAt) };
    }
    const begun = kept.begin();
    const [row] = await this.byToken.execute({ token });
    if (row) {
      const body = JSON.stringify({
        ...row,
        expiresAt: row.expiresAt.getTime(),
        createdAt: row.createdAt.getTime(),
      });
      kept.keep(
        key,
        { body, tags: [accountTag(row.userId)], expiresAt: row.expiresAt.getTime() },
        begun,
      );
    }
    return row;
  }

  /** The token when the cookie's signature is ours, else null. */
  private verifiedToken(raw: string): string | null {
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', this.auth.options.secret!).update(token).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    return token;
  }

  private cookieSettings(): Promise<CookieSettings> {
    this.cookie ??= this.auth.$context.then((context) => {
      const { name, attributes } = context.authCookies.sessionToken;
      let text = `; Path=${attributes.path ?? '/'}`;
      if (attributes.httpOnly) text += '; HttpOnly';
      if (attributes.secure) text += '; Secure';
      if (attributes.sameSite) {
        const sameSite = String(attributes.sameSite);
        text += `; SameSite=${sameSite[0]!.toUpperCase()}${sameSite.slice(1).toLowerCase()}`;
      }
      return { name, attributes: text };
    });
    return this.cookie;
  }
}

/** The raw (still encoded) value of one cookie from a Cookie header. */
function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt < 0) continue;
    if (part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim();
  }
  return null;
}

const readers = new WeakMap<Auth, SessionReader>();

/** One reader per auth instance (one per running server). */
export function sessionReaderFor(db: Database, auth: Auth): SessionReader {
  let reader = readers.get(auth);
  if (!reader) {
    reader = new SessionReader(db, auth);
    readers.set(auth, reader);
  }
  return reader;
}
