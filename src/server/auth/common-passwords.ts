import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords, refused as new passwords (sign-up, reset, change).
 *
 * Source: the ranked "passwords" dictionary of zxcvbn-ts (npm @zxcvbn-ts/language-common, MIT),
 * 49,233 passwords most often found in public breach corpora, most common first ('123456',
 * 'password', '12345678', ...). Compared without regard to case: 'PassWord' is 'password'.
 */
let commonPasswords: Set<string> | undefined;

function list(): Set<string> {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return list().has(password.toLowerCase());
}

/** How many passwords are refused (for tests and the security notes). */
export function commonPasswordCount(): number {
  return list().size;
}
