import { campoNoCaminho, findRecurso, type RecursoDef } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { instanteIso } from '../db/instante.ts';
import { escopoDoAlvo, type JuncaoDoAlvo } from './fields.ts';
import { registro } from '../db/schema/index.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { hooksDe } from './hooks/index.ts';

/**
 * getPopulate with `colunas: true` (the list screens and the pickers' options): each row carries only
 * what the list shows and says (its columns, _id, version, lixo, and the fields that name it in
 * messages and pickers), and a referenced record only the fields that name it (the web's rotuloDeRegistro). The database writes
 * each row's JSON; Node only joins them. A 20,000-row list was 20 MiB of whole records, populated and
 * serialised in Node (issue 19).
 */

/** The fields a reference is read by on screen (web resources/format.ts rotuloDeRegistro). */
const ROTULO = ['codigo', 'descricao', 'nome', 'sigla', 'nomeFantasia'] as const;

const temCampo = (def: RecursoDef, campo: string) => Object.hasOwn(def.schema.shape, campo);
const dados = sql`${registro.dados}`;

/** The referenced record, aliased `alvo` in the subqueries below, that the session may see. */
const doAlvo = (alvo: RecursoDef, s: SessaoRequest): SQL =>
  escopoDoAlvo(alvo, { grupoEmpresarialId: sql`alvo.grupo_empresarial_id`, recurso: sql`alvo.recurso`, empresaId: sql`alvo.empresa_id` }, s.empresa);

function rotuloDoAlvo(alvo: RecursoDef, id: SQL = sql`alvo.id`, dadosAlvo: SQL = sql`alvo.dados`): SQL {
  const pares = [sql`'_id', ${id}`, ...ROTULO.filter((c) => temCampo(alvo, c)).map((c) => sql`${c}::text, ${dadosAlvo}->${c}::text`)];
  return sql`json_build_object(${sql.join(pares, sql`, `)})`;
}


/** The JSON value of one column: as stored, or a reference (or list of them) replaced by what names it. */
function valorDaColuna(def: RecursoDef, campo: string, s: SessaoRequest, juncoes: JuncaoDoAlvo[]): SQL | null {
  if (campo === '_id') return sql`${registro.id}`;
  if (campo === 'lixo') return sql`${registro.lixo}`;
  if (campo === 'created_at') return instanteIso(sql`${registro.createdAt}`);
  if (campo === 'updated_at') return instanteIso(sql`${registro.updatedAt}`);
  const alvoNome = (def.relacoes as Record<string, string> | undefined)?.[campo];
  const alvo = alvoNome ? findRecurso(alvoNome) : undefined;
  const tipo = campoNoCaminho(def, campo)?.tipo;
  const valor = sql`${dados}->${campo}::text`;
  if (!alvo || (tipo !== 'referencia' && tipo !== 'referencias')) return valor;
  // A target that filters what each user sees (hooks' visivel) is populated in Node, as before.
  if (hooksDe(alvo.nome).visivel) return null;
  // The target the list is sorted by is already joined (the sort's join, within the same escopoDoAlvo): read it there.
  const juncao = juncoes.find((j) => j.campo === campo);
  if (tipo === 'referencia' && juncao) return sql`case when ${juncao.tabela.id} is null then null else ${rotuloDoAlvo(alvo, sql`${juncao.tabela.id}`, sql`${juncao.tabela.dados}`)} end`;
  if (tipo === 'referencia') {
    return sql`(select ${rotuloDoAlvo(alvo)} from registro alvo where ${doAlvo(alvo, s)} and alvo.id = (${dados}->>${campo}::text))`;
  }
  // Ids in their order; those not found are left out (as populate does).
  return sql`case when jsonb_typeof(${valor}) = 'array' then (select coalesce(json_agg(${rotuloDoAlvo(alvo)} order by e.n), '[]'::json)
    from jsonb_array_elements_text(${valor}) with ordinality e(id, n) join registro alvo on ${doAlvo(alvo, s)} and alvo.id = e.id) else to_json(${valor}) end`;
}

/** Each row's JSON text, or null when a column needs Node's populate (a reference inside a list's items, a filtered target). */
export function itemEnxuto(def: RecursoDef, s: SessaoRequest, juncoes: JuncaoDoAlvo[] = []): SQL | null {
  const colunas = def.colunas as readonly string[];
  const relacoes = Object.keys(def.relacoes ?? {});
  if (colunas.some((c) => c.includes('.') || relacoes.some((r) => r.startsWith(`${c}.`)))) return null;
  const campos = [...new Set(['_id', 'version', 'lixo', ...ROTULO.filter((c) => temCampo(def, c)), ...colunas])];
  const pares: SQL[] = [];
  for (const campo of campos) {
    const valor = campo === 'version' ? sql`${registro.version}` : valorDaColuna(def, campo, s, juncoes);
    if (!valor) return null;
    pares.push(sql`${campo}::text, ${valor}`);
  }
  return sql`json_build_object(${sql.join(pares, sql`, `)})::text`;
}

/** The page's rows as one JSON array text. */
export async function listaEnxuta(tx: Transaction, item: SQL, where: SQL, ordem: SQL[], juncoes: JuncaoDoAlvo[], limit: number, offset: number): Promise<string> {
  let consulta = tx.select({ j: sql<string>`${item}` }).from(registro).$dynamic();
  for (const j of juncoes) consulta = consulta.leftJoin(j.tabela, j.on);
  const linhas = await consulta.where(where).orderBy(...ordem).limit(limit).offset(offset);
  return `[${linhas.map((l) => l.j).join(',')}]`;
}
