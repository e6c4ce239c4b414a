import { findRecurso, margemPercentual } from '@retaguarda/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { registro } from '../../db/schema/index.ts';
import { escopo, findById } from '../repository.ts';
import { ValidacaoError } from '../validacao.ts';
import type { ResourceHooks } from './types.ts';

export const produtoGeralEmpresa: ResourceHooks = {
  async beforeSave(dados, { tx, sessao, def, anterior }) {
    // The margin follows price and cost on every save; what a client sends for it is ignored.
    dados.margem = margemPercentual(Number(dados.preco), Number(dados.custo));

    // Once per company, said with the product's name (the unique index still guards a race, as 409).
    // Asked only when the product changes: a bulk edit of prices need not search the company's list once per row.
    if (anterior && anterior.produtoGeral === dados.produtoGeral) return;
    // Written as the unique index is (coalesce, lower), so this is an index lookup, not a scan of the company's list.
    const conds = [
      escopo(def, sessao),
      eq(registro.lixo, false),
      sql`coalesce(${registro.empresaId}, '') = ${sessao.empresa}`,
      sql`lower(${registro.dados}->>'produtoGeral') = lower(${String(dados.produtoGeral)}::text)`,
    ];
    if (anterior) conds.push(ne(registro.id, anterior._id));
    const [repetido] = await tx.select({ id: registro.id }).from(registro).where(and(...conds)).limit(1);
    if (repetido) {
      const produto = await findById(tx, findRecurso('produtoGeral')!, sessao, String(dados.produtoGeral));
      const nome = produto ? `${String(produto.dados.codigo)} - ${String(produto.dados.descricao)}` : String(dados.produtoGeral);
      throw new ValidacaoError(def, { produtoGeral: `O produto ${nome} já está nesta empresa.` });
    }
  },
};
