/** Business constants and limits of SPEC.md §9. */
export const APP_TITLE = 'Retaguarda';
export const APP_VERSION = '1.0.125';

export const breakpoints = { sm: 600, md: 1024, lg: 1440, xl: 1920 } as const;

/** Offline store (localforage). The sqlite driver exists only inside the native shell. */
export const offlineStore = {
  name: APP_TITLE,
  size: 4980736,
  driverOrder: ['sqlite', 'indexeddb', 'websql', 'localstorage'] as const,
};

export const TAX_INFO_LIMIT = 20000;
export const notificationDefaults = { timeout: 5000, position: 'bottom' } as const;
export const progressIndicator = { minimum: 0.08, stepIntervalMs: 800 } as const;
export const UPDATE_BANNER_TIMEOUT = 0;
export const TEXTAREA_ROWS = 6;
export const DIALOG_DEFAULT_FOCUS = 'ok';
export const choiceSizes = { xs: 30, sm: 35, md: 40, lg: 50, xl: 60 } as const;
export const SPINNER_SIZE = 80;
export const MAPS_DEFAULT_VERSION = 'quarterly';
export const MAPS_LIBRARIES = ['places', 'geometry', 'marker', 'drawing'] as const;

/** Input masks of SPEC.md §5; '#' is a digit, the fill character is '_'. */
export const masks = {
  data: '####/##/##',
  telefone: '(###) ### - ####',
  cartao: '#### #### #### ####',
  fill: '_',
} as const;
