import { cnpjCheckDigits, findRecurso } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { criarNaTransacao } from '../resources/pipeline.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { garantir } from './catalogoDemo.ts';

type Fornecedor = { cnpjBase: string; nome: string };
/** The demo kitchen's suppliers (the first two are the NF-e demo's, same CNPJ: found, not doubled). */
const FORNECEDORES: Record<'graos' | 'laticinios' | 'carnes' | 'horti', Fornecedor> = {
  graos: { cnpjBase: '234567890001', nome: 'Distribuidora Grãos do Vale Ltda' },
  laticinios: { cnpjBase: '345678900001', nome: 'Laticínios Serra Azul S.A.' },
  carnes: { cnpjBase: '456789010001', nome: 'Frigorífico Boi Nobre Ltda' },
  horti: { cnpjBase: '567890120001', nome: 'Hortifrúti Ceasa Paulista Ltda' },
};

/**
 * Who sells each ingredient, in what unit, how many stock units it holds and in how many days it comes
 * (estoqueProdutoFornecedor). Breads come from the bakery next door every morning: no supplier here, so
 * the suggestion shows them as such.
 */
const COMPRAS: [string, keyof typeof FORNECEDORES, string, string, string, number][] = [
  ['Arroz agulhinha', 'graos', 'ARZ-5', 'PCT', '5', 3],
  ['Feijão carioca', 'graos', 'FJC-1', 'KG', '1', 3],
  ['Feijão preto', 'graos', 'FJP-1', 'KG', '1', 3],
  ['Farinha de trigo', 'graos', 'FTR-25', 'SC', '25', 3],
  ['Açúcar', 'graos', 'ACU-5', 'PCT', '5', 3],
  ['Óleo de soja', 'graos', 'OLE-CX', 'CX', '18', 3],
  ['Polvilho azedo', 'graos', 'POL-1', 'KG', '1', 3],
  ['Fermento biológico', 'graos', 'FER-500', 'PCT', '0.5', 3],
  ['Café em grãos', 'graos', 'CAF-1', 'KG', '1', 3],
  ['Molho de tomate', 'graos', 'MOL-CX', 'CX', '2.04', 3],
  ['Leite condensado', 'graos', 'LCD-CX', 'CX', '27', 3],
  ['Chocolate meio amargo', 'graos', 'CHO-1', 'KG', '1', 3],
  ['Queijo muçarela', 'laticinios', 'MUS-4', 'PC', '4', 2],
  ['Queijo parmesão', 'laticinios', 'PAR-1', 'KG', '1', 2],
  ['Leite integral', 'laticinios', 'LEI-CX', 'CX', '12', 2],
  ['Manteiga', 'laticinios', 'MAN-CX', 'CX', '2', 2],
  ['Presunto', 'laticinios', 'PRE-1', 'KG', '1', 2],
  ['Sorvete de creme', 'laticinios', 'SOR-5', 'POTE', '5', 2],
  ['Filé mignon', 'carnes', 'FIL-1', 'KG', '1', 2],
  ['Peito de frango', 'carnes', 'FRA-CX', 'CX', '10', 2],
  ['Carne moída', 'carnes', 'CMO-1', 'KG', '1', 2],
  ['Carnes para feijoada', 'carnes', 'FEI-1', 'KG', '1', 2],
  ['Calabresa', 'carnes', 'CAL-2', 'PCT', '2.5', 2],
  ['Bacon', 'carnes', 'BAC-1', 'KG', '1', 2],
  ['Batata congelada', 'carnes', 'BAT-CX', 'CX', '10', 2],
  ['Ovos', 'horti', 'OVO-30', 'BDJ', '30', 1],
  ['Tomate', 'horti', 'TOM-CX', 'CX', '20', 1],
  ['Alface americana', 'horti', 'ALF-UN', 'UN', '1', 1],
  ['Laranja', 'horti', 'LAR-SC', 'SC', '20', 1],
  ['Limão', 'horti', 'LIM-1', 'KG', '1', 1],
];

/**
 * What the order suggestion (estoqueSugestaoPedido) needs in the group's first store: the ingredients'
 * suppliers with unit, factor and lead time, and a maximum (two weeks of its sales' consumption) beside
 * the minimum the stock demo gave. With the demo's weeks of sales by recipe it suggests believable orders. Once:
 * nothing is added when the mappings are there.
 */
