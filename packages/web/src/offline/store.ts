import { offlineStore } from '@retaguarda/domain';
import localforage from 'localforage';
import { offlineDrivers } from './drivers.ts';

/** Id of the cordova sqlite driver when the native shell defined it, undefined in browsers. */
function sqliteDriverId(): string | undefined {
  const w = globalThis as { cordovaSQLiteDriver?: { _driver?: string } };
  return w.cordovaSQLiteDriver?._driver;
}

/** Configures the offline store (SPEC.md §9): named as the app, 4980736 bytes, drivers in order. */
export function configureOfflineStore(): LocalForage {
  localforage.config({
    name: offlineStore.name,
    size: offlineStore.size,
    driver: offlineDrivers({
      sqlite: sqliteDriverId(),
      indexeddb: localforage.INDEXEDDB,
      websql: localforage.WEBSQL,
      localstorage: localforage.LOCALSTORAGE,
    }),
  });
  return localforage;
}
