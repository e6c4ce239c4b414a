import { areas, screens } from '@retaguarda/domain';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { ptBR } from './pt-BR.ts';

export const LANGUAGE = 'pt-BR';

/** Screen and area labels live in the domain registry: one source for menu, titles and pages. */
function domainLabels() {
  return {
    tela: Object.fromEntries(screens.map((s) => [s.name, s.label])),
    area: { ...areas },
  };
}

export const resources = { [LANGUAGE]: { translation: { ...ptBR, ...domainLabels() } } };

export async function initI18n(instance: i18n = i18next): Promise<i18n> {
  // zod's own messages (limits without a message in the declaration) in Brazilian Portuguese too.
  z.config(z.locales.ptBR());
  if (!instance.isInitialized) {
    await instance.use(initReactI18next).init({
      lng: LANGUAGE,
      fallbackLng: LANGUAGE,
      resources,
      interpolation: { escapeValue: false }, // React already escapes
      returnNull: false,
    });
  }
  return instance;
}

export { i18next };
