import { tiposAchado, verificarProduto, type Achado, type TipoAchado, compararPt } from '@retaguarda/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { registro } from '../db/schema/index.ts';
import type { SessaoRequest } from '../session/requireSession.ts';

export interface ProdutoComAchados {
  _id: string;
  codigo: string;
  descricao: string;
  /** The company's product that fixes price and taxes, when there is one. */
  produtoGeralEmpresa: string | null;
  achados: Achado[];
}

type Dados = Record<string, unknown>;
const texto = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * correcaoProdutos' checker: every active product of the group, as the session's company sells it
 * (price, cost, tax configurations populated), through the domain's verificarProduto. Answers the
 * products with findings and how many of each kind.
 */
export async function verificarProdutos(tx: Transaction, s: SessaoRequest): Promise<{ resumo: Record<TipoAchado, number>; produtos: ProdutoComAchados[]; verificados: number }> {
  const doGrupo = (recurso: string) =>
    tx
      .select({ id: registro.id, dados: registro.dados })
      .from(registro)
      .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, recurso), eq(registro.lixo, false)));
  const daEmpresa = (recursos: string[]) =>
    tx
      .select({ id: registro.id, recurso: registro.recurso, dados: registro.dados })
      .from(registro)
      .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), inArray(registro.recurso, recursos), eq(registro.empresaId, s.empresa), eq(registro.lixo, false)));
  const produtos = (await doGrupo('produtoGeral')).filter((p) => p.dados.ativo !== false);
  const daLoja = await daEmpresa(['produtoGeralEmpresa', 'configuracaoImposto', 'configuracaoImpostoFederal']);
  const [empresa] = await tx
    .select({ dados: registro.dados })
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, 'empresa'), eq(registro.id, s.empresa)));
  const contexto = { uf: texto((empresa?.dados.endereco as Dados | undefined)?.uf) || null, crt: texto(empresa?.dados.crt) || null };
  const configs = new Map(daLoja.filter((r) => r.recurso !== 'produtoGeralEmpresa').map((r) => [r.id, r.dados]));
  const porProduto = new Map(daLoja.filter((r) => r.recurso === 'produtoGeralEmpresa' && r.dados.ativo !== false).map((r) => [texto(r.dados.produtoGeral), r]));
  const resumo = Object.fromEntries(Object.keys(tiposAchado).map((t) => [t, 0])) as Record<TipoAchado, number>;
  const comAchados: ProdutoComAchados[] = [];
  for (const p of produtos) {
    const pe = porProduto.get(p.id);
    const empresaProduto = pe
      ? {
          preco: Number(pe.dados.preco ?? 0),
          custo: Number(pe.dados.custo ?? 0),
          configuracaoImposto: (configs.get(texto(pe.dados.configuracaoImposto)) as never) ?? null,
          impostoFederal: (configs.get(texto(pe.dados.impostoFederal)) as never) ?? null,
        }
      : null;
    const achados = verificarProduto({ ncm: texto(p.dados.ncm) || null, gtin: texto(p.dados.gtin) || null, tipoProduto: texto(p.dados.tipoProduto) }, empresaProduto, contexto);
    for (const a of achados) resumo[a.tipo]++;
    if (achados.length) comAchados.push({ _id: p.id, codigo: texto(p.dados.codigo), descricao: texto(p.dados.descricao), produtoGeralEmpresa: pe?.id ?? null, achados });
  }
  comAchados.sort((a, b) => compararPt(a.descricao, b.descricao));
  return { resumo, produtos: comAchados, verificados: produtos.length };
}
