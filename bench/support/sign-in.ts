/** Signs a demo account in through the product's own login API and returns its Cookie header. */
export async function signInCookie(
  baseUrl: string,
  email: string,
  password: string,
  audience: 'practice' | 'professional',
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password, audience }),
  });
  if (!response.ok)
    throw new Error(`sign-in failed (${response.status}): ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * One sign-in per account for a whole benchmark run: the Cookie header of each account, signed in
 * (with the demo password) the first time it is asked for.
 */
export function sessionCookies(
  baseUrl: string,
  password: string,
): (account: { email: string; audience: 'practice' | 'professional' }) => Promise<string> {
  const cookies = new Map<string, Promise<string>>();
  return (account) => {
    let cookie = cookies.get(account.email);
    if (!cookie) {
      cookie = signInCookie(baseUrl, account.email, password, account.audience);
      cookies.set(account.email, cookie);
    }
    return cookie;
  };
}
