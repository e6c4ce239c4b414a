import { HttpError } from '../../plugins/envelope.ts';
import { projetarGrupo } from '../../registration/projecao.ts';
import type { ResourceHooks } from './types.ts';

export const mensagensGrupo = {
  criar: 'Não é possível criar outro grupo empresarial: cada conta tem o seu, e esta tela edita o grupo em que você está.',
  lixeira: 'O grupo empresarial não pode ir para a lixeira: ele é o cadastro da sua própria conta.',
};

/** The group's record is a singleton (registroUnico): edited, never created nor trashed through the API. */
export const grupoEmpresarial: ResourceHooks = {
  beforeValidate(body, { anterior }) {
    if (!anterior) throw new HttpError(403, mensagensGrupo.criar);
    return body;
  },
  async afterSave(registro, { tx }) {
    await projetarGrupo(tx, registro);
  },
  beforeTrash() {
    throw new HttpError(403, mensagensGrupo.lixeira);
  },
};
