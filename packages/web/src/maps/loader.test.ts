import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMaps, mapsScriptUrl, MAPS_SCRIPT_ID, resetMapsLoader } from './loader.ts';

const empresa = (googleKeyApi: string | null, googleVersaoApi: string | null = null) => ({
  configuracoes: { googleKeyApi, googleVersaoApi, callCenter: false, empresasCallCenter: [], expedicao: { setorImpressaoExpedicao: null } },
});

afterEach(() => {
  resetMapsLoader();
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

describe('maps script address', () => {
  it('uses the key, the default version quarterly and the four libraries', () => {
    const url = new URL(mapsScriptUrl({ googleKeyApi: 'CHAVE', googleVersaoApi: null }));
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(url.searchParams.get('key')).toBe('CHAVE');
    expect(url.searchParams.get('v')).toBe('quarterly');
    expect(url.searchParams.get('libraries')).toBe('places,geometry,marker,drawing');
  });

  it('uses the configured version when there is one', () => {
    const url = new URL(mapsScriptUrl({ googleKeyApi: 'K', googleVersaoApi: 'weekly' }));
    expect(url.searchParams.get('v')).toBe('weekly');
  });
});

describe('loadMaps', () => {
  it('inserts nothing without a configured key', async () => {
    await expect(loadMaps(empresa(null))).resolves.toBe('skipped');
    await expect(loadMaps(null)).resolves.toBe('skipped');
    expect(document.getElementById(MAPS_SCRIPT_ID)).toBeNull();
  });

  it('inserts the script once, however often it is asked', async () => {
    const first = loadMaps(empresa('K'));
    const second = loadMaps(empresa('K'));
    expect(document.querySelectorAll(`#${MAPS_SCRIPT_ID}`)).toHaveLength(1);
    document.getElementById(MAPS_SCRIPT_ID)!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe('loaded');
    await expect(second).resolves.toBe('loaded');
    await loadMaps(empresa('K'));
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });

  it('resolves with a warning when the script cannot be fetched (no network)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loading = loadMaps(empresa('K'));
    document.getElementById(MAPS_SCRIPT_ID)!.dispatchEvent(new Event('error'));
    await expect(loading).resolves.toBe('failed');
    expect(warn).toHaveBeenCalled();
  });
});
