import { cicloDasFichas, type FichaParaCalculo } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { fichasDoGrupo } from '../../stock/fichas.ts';
import { ValidacaoError } from '../validacao.ts';
import type { ResourceHooks } from './types.ts';

/** A recipe may use sub-recipes to any depth, never one that leads back to itself. */
export const estoqueFichaTecnica: ResourceHooks = {
  async beforeSave(dados, { tx, sessao, def, anterior }) {
    const fichas = await fichasDoGrupo(tx, sessao.grupoEmpresarial, anterior?._id as string | undefined);
    const nova = dados as unknown as FichaParaCalculo;
    fichas.set(nova.produto, { produto: nova.produto, rendimento: nova.rendimento, itens: nova.itens });
    const ids = [...new Set([nova.produto, ...[...fichas.values()].flatMap((f) => f.itens.map((i) => i.produto))])];
    const nomes = new Map(
      (
        await tx.execute<{ id: string; descricao: string }>(sql`
          select id, dados->>'descricao' as descricao from registro
          where grupo_empresarial_id = ${sessao.grupoEmpresarial} and recurso = 'produtoGeral' and id = any(${sql.param(ids)}::text[])`)
      ).rows.map((p) => [p.id, p.descricao]),
    );
    const ciclo = cicloDasFichas(fichas, nova.produto, (id) => nomes.get(id) ?? id);
    if (ciclo) throw new ValidacaoError(def, { itens: `As fichas técnicas formariam um ciclo: ${ciclo}.` });
  },
};
