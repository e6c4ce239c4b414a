import { campoNoCaminho, type RecursoDef } from '@retaguarda/domain';
import { z } from 'zod';
import type { registro } from '../db/schema/index.ts';

export type RegistroRow = typeof registro.$inferSelect;

/** OpenAPI shape of a record: the engine's fields, then the declared ones (loose: populate replaces ids by records). */
export const registroSchema = z.looseObject({
  _id: z.string(),
  empresa: z.string().nullable(),
  grupoEmpresarial: z.string(),
  lixo: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Registro = z.infer<typeof registroSchema>;

/** A row as the API shows it: {_id, ...dados, empresa, grupoEmpresarial, lixo, version, created_at, updated_at}. */
export function toRegistro(row: RegistroRow): Registro {
  return {
    _id: row.id,
    ...row.dados,
    empresa: row.empresaId,
    grupoEmpresarial: row.grupoEmpresarialId,
    lixo: row.lixo,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Keeps (or drops) the selected fields; _id always stays. */
export function aplicarSelect(r: Registro, select: { incluir: boolean; campos: Set<string> } | null): Record<string, unknown> {
  if (!select) return r;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) if (k === '_id' || select.campos.has(k) === select.incluir) out[k] = v;
  return out;
}

/** "Unidade de medida não encontrada." / "Agrupador não encontrado: <id>." */
export const naoEncontrado = (def: RecursoDef, id?: string) => `${def.rotulo} não encontrad${def.feminino ? 'a' : 'o'}${id ? `: ${id}` : ''}.`;

const rotulosDoMotor: Record<string, string> = { _id: 'Código', version: 'Versão', lixo: 'Lixeira', created_at: 'Criado em', updated_at: 'Alterado em' };

/** The label of a field or of a dotted path into an object field ('configuracoes.caixa' → 'Caixa'). */
export const rotuloDoCampo = (def: RecursoDef, campo: string) => {
  // An item of a lista ('enderecos.1.cidade') is named by the lista, which says where to look; the
  // form shows the message at the item's own field (campos).
  const caminho = /\.\d+(\.|$)/.test(campo) ? campo.split('.')[0]! : campo;
  return campoNoCaminho(def, caminho)?.rotulo ?? rotulosDoMotor[caminho] ?? campoNoCaminho(def, caminho.split('.')[0]!)?.rotulo ?? caminho;
};

