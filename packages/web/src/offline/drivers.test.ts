import localforage from 'localforage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineDrivers } from './drivers.ts';
import { configureOfflineStore } from './store.ts';

afterEach(() => vi.restoreAllMocks());

describe('offline store drivers', () => {
  it('keeps the order sqlite, indexeddb, websql, localstorage and skips missing drivers', () => {
    expect(offlineDrivers({ sqlite: undefined, indexeddb: 'asyncStorage', websql: 'webSQLStorage', localstorage: 'localStorageWrapper' })).toEqual([
      'asyncStorage', 'webSQLStorage', 'localStorageWrapper',
    ]);
    expect(offlineDrivers({ sqlite: 'cordovaSQLiteDriver', indexeddb: 'asyncStorage', websql: undefined, localstorage: 'localStorageWrapper' })).toEqual([
      'cordovaSQLiteDriver', 'asyncStorage', 'localStorageWrapper',
    ]);
  });

  it('configures localforage with the app name, size 4980736 and the browser drivers', () => {
    const config = vi.spyOn(localforage, 'config');
    configureOfflineStore();
    expect(config).toHaveBeenCalledWith({
      name: 'Retaguarda',
      size: 4980736,
      driver: [localforage.INDEXEDDB, localforage.WEBSQL, localforage.LOCALSTORAGE],
    });
  });
});
