import { areas, screens } from '@retaguarda/domain';
import { ptBR } from './pt-BR.ts';
import './zodPtBR.ts';

/** Screen and area labels live in the domain registry: one source for menu, titles and pages. */
function domainLabels() {
  return {
    tela: Object.fromEntries(screens.map((s) => [s.name, s.label])),
    area: { ...areas },
  };
}

/** Every text of the app, public pages included: what the signed-in layout adds to i18next. */
export const textosDoApp = { ...ptBR, ...domainLabels() };
