import http from 'node:http';
import type { ApiResult } from './test-server';

/**
 * Posts JSON to the test server from another loopback address (127.0.0.2, 127.0.0.3, …: Linux
 * routes all of 127.0.0.0/8 to this machine), so the server sees a different client address on
 * the socket exactly as it would for another computer. No header is involved: the server trusts
 * none for the address.
 */
export function postFromAddress<T = any>(
  serverUrl: string,
  fromAddress: string,
  path: string,
  body: unknown,
): Promise<ApiResult<T>> {
  const { port } = new URL(serverUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: Number(port),
        localAddress: fromAddress,
        method: 'POST',
        path,
        headers: {
          origin: serverUrl,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : value ? [value] : []) {
              headers.append(name, one);
            }
          }
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          resolve({ status: response.statusCode ?? 0, body: parsed as T, headers });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
