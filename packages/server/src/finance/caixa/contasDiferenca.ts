import { contaPadrao, type ContasDiferencaCaixa } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import type { AutorFinanceiro } from '../razao.ts';

// Today's defaults: the default chart has no "quebra de caixa" account of its own.
const SOBRA_PADRAO = contaPadrao('1.04')._id; // Outras receitas
const FALTA_PADRAO = contaPadrao('6')._id; // Despesas administrativas

/**
 * The chart accounts the cash closing posts a drawer's overage (sobra) and shortage (falta) to: the
 * company's choice (Empresa → Configurações → Financeiro, checked to be the group's accounts when saved),
 * or the default one when none is chosen or the chosen one went to the trash since.
 */
export async function contasDiferencaCaixa(tx: Transaction, a: AutorFinanceiro): Promise<ContasDiferencaCaixa> {
  const [l] = (
    await tx.execute<{ sobra: string | null; falta: string | null }>(sql`
      select e.dados->'configuracoes'->'financeiro'->>'planoContaSobraCaixa' as sobra, e.dados->'configuracoes'->'financeiro'->>'planoContaFaltaCaixa' as falta
      from registro e where e.grupo_empresarial_id = ${a.grupoEmpresarial} and e.recurso = 'empresa' and e.id = ${a.empresa}`)
  ).rows;
  const escolhidas = [l?.sobra, l?.falta].filter((x): x is string => !!x);
  const contas = (
    await tx.execute<{ id: string; nome: string }>(sql`
      select id, concat_ws(' ', dados->>'codigo', dados->>'nome') as nome from registro
      where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'financeiroPlanoConta' and not lixo
        and id = any(${sql.param([...escolhidas, SOBRA_PADRAO, FALTA_PADRAO])}::text[])`)
  ).rows;
  const nomes = new Map(contas.map((c) => [c.id, c.nome]));
  const uma = (escolhida: string | null | undefined, padrao: string) => {
    const id = escolhida && nomes.has(escolhida) ? escolhida : padrao;
    return { _id: id, nome: nomes.get(id) ?? id, padrao: id === padrao };
  };
  return { sobra: uma(l?.sobra, SOBRA_PADRAO), falta: uma(l?.falta, FALTA_PADRAO) };
}
