import { describe, expect, it } from 'vitest';
import { createSecretBox, deriveKey, SecretBoxError } from '../../src/server/crypto/secret-box';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123456789';
const PLAINTEXT = 'access-sandbox-2b9c8e4a-7f1d-4a5e-9c3b-1f2e3d4c5b6a';

describe('secret box (AES-256-GCM, HKDF key)', () => {
  it('round-trips and never contains the plaintext', () => {
    const box = createSecretBox(SECRET, 'bank-access-token');
    const sealed = box.seal(PLAINTEXT, 'practice:1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(PLAINTEXT);
    expect(sealed).not.toContain(Buffer.from(PLAINTEXT).toString('base64url'));
    expect(box.open(sealed, 'practice:1')).toBe(PLAINTEXT);
  });

  it('uses a fresh IV each time', () => {
    const box = createSecretBox(SECRET, 'bank-access-token');
    const a = box.seal(PLAINTEXT);
    const b = box.seal(PLAINTEXT);
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
    expect(box.open(a)).toBe(PLAINTEXT);
    expect(box.open(b)).toBe(PLAINTEXT);
  });

  it('refuses another secret, another purpose and other associated data', () => {
    const sealed = createSecretBox(SECRET, 'bank-access-token').seal(PLAINTEXT, 'practice:1');
    expect(() =>
      createSecretBox(`${SECRET}x`, 'bank-access-token').open(sealed, 'practice:1'),
    ).toThrow(SecretBoxError);
    expect(() => createSecretBox(SECRET, 'other-purpose').open(sealed, 'practice:1')).toThrow(
      SecretBoxError,
    );
    expect(() => createSecretBox(SECRET, 'bank-access-token').open(sealed, 'practice:2')).toThrow(
      SecretBoxError,
    );
  });

  it('detects tampering with any part', () => {
    const box = createSecretBox(SECRET, 'bank-access-token');
    const sealed = box.seal(PLAINTEXT);
    const parts = sealed.split('.');
    for (const index of [1, 2, 3]) {
      const bytes = Buffer.from(parts[index]!, 'base64url');
      bytes[0] = bytes[0]! ^ 0x01;
      const tampered = [...parts];
      tampered[index] = bytes.toString('base64url');
      expect(() => box.open(tampered.join('.'))).toThrow(SecretBoxError);
    }
  });

  it('refuses malformed values and unknown versions', () => {
    const box = createSecretBox(SECRET, 'bank-access-token');
    const sealed = box.seal(PLAINTEXT);
    expect(() => box.open('')).toThrow(SecretBoxError);
    expect(() => box.open(PLAINTEXT)).toThrow(SecretBoxError);
    expect(() => box.open(sealed.replace(/^v1\./, 'v2.'))).toThrow(SecretBoxError);
    expect(() => box.open(`${sealed}.extra`)).toThrow(SecretBoxError);
    expect(() => box.open(sealed.split('.').slice(0, 3).join('.'))).toThrow(SecretBoxError);
  });

  it('derives distinct 32-byte keys per purpose and secret', () => {
    const a = deriveKey(SECRET, 'a');
    expect(a).toHaveLength(32);
    expect(deriveKey(SECRET, 'a').equals(a)).toBe(true);
    expect(deriveKey(SECRET, 'b').equals(a)).toBe(false);
    expect(deriveKey(`${SECRET}!`, 'a').equals(a)).toBe(false);
    expect(() => deriveKey('', 'a')).toThrow(SecretBoxError);
  });

  it('handles unicode and empty plaintexts', () => {
    const box = createSecretBox(SECRET, 'x');
    expect(box.open(box.seal(''))).toBe('');
    expect(box.open(box.seal('clé ✓ 🦷'))).toBe('clé ✓ 🦷');
  });
});
