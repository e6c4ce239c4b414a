import { findRecurso } from '@retaguarda/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { empresa } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { ValidacaoError } from '../validacao.ts';
import { list } from '../repository.ts';
import type { ResourceHooks } from './types.ts';

/** The rule resources that belong to a programme. */
const regras = ['programaFidelidadePontos', 'programaFidelidadeCashBack'] as const;

export const programaFidelidade: ResourceHooks = {
  /**
   * Every company must be one of the group's, not in the trash. Checked on the typed empresa table
   * (the session's projection, decision 0006), which holds the same ids as the empresa resource.
   */
  async beforeSave(dados, { tx, sessao, def }) {
    const ids = [...new Set((dados.empresas as string[]) ?? [])];
    if (!ids.length) return;
    const achadas = await tx
      .select({ id: empresa.id })
      .from(empresa)
      .where(and(eq(empresa.grupoEmpresarialId, sessao.grupoEmpresarial), inArray(empresa.id, ids), eq(empresa.lixo, false)));
    if (achadas.length !== ids.length) throw new ValidacaoError(def, { empresas: 'Empresa não encontrada.' });
    dados.empresas = ids;
  },

  /** A programme with rules still in use cannot go to the trash: the rules would point at nothing. */
  async beforeTrash(registro, { tx, sessao }) {
    for (const nome of regras) {
      const regraDef = findRecurso(nome)!;
      const { total } = await list(tx, regraDef, sessao, { filtro: { programa: registro._id }, limit: 1 });
      if (total > 0) {
        throw new HttpError(409, `Este programa tem ${regraDef.rotuloPlural.toLowerCase()} fora da lixeira; mova-as para a lixeira antes.`);
      }
    }
  },
};
