import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { signInCookie } from './sign-in';

/**
 * Cookies of signed-in market accounts, kept in `file` between benchmark runs: a saved cookie is
 * reused while the product still knows its session, otherwise the account signs in again.
 */
export async function reusableSessions(
  baseUrl: string,
  file: string,
  accounts: { email: string; audience: 'practice' | 'professional' }[],
  password: string,
): Promise<string[]> {
  const saved: Record<string, string> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  const cookies: string[] = [];
  for (const { email, audience } of accounts) {
    let cookie = saved[email];
    if (cookie) {
      const reply = await fetch(`${baseUrl}/api/session`, { headers: { cookie } });
      const body = (await reply.json()) as { user: { email: string } | null };
      if (body.user?.email !== email) cookie = undefined;
    }
    cookie ??= await signInCookie(baseUrl, email, password, audience);
    saved[email] = cookie;
    cookies.push(cookie);
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(saved, null, 2));
  return cookies;
}
