import { createHash } from 'node:crypto';
import { eq, and } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { arquivo } from '../db/schema/index.ts';
import { withTenant, type Tenant } from '../db/tenant.ts';
import { newId } from '../ids.ts';

/** The file being kept, as the caller's transaction sees it. */
export interface ArquivoGuardado {
  id: string;
  /** The caller found it has no use for the file after all (a note someone imported meanwhile): neither row nor bytes stay. */
  descartar(): void;
}

/**
 * Keeps an uploaded file: the bytes first, outside any transaction (no outside I/O inside one), then in one
 * transaction the `arquivo` row (name, type, size, sha256) and whatever the caller records with it. If that
 * transaction fails, or the caller discards the file, the bytes go too: no row without its bytes, no bytes
 * nobody points to (the storage sweep, storage/limpeza.ts, catches what a crash leaves between the two).
 */
export async function guardarArquivo<T>(
  ctx: Pick<AppContext, 'db' | 'armazenamento'>,
  s: Tenant,
  novo: { nome: string; tipo: string; bytes: Buffer },
  registrar: (tx: Transaction, arquivo: ArquivoGuardado) => Promise<T>,
): Promise<T> {
  const id = newId();
  const chave = `${s.grupoEmpresarial}/${id}`;
  await ctx.armazenamento.gravar(chave, novo.bytes);
  let descartado = false;
  try {
    const resultado = await withTenant(ctx.db, s, async (tx) => {
      await tx.insert(arquivo).values({
        grupoEmpresarialId: s.grupoEmpresarial,
        id,
        nome: novo.nome,
        tipo: novo.tipo,
        tamanho: novo.bytes.length,
        chave,
        sha256: createHash('sha256').update(novo.bytes).digest('hex'),
      });
      const r = await registrar(tx, { id, descartar: () => void (descartado = true) });
      if (descartado) await tx.delete(arquivo).where(and(eq(arquivo.grupoEmpresarialId, s.grupoEmpresarial), eq(arquivo.id, id)));
      return r;
    });
    if (descartado) await ctx.armazenamento.remover(chave);
    return resultado;
  } catch (error) {
    await ctx.armazenamento.remover(chave);
    throw error;
  }
}
