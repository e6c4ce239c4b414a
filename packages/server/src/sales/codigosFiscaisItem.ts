import { usaCsosn } from '@retaguarda/domain';

export interface CodigosFiscais {
  cfop: string | null;
  cst: string | null;
}

type Dados = Record<string, unknown>;
export type LinhaIcms = { uf?: string; cfop?: string | null; cst?: string | null; csosn?: string | null };
const texto = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** What a product's row needs to know its NFC-e codes: its configuracaoImposto's ICMS rows and the company's UF and CRT. */
export interface FiscalDoProduto {
  icms: LinhaIcms[] | null;
  empresa: Dados | null;
}

/**
 * The CFOP and CST/CSOSN the NFC-e of this company would carry for a product: its
 * produtoGeralEmpresa's configuracaoImposto, the ICMS row of the company's own UF, CSOSN for a
 * Simples Nacional CRT (1, 4) and CST otherwise (either when the CRT is not set). Null without one.
 */
export function codigosFiscais(f: FiscalDoProduto): CodigosFiscais | null {
  const uf = texto((f.empresa?.endereco as Dados | undefined)?.uf);
  const crt = texto(f.empresa?.crt);
  const linha = (f.icms ?? []).find((l) => l.uf === uf);
  if (!linha) return null;
  const cst = crt === null ? (texto(linha.cst) ?? texto(linha.csosn)) : usaCsosn(crt) ? texto(linha.csosn) : texto(linha.cst);
  return { cfop: texto(linha.cfop), cst };
}
