import { findScreen, type Screen } from '@retaguarda/domain';
import type { KeyValueStorage } from '../session/persistence.ts';

/** How often each screen was opened, to offer the most used ones on the index page. Not a secret. */
export const OPENED_SCREENS_KEY = 'retaguarda.telasAbertas';

function read(storage: KeyValueStorage): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(OPENED_SCREENS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function countOpenedScreen(storage: KeyValueStorage, name: string): void {
  if (!findScreen(name)) return;
  const counts = read(storage);
  counts[name] = (counts[name] ?? 0) + 1;
  try {
    storage.setItem(OPENED_SCREENS_KEY, JSON.stringify(counts));
  } catch {
    // A full storage only costs the shortcuts.
  }
}

export function mostOpenedScreens(storage: KeyValueStorage, limit = 8): Screen[] {
  return Object.entries(read(storage))
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => findScreen(name))
    .filter((s): s is Screen => Boolean(s))
    .slice(0, limit);
}
