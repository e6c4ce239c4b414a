import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { textosPublicos } from './publico.ts';

export const LANGUAGE = 'pt-BR';

/**
 * Starts i18next with the texts of the public pages; `soPublicos: false` (tests, and anything that
 * needs the whole app) adds the rest at once. The app itself adds them with the signed-in layout.
 */
export async function initI18n(instance: i18n = i18next, { soPublicos = false }: { soPublicos?: boolean } = {}): Promise<i18n> {
  if (!instance.isInitialized) {
    await instance.use(initReactI18next).init({
      lng: LANGUAGE,
      fallbackLng: LANGUAGE,
      resources: { [LANGUAGE]: { translation: textosPublicos } },
      interpolation: { escapeValue: false }, // React already escapes
      returnNull: false,
    });
  }
  if (!soPublicos) await carregarTextosDoApp(instance);
  return instance;
}

const carregados = new WeakMap<i18n, Promise<void>>();

/** The texts of every area, screen and menu (most of them): a chunk of their own, added once. */
export function carregarTextosDoApp(instance: i18n = i18next): Promise<void> {
  let carregando = carregados.get(instance);
  if (!carregando) {
    carregando = import('./aplicativo.ts').then((m) => void instance.addResourceBundle(LANGUAGE, 'translation', m.textosDoApp, true, true));
    carregados.set(instance, carregando);
  }
  return carregando;
}

export { i18next };
