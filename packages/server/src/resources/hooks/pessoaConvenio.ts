import { findRecurso } from '@retaguarda/domain';
import { findById } from '../repository.ts';
import { ValidacaoError } from '../validacao.ts';
import type { ResourceHooks } from './types.ts';

export const pessoaConvenio: ResourceHooks = {
  async beforeSave(dados, { tx, sessao, def }) {
    // The reference itself was checked by the pipeline (exists, same group, not in the trash).
    const conveniada = await findById(tx, findRecurso('pessoa')!, sessao, String(dados.pessoa));
    if (conveniada?.dados.tipo !== 'Jurídica') throw new ValidacaoError(def, { pessoa: 'escolha uma pessoa jurídica.' });
  },
};
