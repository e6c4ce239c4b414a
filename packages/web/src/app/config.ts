import { z } from 'zod';

/** Base addresses of SPEC.md §7, read from /config.json before the app mounts. */
export const appConfigSchema = z.object({
  baseRest: z.string().default('/api'),
  baseS3: z.string().default(''),
  baseSocket: z.string().default(''),
  pathSocket: z.string().default(''),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const defaultConfig: AppConfig = { baseRest: '/api', baseS3: '', baseSocket: '', pathSocket: '' };

let current: AppConfig = defaultConfig;

export function getConfig(): AppConfig {
  return current;
}

export function setConfig(config: AppConfig): void {
  current = config;
}

/**
 * Reads /config.json. When it cannot be read (offline start from the service-worker cache, or a
 * static preview without the server) the same-origin defaults are used, so the app still opens and
 * the first API call reports the communication failure in Portuguese.
 */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  try {
    const response = await fetchImpl('/config.json', { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const config = appConfigSchema.parse(await response.json());
    setConfig(config);
    return config;
  } catch (error) {
    console.warn('config.json indisponível; usando os endereços padrão.', error);
    setConfig(defaultConfig);
    return defaultConfig;
  }
}
