import { sql } from 'drizzle-orm';

/**
 * The company's sales location, as a scalar subquery: the active location marked "Baixa as vendas",
 * else the first active one by description (null: none). Where a sale takes stock from, and so where
 * availability reads the shelf.
 */
export const localDeVendas = (grupoEmpresarial: string, empresa: string) => sql`(select id from registro
              where grupo_empresarial_id = ${grupoEmpresarial} and recurso = 'estoqueCadastro' and empresa_id = ${empresa} and not lixo
                and coalesce((dados->>'ativo')::boolean, true)
              order by coalesce((dados->>'baixaVendas')::boolean, false) desc, lower(dados->>'descricao'), id limit 1)`;
