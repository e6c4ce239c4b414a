import { usaCsosn, type Venda } from '@retaguarda/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client.ts';
import { registro } from '../db/schema/index.ts';
import type { TerminalAutenticado } from './credencial.ts';

export interface CodigosFiscais {
  cfop: string | null;
  cst: string | null;
}

type Dados = Record<string, unknown>;
type LinhaIcms = { uf?: string; cfop?: string | null; cst?: string | null; csosn?: string | null };
const texto = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * The CFOP and CST/CSOSN the NFC-e of this company would carry for each product: its
 * produtoGeralEmpresa's configuracaoImposto, the ICMS row of the company's own UF, CSOSN for a
 * Simples Nacional CRT (1, 4) and CST otherwise. Products without a configuration answer nulls.
 * One query for the whole batch, only when some item came without its codes.
 */
export async function codigosFiscaisDosProdutos(tx: Transaction, t: TerminalAutenticado, vendas: readonly Venda[]): Promise<Map<string, CodigosFiscais>> {
  const produtos = [...new Set(vendas.flatMap((v) => v.itens.filter((i) => i.cfop === null || i.cst === null).map((i) => i.produto)))];
  const codigos = new Map<string, CodigosFiscais>();
  if (!produtos.length) return codigos;
  const config = alias(registro, 'configuracao');
  const empresa = alias(registro, 'empresa');
  const doProduto = await tx
    .select({ produto: sql<string>`${registro.dados}->>'produtoGeral'`, icms: sql<LinhaIcms[] | null>`${config.dados}->'icms'`, empresa: empresa.dados })
    .from(registro)
    .leftJoin(config, and(eq(config.grupoEmpresarialId, registro.grupoEmpresarialId), eq(config.recurso, 'configuracaoImposto'), eq(config.id, sql`${registro.dados}->>'configuracaoImposto'`)))
    .leftJoin(empresa, and(eq(empresa.grupoEmpresarialId, registro.grupoEmpresarialId), eq(empresa.recurso, 'empresa'), eq(empresa.id, t.empresa)))
    .where(
      and(
        eq(registro.grupoEmpresarialId, t.grupoEmpresarial),
        eq(registro.empresaId, t.empresa),
        eq(registro.recurso, 'produtoGeralEmpresa'),
        eq(registro.lixo, false),
        inArray(sql`${registro.dados}->>'produtoGeral'`, produtos),
      ),
    );
  for (const p of doProduto) {
    const dadosEmpresa = p.empresa as Dados | null;
    const uf = texto((dadosEmpresa?.endereco as Dados | undefined)?.uf);
    const crt = texto(dadosEmpresa?.crt);
    const linha = (p.icms ?? []).find((l) => l.uf === uf);
    if (!linha) continue;
    const cst = crt === null ? (texto(linha.cst) ?? texto(linha.csosn)) : usaCsosn(crt) ? texto(linha.csosn) : texto(linha.cst);
    codigos.set(p.produto, { cfop: texto(linha.cfop), cst });
  }
  return codigos;
}
