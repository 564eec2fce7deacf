import type { User } from '../../api/types';

const STORAGE_KEY = 'waveframe.user';

/** Where the user record is kept between visits ("stored locally after login", spec 3). */
export interface UserRecordStorage {
  read(): User | null;
  write(user: User): void;
  clear(): void;
}

function isUser(value: unknown): value is User {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return typeof record.user_uuid === 'string' && typeof record.email === 'string';
}

/** The user record in localStorage; a missing or broken record reads as null. */
export function localUserRecordStorage(
  storage: Storage | null = safeLocalStorage(),
): UserRecordStorage {
  return {
    read() {
      if (!storage) return null;
      try {
        const parsed = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as unknown;
        return isUser(parsed)
          ? { ...parsed, email_verified: parsed.email_verified === true }
          : null;
      } catch {
        return null;
      }
    },
    write(user) {
      storage?.setItem(STORAGE_KEY, JSON.stringify(user));
    },
    clear() {
      storage?.removeItem(STORAGE_KEY);
    },
  };
}

/** A user record storage that lives only in memory (tests, private windows without storage). */
export function memoryUserRecordStorage(initial: User | null = null): UserRecordStorage {
  let user = initial;
  return {
    read: () => user,
    write: (next) => {
      user = next;
    },
    clear: () => {
      user = null;
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
