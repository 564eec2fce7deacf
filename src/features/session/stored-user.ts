import type { User } from '../../api/types';

const STORAGE_KEY = 'waveframe.user';
/**
 * Not under the 'waveframe.user' prefix, which a purge of the user's data removes: the session
 * store itself forgets it once the data it stands for is gone.
 */
const DEVICE_USER_KEY = 'waveframe.deviceUser';

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

/**
 * The user_uuid of whoever's data this device holds (their queued uploads, cached library): the
 * last user who signed in here, until their data is purged. Unlike the user record, a login
 * check that fails without saying who is signed in (a 5xx or 429 during a deploy) keeps it, so
 * the next sign-in can tell whether the device holds another person's data.
 */
export interface DeviceUserStorage {
  read(): string | null;
  write(userUuid: string): void;
  clear(): void;
}

export function localDeviceUserStorage(
  storage: Storage | null = safeLocalStorage(),
): DeviceUserStorage {
  return {
    read() {
      try {
        return storage?.getItem(DEVICE_USER_KEY) || null;
      } catch {
        return null;
      }
    },
    write(userUuid) {
      storage?.setItem(DEVICE_USER_KEY, userUuid);
    },
    clear() {
      storage?.removeItem(DEVICE_USER_KEY);
    },
  };
}

export function memoryDeviceUserStorage(initial: string | null = null): DeviceUserStorage {
  let userUuid = initial;
  return {
    read: () => userUuid,
    write: (next) => {
      userUuid = next;
    },
    clear: () => {
      userUuid = null;
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
