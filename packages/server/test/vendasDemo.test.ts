import { conferirChaveAcesso, partesChaveAcesso } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gerarVendasDemo } from '../src/seed/vendasDemo.ts';
import { recalcularResumosDeVendas } from '../src/sales/resumosVenda.ts';
import { recalcularEstoque } from '../src/stock/recalcular.ts';
import { createTestContext, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const linhas = async <T extends Record<string, unknown>>(consulta: string) => (await ctx.db.execute<T>(sql.raw(consulta))).rows;

describe('demonstration sales (npm run seed -- --lojas N --dias D)', () => {
  it('fills the group through the ingestion: every store, lunch and dinner peaks, channels, cancellations; a second run adds nothing', async () => {
    const s = { id: 'gerador', usuario: ctx.seed.demo.admin, grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: '', permissoes: { administrador: true, telas: {}, pdv: [] } };
    const r = await gerarVendasDemo(ctx.db, s, { lojas: 3, dias: 2, ate: '2026-11-20' });
    expect(r.lojas).toBe(3);
    expect(r.vendas).toBeGreaterThan(3 * 2 * 40);

    // A third company was created for the third store, and each store sold on each day.
    const porLoja = await linhas<{ empresa_id: string; dias: number }>(
      `select empresa_id, count(distinct (fechado_em at time zone 'America/Sao_Paulo')::date)::int as dias from venda group by empresa_id`,
    );
    expect(porLoja).toHaveLength(3);
    expect(porLoja.every((l) => l.dias === 2)).toBe(true);
    // Every store has its kitchen display set up: sectors, each group's sector, stations, the pass.
    const kds = await linhas<{ recurso: string; lojas: number; n: number }>(
      `select recurso, count(distinct empresa_id)::int as lojas, count(*)::int as n from registro where recurso like 'kds%' and not lixo group by recurso order by recurso`,
    );
    expect(kds.map((k) => [k.recurso, k.lojas])).toEqual(
      ['kdsEstacao', 'kdsExpedicao', 'kdsMontagem', 'kdsSetor', 'kdsSetorCadastroGrupo', 'kdsTeclado'].map((r) => [r, 3]),
    );
    expect(kds.find((k) => k.recurso === 'kdsSetorCadastroGrupo')!.n).toBe(3 * 7);
    // And its devices: two kitchen screens, each showing a station of its store, a POS and a kiosk.
    const aparelhos = await linhas<{ tipo: string; n: number; comEstacao: number }>(
      `select dados->>'tipo' as tipo, count(*)::int as n, count(*) filter (where exists (select 1 from registro e where e.recurso = 'kdsEstacao' and e.id = a.dados->>'estacao' and e.empresa_id = a.empresa_id))::int as "comEstacao"
       from registro a where recurso = 'appSistema' and not lixo group by 1 order by 1`,
    );
    expect(aparelhos.map((a) => [a.tipo, a.n, a.comEstacao])).toEqual([['KDS', 6, 6], ['PDV', 3, 0], ['Totem', 3, 0]]);

    const porHora = Object.fromEntries(
      (await linhas<{ hora: number; n: number }>(`select extract(hour from fechado_em at time zone 'America/Sao_Paulo')::int as hora, count(*)::int as n from venda group by 1`)).map((l) => [l.hora, l.n]),
    );
    const n = (h: number) => porHora[h] ?? 0;
    expect(n(12) + n(13)).toBeGreaterThan(3 * (n(16) + n(17)));
    expect(n(20) + n(21)).toBeGreaterThan(3 * (n(16) + n(17)));

    const canais = (await linhas<{ canal: string }>(`select distinct canal from venda`)).map((l) => l.canal);
    expect(canais).toEqual(expect.arrayContaining(['Salão', 'Balcão', 'Delivery']));
    // Totals reconcile to the centavo: each sale's payments less change are its total.
    const divergentes = await linhas(
      `select v.id from venda v join venda_pagamento p on p.venda_id = v.id group by v.id, v.total having sum(p.valor - p.troco) <> v.total`,
    );
    expect(divergentes).toEqual([]);
    const [{ canceladas }] = (await linhas<{ canceladas: number }>(`select count(*)::int as canceladas from venda where cancelada`)) as [{ canceladas: number }];
    expect(canceladas).toBe(r.canceladas);
    // Operators, item transfers, and NFC-e in every state the fiscal summary shows.
    const [extras] = await linhas<Record<string, number>>(
      `select count(*) filter (where operador_id is null)::int as sem_operador, (select count(*)::int from venda_transferencia) as transferencias,
        count(*) filter (where documento_status = 'contingencia')::int as contingencia, count(*) filter (where documento_status = 'cancelada')::int as notas_canceladas,
        count(*) filter (where documento_status is null)::int as sem_documento, count(*) filter (where cancelada and documento_status <> 'cancelada')::int as canceladas_com_nota_valida from venda`,
    );
    expect(extras).toMatchObject({ sem_operador: 0, canceladas_com_nota_valida: 0 });
    for (const k of ['transferencias', 'contingencia', 'notas_canceladas', 'sem_documento']) expect(extras![k], k).toBeGreaterThan(0);
    // Half the contingency notes were transmitted since: the fiscal summary lists when and with which protocol.
    const [transmitidas] = await linhas<{ n: number }>(`select count(*)::int as n from venda_documento_situacao where anterior = 'contingencia' and status = 'autorizada' and protocolo ~ '^\\d{15}$'`);
    expect(transmitidas!.n).toBeGreaterThan(0);
    expect(await linhas(`select 1 from venda_item where cfop is null and not cancelado limit 1`)).toEqual([]);
    // Every note's access key is valid, of its store's CNPJ, number and series, and says contingency (tpEmis 9) when it was.
    const notas = await linhas<{ chave: string; cnpj: string; numero: number; serie: number; contingencia: boolean }>(
      `select v.documento_chave as chave, e.dados->>'cnpj' as cnpj, v.documento_numero as numero, v.documento_serie as serie,
        exists (select 1 from venda_documento_situacao s where s.venda_id = v.id and s.anterior = 'contingencia') or v.documento_status = 'contingencia' as contingencia
       from venda v join registro e on e.grupo_empresarial_id = v.grupo_empresarial_id and e.recurso = 'empresa' and e.id = v.empresa_id where v.documento_chave is not null`,
    );
    expect(notas.length).toBeGreaterThan(100);
    for (const nota of notas) {
      expect(conferirChaveAcesso(nota.chave, { modelo: '65', serie: nota.serie, numero: nota.numero })).toBeNull();
      expect(partesChaveAcesso(nota.chave)).toMatchObject({ emitente: nota.cnpj, tpEmis: nota.contingencia ? '9' : '1' });
    }

    // The hourly rollup, kept with every sale and cancellation, equals adding up the sales.
    const porChave = `select grupo_empresarial_id, empresa_id, (fechado_em at time zone 'America/Sao_Paulo')::date as dia, extract(hour from fechado_em at time zone 'America/Sao_Paulo')::int as hora,
        canal, terminal_id, coalesce(operador_id, '') as operador_id, count(*) filter (where not cancelada)::int as vendas, coalesce(sum(total) filter (where not cancelada), 0)::bigint as total,
        coalesce(sum(desconto + desconto_itens) filter (where not cancelada), 0)::bigint as descontos, count(*) filter (where cancelada)::int as canceladas, coalesce(sum(total) filter (where cancelada), 0)::bigint as valor_cancelado
      from venda group by 1, 2, 3, 4, 5, 6, 7`;
    const doResumo = `select grupo_empresarial_id, empresa_id, dia, hora::int, canal, terminal_id, operador_id, vendas, total, descontos, canceladas, valor_cancelado from venda_resumo_hora`;
    const diferenca = async () => linhas(`(${porChave} except ${doResumo}) union all (${doResumo} except ${porChave})`);
    expect(await diferenca()).toEqual([]);
    // So do the fiscal and QR code rollups (and the hourly one again, as `npm run vendas:recalcular` recomputes it).
    expect(await recalcularResumosDeVendas(ctx.db)).toEqual([]);

    // Stock: each store has its locations and ingredients moved through the ledger (entries, transfers, losses).
    const estoque = async () => linhas<{ empresa_id: string; tipos: string[]; documentos: number; locais: number }>(
      `select empresa_id, array_agg(distinct tipo order by tipo) as tipos, count(distinct documento_id)::int as documentos, count(distinct local_id)::int as locais from estoque_movimento group by empresa_id`,
    );
    const antes = await estoque();
    expect(antes).toHaveLength(3);
    for (const loja of antes) {
      expect(loja).toMatchObject({ tipos: ['ajusteInventario', 'entrada', 'estorno', 'producao', 'producaoConsumo', 'saidaManual', 'saidaVenda', 'transferencia'], locais: 2 });
    }
    // Each store has the kitchen's count approved with its differences posted, and the estoque principal's open, half counted.
    const contagens = await linhas<{ empresa_id: string; status: string; linhas: number; contadas: number; ajustes: number }>(
      `select i.empresa_id, i.status, count(x.*)::int as linhas, count(x.contado)::int as contadas,
        (select count(*)::int from estoque_movimento m where m.documento_tipo = 'inventario' and m.documento_id = i.id) as ajustes
       from estoque_inventario i join estoque_inventario_item x on x.inventario_id = i.id group by i.grupo_empresarial_id, i.id, i.empresa_id, i.status order by i.empresa_id, i.status`,
    );
    expect(contagens).toHaveLength(3 * 2);
    for (const c of contagens) {
      if (c.status === 'aprovado') expect(c).toMatchObject({ contadas: c.linhas, ajustes: expect.any(Number) });
      if (c.status === 'aprovado') expect(c.ajustes).toBeGreaterThanOrEqual(4);
      else expect(c).toMatchObject({ status: 'aberto', ajustes: 0, contadas: Math.ceil(c.linhas / 2) });
    }
    // And two production orders of the Massa de pizza sub-recipe: today's finished (flour out of the estoque principal,
    // dough into the kitchen), tomorrow's planned.
    const producoes = await linhas<{ empresa_id: string; status: string; produto: string; produzida: string; entrou: string | null }>(
      `select o.empresa_id, o.status, p.dados->>'descricao' as produto, o.quantidade_produzida::text as produzida,
        (select sum(m.quantidade)::text from estoque_movimento m join estoque_producao_apontamento a on a.id = m.documento_id
          where a.producao_id = o.id and m.tipo = 'producao' and m.local_id = o.local_destino_id) as entrou
       from estoque_producao o join registro p on p.id = o.produto_id order by o.empresa_id, o.status`,
    );
    expect(producoes).toHaveLength(3 * 2);
    for (const o of producoes) {
      expect(o.produto).toBe('Massa de pizza');
      if (o.status === 'finalizada') expect(Number(o.entrou)).toBe(Number(o.produzida));
      else expect(o).toMatchObject({ status: 'planejada', entrou: null });
      if (o.status === 'finalizada') expect(Number(o.produzida)).toBeGreaterThan(0);
    }
    // Sales took the stock-controlled drinks out, and cancellations put them back: what left equals what was sold
    // (the dishes' ingredients left by their recipes: demoAoIniciar.test.ts).
    const vendido = `select v.empresa_id, i.produto_id, sum(i.quantidade)::numeric(18,4)::text as q from venda_item i join venda v on v.id = i.venda_id
      where not v.cancelada and not i.cancelado and i.produto_id in (select produto_id from estoque_movimento where tipo = 'saidaVenda') group by 1, 2`;
    const saiu = `select empresa_id, produto_id, (-sum(quantidade))::numeric(18,4)::text as q from estoque_movimento
      where documento_tipo = 'venda' and produto_id in (select produto_id from venda_item) group by 1, 2`;
    expect(await linhas(`(${vendido} except ${saiu}) union all (${saiu} except ${vendido})`)).toEqual([]);
    expect((await linhas(saiu)).length).toBe(3 * 3);
    expect(await recalcularEstoque(ctx.db)).toEqual([]);

    // Each store's day is a cash period of its PDV holding that day's sales; days before yesterday are approved, their cash in the ledger.
    expect(await linhas(`select id from venda where periodo_id is null`)).toEqual([]);
    const periodos = await linhas<{ n: number; aprovados: number; lancados: number }>(`select count(*)::int as n,
        count(*) filter (where exists (select 1 from caixa_conciliacao k where k.periodo_id = r.id))::int as aprovados,
        count(*) filter (where exists (select 1 from financeiro_movimento m where m.documento_tipo = 'conciliacaoCaixa' and m.documento_id = r.id))::int as lancados
      from registro r where recurso = 'periodo' and dados->>'terminal' in (select distinct terminal_id from venda)`);
    expect(periodos).toEqual([{ n: 3 * 2, aprovados: 3 * 2, lancados: 3 * 2 }]);
    // Every period has the PDV's sangria (sent as by the terminal: no user); each store's last approved one was reopened after a
    // recount, its first posting reversed, and approved again: the ledger of those periods holds the cash sold once and no difference.
    expect(await linhas(`select count(*)::int as n, count(*) filter (where usuario_id is null and valor = 10000)::int as pdv from caixa_movimento`)).toEqual([{ n: 3 * 2, pdv: 3 * 2 }]);
    const reabertos = await linhas<{ periodo_id: string }>(`select periodo_id from caixa_reabertura`);
    expect(reabertos).toHaveLength(3);
    const liquido = await linhas<{ caixa: string; lancado: string }>(`select
        (select sum((l->>'vendido')::bigint) from caixa_conciliacao k, jsonb_array_elements(k.linhas) l where k.periodo_id = r.periodo_id and k.sequencia = 2 and l->>'chave' = 'dinheiro')::text as caixa,
        (select sum(valor) from financeiro_movimento m where m.documento_tipo = 'conciliacaoCaixa' and m.documento_id = r.periodo_id)::text as lancado
      from caixa_reabertura r`);
    for (const l of liquido) expect(l.lancado).toBe(l.caixa);

    // Card and voucher payments name the store's acquirer (Stone, Alelo); Stone's payout of the debits of the 19th and 20th (paid on Monday
    // 23rd: the 20th is a holiday) is on each store's bank statement, matched to the forecast, one store's short of the contract's net.
    expect(await linhas(`select seq from venda_pagamento where t_pag in ('03', '04', '11') and operadora_id is null`)).toEqual([]);
    const repasses = `select count(*)::int as n, count(*) filter (where c.previsto_liquido > l.valor)::int as a_mais
      from financeiro_conciliacao c join financeiro_extrato_linha l on l.grupo_empresarial_id = c.grupo_empresarial_id and l.id = c.linha_id where c.origem = 'recebivel'`;
    expect(await linhas(repasses)).toEqual([{ n: 3, a_mais: 1 }]);
    // The first store's largest Stone debit of the 19th was charged back whole on the 21st: the payout that took it, still matched, came net of it.
    const chargebacks = `select c.valor, p.valor - p.troco as pago, p.t_pag from cartao_chargeback c join venda_pagamento p on p.venda_id = c.venda_id and p.seq = c.pagamento_seq`;
    const [cb] = await linhas<{ valor: string; pago: string; t_pag: string }>(chargebacks);
    expect(await linhas(chargebacks)).toHaveLength(1);
    expect([Number(cb!.valor), cb!.t_pag]).toEqual([Number(cb!.pago), '04']);
    // That payout's match settled it: Carteira Stone credited back the chargeback once, so it counts once in the DRE.
    const quitado = async () => Number((await linhas<{ valor: string }>(`select coalesce(sum(valor), 0)::text as valor from financeiro_movimento where documento_tipo = 'chargebackDescontado'`))[0]!.valor);
    expect(await quitado()).toBe(Number(cb!.valor));

    const denovo = await gerarVendasDemo(ctx.db, s, { lojas: 3, dias: 2, ate: '2026-11-20' });
    expect(denovo).toMatchObject({ vendas: 0, canceladas: 0 });
    expect(await linhas(repasses)).toEqual([{ n: 3, a_mais: 1 }]);
    expect(await linhas(chargebacks)).toHaveLength(1);
    expect(await quitado()).toBe(Number(cb!.valor));
    expect(await diferenca()).toEqual([]);
    expect(await estoque()).toEqual(antes);
  }, 480_000);
});
