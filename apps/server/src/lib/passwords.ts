import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's baseline).
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a throwaway password, verified against when the email is unknown, so that a
 * wrong email and a wrong password take the same time (no account probing by timing).
 */
let decoy: Promise<string> | undefined;
export const decoyHash = () => {
  decoy ??= hash('decoy-password-never-used');
  return decoy;
};
