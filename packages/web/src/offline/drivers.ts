import { offlineStore } from '@retaguarda/domain';

export type OfflineDriverName = (typeof offlineStore.driverOrder)[number];

/** Driver ids as localforage knows them; undefined when the driver does not exist in this runtime. */
export type DriverIds = Record<OfflineDriverName, string | undefined>;

/**
 * The driver order of SPEC.md §9 (sqlite, indexeddb, websql, localstorage) translated to
 * localforage ids. The sqlite driver belongs to the native (cordova) shell and is absent in a
 * browser, so names without a driver are skipped rather than passed on.
 */
export function offlineDrivers(ids: DriverIds): string[] {
  return offlineStore.driverOrder.map((name) => ids[name]).filter((id): id is string => typeof id === 'string' && id.length > 0);
}
