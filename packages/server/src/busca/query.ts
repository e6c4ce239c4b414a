import type { RecursoDef } from '@retaguarda/domain';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { registro } from '../db/schema/index.ts';
import { alvoDaReferencia, catalogo } from '../resources/fields.ts';
import { condicaoBusca } from '../resources/filter.ts';
import { escopo } from '../resources/repository.ts';
import type { SessaoRequest } from '../session/requireSession.ts';

export interface Achado {
  recurso: string;
  tela: string;
  _id: string;
  titulo: string;
  detalhe: string | null;
}

/** Columns shown as the second line: text as typed (numbers and money would need the web's formatting). */
const TEXTUAIS = new Set(['texto', 'opcao', 'cpfCnpj', 'telefone', 'cep']);
const texto = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? '' : String(v));

/**
 * The quick search (Ctrl+K): records of every screen-backed resource whose search fields contain the
 * text, not in the trash, newest first, in one query. `podeVer` leaves out what the user may not open.
 */
export async function buscarRegistros(
  tx: Transaction,
  s: SessaoRequest,
  busca: string,
  limite: number,
  podeVer: (def: RecursoDef) => boolean = () => true,
): Promise<Achado[]> {
  // A resource searched only through a reference (a company's product, by the group product's
  // description) is found as the referenced record itself, which has a title of its own.
  const defs = catalogo().filter((def) => !def.semTela && def.busca.some((campo) => !alvoDaReferencia(def, campo)) && podeVer(def));
  const porRecurso = defs.map((def) => and(escopo(def, s), ...condicaoBusca(def, busca))!);
  if (porRecurso.length === 0) return [];
  const rows = await tx
    .select()
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.lixo, false), or(...porRecurso)))
    .orderBy(desc(registro.updatedAt), sql`${registro.id}`)
    .limit(limite);
  const porNome = new Map(defs.map((def) => [def.nome, def]));
  return rows.flatMap((row) => {
    const def = porNome.get(row.recurso);
    if (!def) return [];
    // The title is what names the record (a product's description, not its code "4"): the field it
    // sorts by when that is text, else its first column; the code or another text goes underneath.
    const nomeia = TEXTUAIS.has(def.campos[def.ordenacao.campo]?.tipo ?? '') && texto(row.dados[def.ordenacao.campo]) ? def.ordenacao.campo : def.colunas[0];
    const resto = def.colunas.filter((c) => c !== nomeia);
    const detalhe = resto.find((c) => TEXTUAIS.has(def.campos[c]?.tipo ?? '') && texto(row.dados[c]));
    return [
      {
        recurso: def.nome,
        tela: def.tela ?? def.nome,
        _id: row.id,
        titulo: texto(nomeia && row.dados[nomeia]) || row.id,
        detalhe: detalhe ? texto(row.dados[detalhe]) : null,
      },
    ];
  });
}
