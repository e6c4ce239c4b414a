import { findRecurso } from '@retaguarda/domain';
import { findById } from '../repository.ts';
import { ValidacaoError } from '../validacao.ts';
import type { ResourceHooks } from './types.ts';

export const programaFidelidadeCashBack: ResourceHooks = {
  /** Cashback only in channels where the programme runs (the reference itself is checked by the engine). */
  async beforeSave(dados, { tx, sessao, def }) {
    const programa = await findById(tx, findRecurso('programaFidelidade')!, sessao, String(dados.programa));
    const canais = new Set((programa?.dados.canais as string[] | undefined) ?? []);
    const itens = (dados.percentuais as { canal: string }[]) ?? [];
    const i = itens.findIndex((item) => !canais.has(item.canal));
    if (programa && i >= 0) {
      throw new ValidacaoError(def, { [`percentuais.${i}.canal`]: `O canal ${itens[i]!.canal} não faz parte dos canais do programa.` });
    }
  },
};
