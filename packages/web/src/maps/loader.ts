import { MAPS_DEFAULT_VERSION, MAPS_LIBRARIES } from '@retaguarda/domain';
import type { EmpresaSessao } from '@retaguarda/domain';

export const MAPS_SCRIPT_ID = 'retaguarda-google-maps';
const MAPS_BASE = 'https://maps.googleapis.com/maps/api/js';

type MapsSettings = Pick<EmpresaSessao['configuracoes'], 'googleKeyApi' | 'googleVersaoApi'>;

/** The script address of SPEC.md §7: configured key and version (default 'quarterly'), fixed libraries. */
export function mapsScriptUrl({ googleKeyApi, googleVersaoApi }: MapsSettings): string {
  const params = new URLSearchParams({
    key: googleKeyApi ?? '',
    v: googleVersaoApi || MAPS_DEFAULT_VERSION,
    libraries: MAPS_LIBRARIES.join(','),
    loading: 'async',
  });
  return `${MAPS_BASE}?${params.toString()}`;
}

export type MapsLoadResult = 'loaded' | 'skipped' | 'failed';

let pending: Promise<MapsLoadResult> | null = null;

/**
 * Loads the maps script once per page. Without a configured key nothing is inserted (a keyless
 * request only produces an error page from the maps service). Never rejects: a missing network
 * must not keep anyone from working, so failures become a warning.
 */
export function loadMaps(empresa: Pick<EmpresaSessao, 'configuracoes'> | null, doc: Document = document): Promise<MapsLoadResult> {
  const settings = empresa?.configuracoes;
  if (!settings?.googleKeyApi) return Promise.resolve('skipped');
  if (pending) return pending;
  pending = new Promise<MapsLoadResult>((resolve) => {
    try {
      const script = doc.createElement('script');
      script.id = MAPS_SCRIPT_ID;
      script.async = true;
      script.defer = true;
      script.src = mapsScriptUrl(settings);
      script.onload = () => resolve('loaded');
      script.onerror = () => {
        console.warn('Não foi possível carregar o script de mapas; as telas seguem sem mapa.');
        resolve('failed');
      };
      doc.head.appendChild(script);
    } catch (error) {
      console.warn('Falha ao inserir o script de mapas.', error);
      resolve('failed');
    }
  });
  return pending;
}

/** Tests only: forget the loaded script. */
export function resetMapsLoader(): void {
  pending = null;
}
