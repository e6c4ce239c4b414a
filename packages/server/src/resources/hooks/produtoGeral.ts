import { findRecurso, SEM_GTIN, TAMANHO_DESCRICAO_CUPOM, TIPO_GORJETA, TIPO_TAXA_ENTREGA } from '@retaguarda/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { arquivo, registro } from '../../db/schema/index.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { gravarPrecoLojas, lerPrecoLojas } from '../../products/precoLojas.ts';
import { escopo, findById } from '../repository.ts';
import { ValidacaoError } from '../validacao.ts';
import type { HookContext, ResourceHooks } from './types.ts';

/**
 * The group's next numeric product code (trash included, so a code is never given twice). Two
 * products created at the same moment would read the same maximum: a lock per group, held until the
 * transaction ends, makes the second wait for the first's code.
 */
async function proximoCodigo(tx: Transaction, s: SessaoRequest): Promise<string> {
  const def = findRecurso('produtoGeral')!;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`produtoGeral.codigo:${s.grupoEmpresarial}`}))`);
  const [linha] = await tx
    .select({ maior: sql<string | null>`max((${registro.dados}->>'codigo')::numeric)` })
    .from(registro)
    .where(and(escopo(def, s), sql`${registro.dados}->>'codigo' ~ '^[0-9]{1,15}$'`));
  return String(BigInt(linha?.maior ?? '0') + 1n);
}

/** Another live product of the group with this field's value, if any. */
async function outroCom(tx: Transaction, ctx: HookContext, campo: string, valor: string) {
  const conds = [escopo(ctx.def, ctx.sessao), eq(registro.lixo, false), sql`${registro.dados}->>${campo}::text = ${valor}::text`];
  if (ctx.anterior) conds.push(ne(registro.id, ctx.anterior._id));
  const [linha] = await tx.select({ id: registro.id, dados: registro.dados }).from(registro).where(and(...conds)).limit(1);
  return linha;
}

export const produtoGeral: ResourceHooks = {
  // "Preço nas lojas" (issue 13): the optional `lojas` section is read before the transaction and
  // written by afterSave in the product's own transaction, so product and prices land together or not at all.
  async prepare(body) {
    const lojas = lerPrecoLojas(body);
    return lojas ? { lojas } : {};
  },

  async afterSave(registro, ctx) {
    const lojas = ctx.preparado?.lojas as ReturnType<typeof lerPrecoLojas>;
    if (lojas) await gravarPrecoLojas(ctx.tx, ctx.sessao, registro._id, lojas);
  },

  async beforeValidate(body, ctx) {
    const codigo = typeof body.codigo === 'string' ? body.codigo.trim() : body.codigo;
    if (codigo === undefined || codigo === null || codigo === '') return { ...body, codigo: await proximoCodigo(ctx.tx, ctx.sessao) };
    return body;
  },

  async beforeSave(dados, ctx) {
    const { tx, def, sessao } = ctx;
    if (!dados.descricaoCupom) dados.descricaoCupom = String(dados.descricao).slice(0, TAMANHO_DESCRICAO_CUPOM).trim();

    // A barcode identifies one product: the scanner at the till must not have to choose.
    if (dados.gtin !== SEM_GTIN) {
      const outro = await outroCom(tx, ctx, 'gtin', String(dados.gtin));
      if (outro) throw new ValidacaoError(def, { gtin: `O produto ${String(outro.dados.codigo)} - ${String(outro.dados.descricao)} já usa este GTIN/EAN.` });
    }

    // The store terminal takes THE delivery fee and THE tip product by tipoProduto (SPEC.md §3).
    if (dados.ativo && (dados.tipoProduto === TIPO_TAXA_ENTREGA || dados.tipoProduto === TIPO_GORJETA)) {
      const outro = await outroCom(tx, ctx, 'tipoProduto', String(dados.tipoProduto));
      if (outro && outro.dados.ativo !== false) {
        throw new ValidacaoError(def, {
          tipoProduto: `Já existe o produto ativo ${String(outro.dados.codigo)} - ${String(outro.dados.descricao)} do tipo ${String(dados.tipoProduto)}; o terminal usa um só.`,
        });
      }
    }

    // Each picture must be a file uploaded in this group (POST /api/arquivo), so the terminal can show it.
    const imagens = ((dados.imagens ?? []) as { arquivo: string }[]).map((i) => i.arquivo);
    if (imagens.length) {
      const achados = new Set(
        (await tx.select({ id: arquivo.id }).from(arquivo).where(and(eq(arquivo.grupoEmpresarialId, sessao.grupoEmpresarial), inArray(arquivo.id, imagens)))).map((a) => a.id),
      );
      const faltando = imagens.findIndex((id) => !achados.has(id));
      if (faltando >= 0) throw new ValidacaoError(def, { [`imagens.${faltando}.arquivo`]: 'Imagem não encontrada; envie-a de novo.' });
    }

    // Sold by weight: the scale gives 0,350 kg, so the unit must take fractions.
    if (dados.tipoProduto === 'pesável') {
      const unidade = await findById(tx, findRecurso('unidadeMedida')!, sessao, String(dados.unidade));
      if (unidade && unidade.dados.fracionado !== true) {
        throw new ValidacaoError(def, { unidade: `Um produto pesável precisa de unidade que aceite quantidade fracionada (KG…); ${String(unidade.dados.sigla)} não aceita.` });
      }
    }
  },
};
