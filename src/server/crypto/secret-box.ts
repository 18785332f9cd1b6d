import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption of small secrets at rest (the bank-linking provider's access token).
 *
 * AES-256-GCM with a key derived by HKDF-SHA256 from the server's auth secret and a purpose label,
 * so the stored value is useless without the secret and a key for one purpose never opens another.
 * Format (all base64url): `v1.<12-byte IV>.<ciphertext>.<16-byte tag>`. The version prefix leaves
 * room for a new algorithm or key without guessing what an old value is.
 *
 * Associated data (e.g. the owning record's id) is authenticated but not stored: a value copied to
 * another record does not open there.
 */
export interface SecretBox {
  seal(plaintext: string, associatedData?: string): string;
  /** Throws a SecretBoxError when the value is malformed, tampered with or for another key/record. */
  open(sealed: string, associatedData?: string): string;
}

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = 'chairfill/key-derivation/v1';

/** A 32-byte key for `purpose`, derived from `secret` with HKDF-SHA256. */
export function deriveKey(secret: string, purpose: string): Buffer {
  if (!secret) throw new SecretBoxError('A secret is required to derive a key');
  return Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, purpose, 32));
}

export function createSecretBox(secret: string, purpose: string): SecretBox {
  const key = deriveKey(secret, `secret-box/${purpose}`);
  return {
    seal(plaintext, associatedData = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, ciphertext, tag].map(encodePart).join('.');
    },
    open(sealed, associatedData = '') {
      const parts = sealed.split('.');
      if (parts.length !== 4) throw new SecretBoxError('Malformed sealed value');
      const [version, ivText, ciphertextText, tagText] = parts as [string, string, string, string];
      if (version !== VERSION) throw new SecretBoxError(`Unsupported sealed value version`);
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw new SecretBoxError('Malformed sealed value');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(associatedData, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertextText, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('The sealed value could not be opened');
      }
    },
  };
}

function encodePart(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}
