import { hojeNoFuso } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { demoAPreencher, estadoDemo, preencherDemo } from '../src/seed/demoAoIniciar.ts';
import { recalcularEstoque } from '../src/stock/recalcular.ts';
import { createTestContext, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const linhas = async <T extends Record<string, unknown>>(consulta: string) => (await ctx.db.execute<T>(sql.raw(consulta))).rows;
// Mid-afternoon in the stores (or now, if later): today has lunch sales whatever the hour the test runs.
const hoje = hojeNoFuso();
const agora = new Date(Math.max(Date.now(), Date.parse(`${hoje}T15:00:00-03:00`)));

describe('living demonstration on first start (DEMO_VENDAS, main.ts → preencherDemo)', () => {
  it('is on by default and off when asked; the tests harness does not run it', () => {
    expect(loadConfig({}).demoVendas).toBe(true);
    expect(loadConfig({}).demoDias).toBe(14);
    expect(loadConfig({ DEMO_VENDAS: 'false', DEMO_DIAS: '2' })).toMatchObject({ demoVendas: false, demoDias: 2 });
    expect(() => loadConfig({ DEMO_DIAS: 'muitos' })).toThrow(/DEMO_DIAS/);
  });

  it('fills Grupo Demonstração: prices and recipes in each store, sales until now, ingredients lowered by recipe; again adds nothing', async () => {
    // As the seed left it (main.ts fills it on start), and after the fill (a restart tops it up).
    expect(await demoAPreencher(ctx.db)).toBe(true);
    const mensagens: string[] = [];
    const r = await preencherDemo(ctx.db, { dias: 1, agora, log: (m) => mensagens.push(m) });
    expect(r).toMatchObject({ lojas: 2 });
    expect(r!.vendas).toBeGreaterThan(2 * 30);
    expect(mensagens).toContain('[demo] vendas: 2/2 dias' + mensagens.find((m) => m.startsWith('[demo] vendas: 2/2 dias'))!.slice('[demo] vendas: 2/2 dias'.length));
    expect(estadoDemo()).toMatchObject({ preenchendo: false, feitos: 2, total: 2 });
    expect(await demoAPreencher(ctx.db)).toBe(true);

    const { demo, vizinho } = ctx.seed;
    // Today's sales in each store of the demonstration group, none after "now", none in the other group.
    const hojePorLoja = await linhas<{ empresa_id: string; vendas: number; total: number; depois: number }>(`
      select empresa_id, count(*)::int as vendas, sum(total)::int as total, count(*) filter (where fechado_em > '${agora.toISOString()}')::int as depois
      from venda where grupo_empresarial_id = '${demo.grupoEmpresarial}' and (fechado_em at time zone 'America/Sao_Paulo')::date = '${hoje}' group by empresa_id order by empresa_id`);
    expect(hojePorLoja.map((l) => l.empresa_id)).toEqual([...demo.empresas].sort());
    for (const loja of hojePorLoja) expect(loja).toMatchObject({ vendas: expect.any(Number), depois: 0 });
    for (const loja of hojePorLoja) expect(loja.total).toBeGreaterThan(0);
    expect(await linhas(`select 1 from venda where grupo_empresarial_id = '${vizinho.grupoEmpresarial}'`)).toEqual([]);

    // Every product sold has a price in every store.
    const semPreco = await linhas(`
      select distinct v.empresa_id, i.produto_id from venda_item i join venda v on v.id = i.venda_id
      where v.grupo_empresarial_id = '${demo.grupoEmpresarial}' and not exists (
        select 1 from registro p where p.grupo_empresarial_id = v.grupo_empresarial_id and p.recurso = 'produtoGeralEmpresa' and p.empresa_id = v.empresa_id
          and p.dados->>'produtoGeral' = i.produto_id and (p.dados->>'preco')::int > 0)`);
    expect(semPreco).toEqual([]);
    // Today was filled first (the day's dashboard has figures before the past days arrive).
    expect(mensagens.findIndex((m) => m.startsWith('[demo] vendas de hoje prontas'))).toBe(mensagens.findIndex((m) => m.startsWith('[demo] vendas: 1/2 dias')) + 1);
    // Breakfast: the stores sell from 07:00, so today's dashboard has sales early in the morning too.
    const [cafe] = await linhas<{ n: number }>(`select count(*)::int as n from venda where grupo_empresarial_id = '${demo.grupoEmpresarial}' and extract(hour from fechado_em at time zone 'America/Sao_Paulo') between 7 and 9`);
    expect(cafe!.n).toBeGreaterThan(0);

    // Each store's products have their state and federal taxes; each store has a published menu, two combos and two promotions in force, and a label printer.
    const semImposto = await linhas(`
      select empresa_id, dados->>'produtoGeral' from registro where grupo_empresarial_id = '${demo.grupoEmpresarial}' and recurso = 'produtoGeralEmpresa' and not lixo
        and (dados->>'preco')::int > 0 and (dados->>'configuracaoImposto' is null or dados->>'impostoFederal' is null)`);
    expect(semImposto).toEqual([]);
    const porEmpresa = (recurso: string, condicao: string) =>
      `(select count(*)::int from registro r where r.grupo_empresarial_id = e.grupo_empresarial_id and r.empresa_id = e.id and r.recurso = '${recurso}' and not r.lixo and ${condicao})`;
    const vitrine = await linhas(`
      select ${porEmpresa('cardapio', "r.dados->>'situacao' = 'Publicado' and jsonb_array_length(r.dados->'publicado'->'conteudo'->'secoes') >= 6")} as cardapios,
        ${porEmpresa('produtoCombo', "(r.dados->>'habilitado')::boolean")} as combos,
        ${porEmpresa('produtoPromocao', `(r.dados->>'habilitado')::boolean and r.dados->>'validoDe' <= '${hoje}' and r.dados->>'validoAte' is null`)} as promocoes,
        ${porEmpresa('impressora', "r.dados->>'conexao' = 'USB'")} as "impressorasDeEtiqueta"
      from registro e where e.grupo_empresarial_id = '${demo.grupoEmpresarial}' and e.recurso = 'empresa' and not e.lixo`);
    expect(vitrine).toEqual(demo.empresas.map(() => ({ cardapios: 1, combos: 2, promocoes: 2, impressorasDeEtiqueta: 1 })));
    // The price labels' screen has a model to print with (the group's).
    const modelos = await linhas<{ descricao: string }>(`select dados->>'descricao' as descricao from registro where grupo_empresarial_id = '${demo.grupoEmpresarial}' and recurso = 'modeloEtiqueta' and not lixo`);
    expect(modelos).toEqual([{ descricao: 'Preço de gôndola' }]);

    // The dishes have recipe sheets (Massa de pizza a sub-recipe); only Açaí is left without, as the pendência the panel shows.
    const fichas = await linhas<{ produto: string }>(`
      select p.dados->>'descricao' as produto from registro f join registro p on p.grupo_empresarial_id = f.grupo_empresarial_id and p.id = f.dados->>'produto'
      where f.grupo_empresarial_id = '${demo.grupoEmpresarial}' and f.recurso = 'estoqueFichaTecnica' and not f.lixo`);
    expect(fichas.map((f) => f.produto)).toEqual(expect.arrayContaining(['Prato feito do dia', 'Filé à parmegiana', 'Xis salada', 'Pizza média calabresa', 'Batata frita porção', 'Pudim de leite', 'Massa de pizza']));
    const pendencias = await linhas<{ produto: string }>(`
      select coalesce(p.dados->>'descricao', '') as produto from estoque_pendencia e left join registro p on p.grupo_empresarial_id = e.grupo_empresarial_id and p.id = e.produto_id
      where e.grupo_empresarial_id = '${demo.grupoEmpresarial}' group by 1`);
    expect(pendencias.map((p) => p.produto)).toEqual(['Açaí 500 ml']);

    // Sales lowered the ingredients by recipe (cancellations put back): 0,15 kg of calabresa a pizza, and no dish itself.
    const saiu = await linhas<{ descricao: string; q: string }>(`
      select p.dados->>'descricao' as descricao, (-sum(m.quantidade))::text as q from estoque_movimento m join registro p on p.grupo_empresarial_id = m.grupo_empresarial_id and p.id = m.produto_id
      where m.grupo_empresarial_id = '${demo.grupoEmpresarial}' and m.documento_tipo = 'venda' group by 1`);
    const porInsumo = Object.fromEntries(saiu.map((l) => [l.descricao, Number(l.q)]));
    expect(Object.keys(porInsumo)).toEqual(expect.arrayContaining(['Farinha de trigo', 'Calabresa', 'Queijo muçarela', 'Arroz agulhinha', 'Filé mignon', 'Refrigerante lata']));
    expect(porInsumo['Prato feito do dia']).toBeUndefined();
    const [calabresa] = await linhas<{ pizzas: string; extras: string }>(`
      select coalesce(sum(i.quantidade), 0)::text as pizzas, '0' as extras from venda_item i join venda v on v.id = i.venda_id join registro p on p.grupo_empresarial_id = v.grupo_empresarial_id and p.id = i.produto_id
      where v.grupo_empresarial_id = '${demo.grupoEmpresarial}' and not v.cancelada and not i.cancelado and p.dados->>'descricao' = 'Pizza média calabresa'`);
    expect(Number(calabresa!.pizzas)).toBeGreaterThan(0);
    expect(porInsumo['Calabresa']).toBeCloseTo(Number(calabresa!.pizzas) * 0.15, 3);

    // Believable balances: in each store's kitchen (the sales location) no ingredient or drink went below zero.
    const negativos = await linhas(`
      select s.empresa_id, p.dados->>'descricao' as produto, s.quantidade::text from estoque_saldo s join registro p on p.grupo_empresarial_id = s.grupo_empresarial_id and p.id = s.produto_id
      where s.grupo_empresarial_id = '${demo.grupoEmpresarial}' and s.quantidade < 0`);
    expect(negativos).toEqual([]);
    expect(await recalcularEstoque(ctx.db)).toEqual([]);

    // Again (a restart): nothing added.
    const contagem = `select (select count(*) from venda)::int as vendas, (select count(*) from estoque_movimento)::int as movimentos, (select count(*) from estoque_documento)::int as documentos,
      (select count(*) from registro)::int as registros`;
    const antes = await linhas(contagem);
    const denovo = await preencherDemo(ctx.db, { dias: 1, agora });
    expect(denovo).toMatchObject({ vendas: 0, canceladas: 0 });
    expect(await linhas(contagem)).toEqual(antes);
  }, 480_000);
});
