import { HttpError } from '../../plugins/envelope.ts';
import type { ResourceHooks } from './types.ts';

export const agrupador: ResourceHooks = {
  beforeSave(dados, { anterior }) {
    if (anterior && dados.agrupadorPai === anterior._id) {
      throw new HttpError(400, 'Agrupador pai: um agrupador não pode ser pai de si mesmo.');
    }
  },
};
