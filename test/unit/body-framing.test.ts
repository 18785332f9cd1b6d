import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyFraming } from '../../src/server/routes/contract/body-framing';

/** A request's framing as bodyFraming reads it, through hono in-process (not Node's server). */
async function framingOf(method: string, headers: Record<string, string>) {
  const app = new Hono().all('/', (c) => c.json(bodyFraming(c)));
  const res = await app.request('/', { method, headers });
  return res.json();
}

describe('bodyFraming', () => {
  it('reads none for a GET or HEAD and for a Content-Length of 0', async () => {
    expect(await framingOf('GET', { 'content-length': '10' })).toEqual({ kind: 'none' });
    expect(await framingOf('POST', { 'content-length': '0' })).toEqual({ kind: 'none' });
  });

  it('reads a declared whole length', async () => {
    expect(await framingOf('POST', { 'content-length': '12' })).toEqual({
      kind: 'declared',
      length: 12,
    });
  });

  it('counts as unannounced a chunked body, no length in-process, and a length that is no whole number', async () => {
    expect(await framingOf('POST', { 'transfer-encoding': 'chunked' })).toEqual({
      kind: 'unannounced',
    });
    expect(await framingOf('POST', {})).toEqual({ kind: 'unannounced' });
    for (const length of ['abc', '1.5', '-3'])
      expect(await framingOf('POST', { 'content-length': length }), length).toEqual({
        kind: 'unannounced',
      });
  });
});
