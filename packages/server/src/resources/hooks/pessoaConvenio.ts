import { findRecurso } from '@retaguarda/domain';
import { HttpError } from '../../plugins/envelope.ts';
import { findById } from '../repository.ts';
import type { ResourceHooks } from './types.ts';

export const pessoaConvenio: ResourceHooks = {
  async beforeSave(dados, { tx, sessao }) {
    // The reference itself was checked by the pipeline (exists, same group, not in the trash).
    const conveniada = await findById(tx, findRecurso('pessoa')!, sessao, String(dados.pessoa));
    if (conveniada?.dados.tipo !== 'Jurídica') {
      const mensagem = 'escolha uma pessoa jurídica.';
      throw new HttpError(400, `Empresa conveniada: ${mensagem}`, {}, { pessoa: mensagem });
    }
  },
};
