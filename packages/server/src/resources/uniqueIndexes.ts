import type { RecursoDef } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { HttpError } from '../plugins/envelope.ts';
import { catalogo, tipoDoCampo } from './fields.ts';
import { rotuloDoCampo } from './record.ts';

interface Unico {
  nome: string;
  def: RecursoDef;
  campos: readonly string[];
}

const IDENTIFICADOR = /^[A-Za-z][A-Za-z0-9_]*$/;

/** registro_u_{recurso}_{campo}[_{campo}…] for each `unicos` entry of the catalogue. */
export function unicosDoCatalogo(): Unico[] {
  return catalogo().flatMap((def) =>
    (def.unicos ?? []).map((campos) => {
      for (const nome of [def.nome, ...campos]) if (!IDENTIFICADOR.test(nome)) throw new Error(`Nome inválido no catálogo: ${nome}`);
      return { nome: `registro_u_${def.nome}_${campos.join('_')}`, def, campos };
    }),
  );
}

/**
 * Creates the partial unique expression indexes of the catalogue, idempotently, as the owner, after
 * the migrations (decision 0005). Names come from the catalogue (checked above), never from a request.
 * Text compares without case, so 'un' and 'UN' collide.
 */
export async function ensureUniqueIndexes(db: Database): Promise<void> {
  const unicos = unicosDoCatalogo();
  for (const { nome, def, campos } of unicos) {
    const expressoes = campos.map((c) => (tipoDoCampo(def, c) === 'texto' ? `(lower(dados->>'${c}'))` : `(dados->>'${c}')`));
    try {
      await db.execute(
        sql.raw(
          `create unique index if not exists "${nome}" on registro (grupo_empresarial_id, coalesce(empresa_id, ''), ${expressoes.join(', ')}) ` +
            `where recurso = '${def.nome}' and not lixo`,
        ),
      );
    } catch (error) {
      if (causa(error)?.code !== '23505') throw error;
      const rotulos = campos.map((c) => rotuloDoCampo(def, c)).join(', ');
      throw new Error(`Há registros de ${def.rotuloPlural} repetidos em ${rotulos}; corrija-os (ou mova-os para a lixeira) antes de iniciar.`);
    }
  }
  // An entry removed from the catalogue stops being enforced.
  const atuais = new Set(unicos.map((u) => u.nome));
  const existentes = await db.execute<{ indexname: string }>(
    sql`select indexname from pg_indexes where schemaname = current_schema() and tablename = 'registro' and indexname like 'registro\_u\_%'`,
  );
  for (const { indexname } of existentes.rows) {
    if (!atuais.has(indexname)) await db.execute(sql`drop index if exists ${sql.identifier(indexname)}`);
  }
}

const causa = (error: unknown): { code?: string; constraint?: string } | undefined => {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code) return e;
  }
  return undefined;
};

/** A unique violation of the catalogue's indexes as 409 "Já existe Unidade de medida com Sigla 'UN'."; else null. */
export function duplicado(error: unknown, dados: Record<string, unknown>): HttpError | null {
  const c = causa(error);
  if (c?.code !== '23505') return null;
  const unico = unicosDoCatalogo().find((u) => u.nome === c.constraint);
  if (!unico) return null;
  const partes = unico.campos.map((campo) => `${rotuloDoCampo(unico.def, campo)} '${String(dados[campo] ?? '')}'`);
  const message = `Já existe ${unico.def.rotulo} com ${partes.join(' e ')}.`;
  // Every field of the unique set carries the message, so a form shows it where the user typed.
  return new HttpError(409, message, {}, Object.fromEntries(unico.campos.map((campo) => [campo, message])));
}
