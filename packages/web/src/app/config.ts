/** Base addresses of SPEC.md §7, read from /config.json before the app mounts. */
export interface AppConfig {
  baseRest: string;
  baseS3: string;
  baseSocket: string;
  pathSocket: string;
}

export const defaultConfig: AppConfig = { baseRest: '/api', baseS3: '', baseSocket: '', pathSocket: '' };

let current: AppConfig = defaultConfig;

/**
 * Each address given as text replaces its default; anything else is refused. Checked by hand, not
 * with zod: this runs before the login page, whose first download leaves zod out.
 */
export function lerConfig(json: unknown): AppConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('config.json não é um objeto');
  const config = { ...defaultConfig };
  for (const chave of Object.keys(defaultConfig) as (keyof AppConfig)[]) {
    const valor = (json as Record<string, unknown>)[chave];
    if (valor === undefined) continue;
    if (typeof valor !== 'string') throw new Error(`config.json: ${chave} não é texto`);
    config[chave] = valor;
  }
  return config;
}

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
    const config = lerConfig(await response.json());
    setConfig(config);
    return config;
  } catch (error) {
    console.warn('config.json indisponível; usando os endereços padrão.', error);
    setConfig(defaultConfig);
    return defaultConfig;
  }
}
