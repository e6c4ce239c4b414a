import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir` (full paths), or none when it does not exist. */
export function listFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = join(dir, entry);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}
