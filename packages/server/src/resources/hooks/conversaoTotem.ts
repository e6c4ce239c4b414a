import { and, eq } from 'drizzle-orm';
import { arquivo } from '../../db/schema/index.ts';
import { ValidacaoError } from '../validacao.ts';
import type { ResourceHooks } from './types.ts';

/** The kiosk picture, when given, must be a file uploaded in this group (as the products' pictures). */
export const conversaoTotem: ResourceHooks = {
  async beforeSave(dados, { tx, sessao, def }) {
    const imagem = dados.imagem;
    if (typeof imagem !== 'string' || !imagem) return;
    const [achado] = await tx.select({ id: arquivo.id }).from(arquivo).where(and(eq(arquivo.grupoEmpresarialId, sessao.grupoEmpresarial), eq(arquivo.id, imagem)));
    if (!achado) throw new ValidacaoError(def, { imagem: 'Imagem não encontrada; envie-a de novo.' });
  },
};
