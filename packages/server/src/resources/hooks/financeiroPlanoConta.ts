import { cicloNoPlano, type NoPlano } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { ValidacaoError } from '../validacao.ts';
import type { ResourceHooks } from './types.ts';

/** The chart of accounts stays a tree: a node is never put under itself or one of its descendants. */
export const financeiroPlanoConta: ResourceHooks = {
  async beforeSave(dados, { tx, sessao, def, anterior }) {
    if (!anterior || !dados.pai) return;
    const nos = await tx.execute<NoPlano & Record<string, unknown>>(sql`
      select id as "_id", dados->>'codigo' as codigo, dados->>'nome' as nome, dados->>'pai' as pai from registro
      where grupo_empresarial_id = ${sessao.grupoEmpresarial} and recurso = 'financeiroPlanoConta'`);
    const mapa = new Map(nos.rows.map((n) => [n._id, n]));
    const este: NoPlano = { _id: anterior._id as string, codigo: dados.codigo as string, nome: dados.nome as string, pai: dados.pai as string };
    const ciclo = cicloNoPlano(mapa, este, este.pai);
    if (ciclo) throw new ValidacaoError(def, { pai: `Uma conta não pode ficar abaixo dela mesma nem de uma conta abaixo dela: ${ciclo}.` });
  },
};
