import { progressIndicator } from '@retaguarda/domain';

export const PROGRESS_MAX = 0.95;

/**
 * One step of the navigation progress bar: big steps first, then slower as it nears the end, and
 * never past PROGRESS_MAX before the page is really there.
 */
export function advanceProgress(value: number): number {
  const v = Math.max(value, progressIndicator.minimum);
  const step = v < 0.2 ? 0.1 : v < 0.5 ? 0.04 : v < 0.8 ? 0.02 : 0.005;
  return Math.min(PROGRESS_MAX, v + step);
}