export async function prepararSugestaoPedidoDemo(db: Database, s: SessaoRequest): Promise<void> {
  const [loja] = (await withTenant(db, s, (tx) => tx.execute<{ id: string }>(sql`select id from empresa where lixo = false order by created_at, id limit 1`))).rows;
  if (!loja) return;
  const sessao = { ...s, empresa: loja.id };
  await withTenant(db, sessao, async (tx) => {
    const produtos = new Map(
      (
        await tx.execute<{ id: string; descricao: string }>(sql`
          select id, dados->>'descricao' as descricao from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'produtoGeral' and not lixo
            and dados->>'descricao' = any(${sql.param(COMPRAS.map((c) => c[0]))}::text[])`)
      ).rows.map((p) => [p.descricao, p.id]),
    );
    if (!produtos.size) return;
    const fornecedores = new Map<string, string>();
    for (const [chave, f] of Object.entries(FORNECEDORES)) {
      const cnpj = f.cnpjBase + cnpjCheckDigits(f.cnpjBase);
      const achado = await tx.execute<{ id: string }>(sql`
        select id from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'pessoa' and not lixo and (dados->>'cpfCnpj' = ${cnpj} or dados->>'nome' = ${f.nome}) limit 1`);
      fornecedores.set(chave, achado.rows[0]?.id ?? (await garantir(tx, sessao, 'pessoa', 'nome', { tipo: 'Jurídica', cpfCnpj: cnpj, nome: f.nome, fornecedor: true })));
    }
    const existentes = await tx.execute<{ id: string; fornecedor: string; produto: string; prazo: string | null }>(sql`
      select id, dados->>'fornecedor' as fornecedor, dados->>'produto' as produto, dados->>'prazoEntrega' as prazo from registro
      where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'estoqueProdutoFornecedor' and not lixo`);
    const mapeamento = findRecurso('estoqueProdutoFornecedor')!;
    for (const [descricao, chave, codigo, unidadeCompra, fator, prazoEntrega] of COMPRAS) {
      const produto = produtos.get(descricao);
      const fornecedor = fornecedores.get(chave)!;
      if (!produto) continue;
      const ja = existentes.rows.find((m) => m.produto === produto && m.fornecedor === fornecedor);
      // A mapping the NF-e entry learnt keeps its code and factor; it gets the lead time.
      if (ja) {
        if (ja.prazo === null) await tx.execute(sql`update registro set dados = dados || ${JSON.stringify({ prazoEntrega })}::jsonb, version = version + 1 where grupo_empresarial_id = ${s.grupoEmpresarial} and id = ${ja.id}`);
        continue;
      }
      if (existentes.rows.some((m) => m.produto === produto)) continue;
      await criarNaTransacao(tx, mapeamento, sessao, { fornecedor, codigo, produto, unidadeCompra, fator, prazoEntrega });
    }
    // The par level: two weeks of what its sales consumed per day (by recipe), at least twice the minimum.
    await tx.execute(sql`
      with consumo as (
        select produto_id, -sum(quantidade) / greatest(count(distinct (ocorrido_em at time zone 'America/Sao_Paulo')::date), 1) as por_dia
        from estoque_movimento
        where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${loja.id} and documento_tipo = 'venda' and tipo in ('saidaVenda', 'estorno')
        group by produto_id)
      update registro r set dados = r.dados || jsonb_build_object('estoqueMaximo', greatest(ceil(coalesce(c.por_dia, 0) * 14), (r.dados->>'estoqueMinimo')::numeric * 2)::text), version = r.version + 1
      from registro r2 left join consumo c on c.produto_id = r2.dados->>'produtoGeral'
      where r2.grupo_empresarial_id = r.grupo_empresarial_id and r2.id = r.id
        and r.grupo_empresarial_id = ${s.grupoEmpresarial} and r.recurso = 'produtoGeralEmpresa' and r.empresa_id = ${loja.id} and not r.lixo
        and r.dados->>'estoqueMinimo' is not null and r.dados->>'estoqueMaximo' is null
        and r.dados->>'produtoGeral' = any(${sql.param([...produtos.values()])}::text[])`);
  });
}
