import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id at the OWASP Password Storage Cheat Sheet's first recommended setting:
 * 19 MiB of memory, 2 iterations, 1 degree of parallelism.
 */
export const ARGON2_OPTIONS = {
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { ...ARGON2_OPTIONS, algorithm: 2 /* Argon2id */ });
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}) {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
