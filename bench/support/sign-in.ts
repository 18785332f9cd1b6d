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
