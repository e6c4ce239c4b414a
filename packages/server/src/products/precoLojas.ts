import { findRecurso, precoLojasSchema, rotulosPrecoLojas, telaDoRecurso, type LojaDoProduto, type PrecoLojas } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { naEmpresa } from '../db/tenant.ts';
import { registro } from '../db/schema/index.ts';
import { HttpError } from '../plugins/envelope.ts';
import { alterarNaTransacao, criarNaTransacao } from '../resources/pipeline.ts';
import { escopo } from '../resources/repository.ts';
import { lerOuRecusar, recusarNomeando } from '../resources/validacao.ts';
import { verificarPermissao } from '../session/permissoes.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { empresasDoUsuario } from '../session/sessaoData.ts';

const produtoEmpresaDef = () => findRecurso('produtoGeralEmpresa')!;

/** The body's optional `lojas` section, read before the transaction opens; 400 naming its field ('lojas.preco'). */
export function lerPrecoLojas(body: Record<string, unknown>): PrecoLojas | undefined {
  if (body.lojas === undefined || body.lojas === null) return undefined;
  return lerOuRecusar(precoLojasSchema, body.lojas, (campo) => rotulosPrecoLojas[campo.split('.')[1] ?? ''] ?? 'Preço nas lojas', { padrao: 'lojas', prefixo: 'lojas.' });
}

/** The group's stores this user may use (administrators: all), from the session's user, never the body. */
const lojasPermitidas = (tx: Transaction, s: SessaoRequest) => empresasDoUsuario(tx, s.grupoEmpresarial, s.usuario);

/** The company's live company product of this product, if any. */
async function produtoNaLoja(tx: Transaction, sLoja: SessaoRequest, produtoGeral: string) {
  const [row] = await tx
    .select({ id: registro.id, version: registro.version })
    .from(registro)
    .where(and(escopo(produtoEmpresaDef(), sLoja), eq(registro.lixo, false), sql`${registro.dados}->>'produtoGeral' = ${produtoGeral}::text`))
    .limit(1);
  return row;
}

/**
 * Writes the product's price in each chosen store inside the product's transaction: creates the
 * company product where the store does not sell it yet, updates price, sale modes and the taxes sent
 * where it does. Each store is checked against the user's rights first; any refusal throws, so the
 * caller's transaction writes nothing at all (product included).
 */
export async function gravarPrecoLojas(tx: Transaction, s: SessaoRequest, produtoGeral: string, lojas: PrecoLojas): Promise<void> {
  const def = produtoEmpresaDef();
  const permitidas = await lojasPermitidas(tx, s);
  const porId = new Map(permitidas.map((e) => [e.id, e]));
  const escolhidas = lojas.empresas === 'todas' ? permitidas : [...new Set(lojas.empresas)].map((id) => porId.get(id));
  const negada = escolhidas.findIndex((e) => !e);
  if (negada >= 0 || !escolhidas.length) {
    // Another group's store is invisible here, so it reads as one the user may not use.
    const mensagem = 'Loja não encontrada entre as que você pode usar neste grupo.';
    throw new HttpError(403, `Lojas: ${mensagem}`, {}, { [lojas.empresas === 'todas' ? 'lojas.empresas' : `lojas.empresas.${negada}`]: mensagem });
  }
  const alvo = escolhidas as NonNullable<(typeof escolhidas)[number]>[];
  for (const id of Object.keys(lojas.impostos)) {
    if (!alvo.some((e) => e.id === id)) recusarNomeando({ [`lojas.impostos.${id}`]: 'Impostos de uma loja que não foi escolhida.' }, () => 'Impostos nas lojas');
  }

  for (const loja of alvo) {
    const impostos = lojas.impostos[loja.id] ?? {};
    const campos = { preco: lojas.preco, modosVenda: lojas.modosVenda, ...impostos };
    try {
      // The company products are company-scoped: written as a session of that store.
      await naEmpresa(tx, s, loja.id, async (sLoja) => {
        const existente = await produtoNaLoja(tx, sLoja, produtoGeral);
        if (existente) {
          verificarPermissao(s.permissoes, telaDoRecurso(def), 'editar');
          await alterarNaTransacao(tx, def, sLoja, existente.id, { ...campos, version: existente.version });
        } else {
          verificarPermissao(s.permissoes, telaDoRecurso(def), 'criar');
          await criarNaTransacao(tx, def, sLoja, { produtoGeral, ...campos });
        }
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // Said with the store's name, on the section's fields of that store ('lojas.<id>.preco').
      const porCampo = Object.fromEntries(Object.entries(error.campos ?? {}).map(([c, m]) => [`lojas.${loja.id}.${c}`, m]));
      throw new HttpError(error.statusCode, `${loja.nomeFantasia}: ${error.message}`, error.headers, Object.keys(porCampo).length ? porCampo : undefined);
    }
  }
}

/** The stores the user may use, each with its tax choices and how it sells `produtoGeral` (when given). */
export async function lojasDoProduto(tx: Transaction, s: SessaoRequest, produtoGeral: string | undefined): Promise<LojaDoProduto[]> {
  const lojas = await lojasPermitidas(tx, s);
  if (!lojas.length) return [];
  const ids = sql.param(lojas.map((e) => e.id));
  const { rows: impostos } = await tx.execute<{ id: string; empresa_id: string; recurso: string; descricao: string }>(sql`
    select id, empresa_id, recurso, dados->>'descricao' as descricao from registro
    where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso in ('configuracaoImposto', 'configuracaoImpostoFederal')
      and empresa_id = any(${ids}::text[]) and not lixo and coalesce((dados->>'ativo')::boolean, true)
    order by lower(dados->>'descricao'), id`);
  const { rows: produtos } = produtoGeral
    ? await tx.execute<{ id: string; empresa_id: string; dados: Record<string, unknown> }>(sql`
        select id, empresa_id, dados from registro
        where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'produtoGeralEmpresa' and not lixo
          and empresa_id = any(${ids}::text[]) and dados->>'produtoGeral' = ${produtoGeral}::text`)
    : { rows: [] };
  return lojas.map((loja) => {
    const opcoes = (recurso: string) => impostos.filter((i) => i.empresa_id === loja.id && i.recurso === recurso).map((i) => ({ _id: i.id, descricao: i.descricao }));
    const pe = produtos.find((p) => p.empresa_id === loja.id);
    return {
      _id: loja.id,
      nome: loja.nomeFantasia,
      impostosEstaduais: opcoes('configuracaoImposto'),
      impostosFederais: opcoes('configuracaoImpostoFederal'),
      produtoEmpresa: pe
        ? {
            _id: pe.id,
            preco: Number(pe.dados.preco),
            modosVenda: (pe.dados.modosVenda as string[] | undefined) ?? [],
            configuracaoImposto: (pe.dados.configuracaoImposto as string | null | undefined) ?? null,
            impostoFederal: (pe.dados.impostoFederal as string | null | undefined) ?? null,
            ativo: pe.dados.ativo !== false,
          }
        : null,
    };
  });
}
