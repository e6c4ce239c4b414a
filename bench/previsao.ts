// `npm run bench -- previsao [--pagamentos 1000000]` (issue 14): the card receivables forecast for a month
// (previsaoDasEmpresas, what calendarioRecebimento/previsao and the reconciliation read) over a year of card,
// voucher and pix payments of one store, on PGlite, or on TEST_DATABASE_URL's PostgreSQL. The payments are
// written straight to venda_pagamento (the forecast reads only them and the few cancelled sales): a third
// debit, a third credit (one in six in 2–6 installments), a third meal voucher, amounts of R$ 10,00–99,99.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { previsaoDasEmpresas } from '../packages/server/src/finance/recebiveis/previsao.ts';
import { createTestContext } from '../packages/server/test/harness.ts';

export async function executarPrevisao(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { pagamentos: { type: 'string', default: '1000000' }, vezes: { type: 'string', default: '7' } } });
  const n = Number(values.pagamentos);
  const vezes = Number(values.vezes);
  const ctx = await createTestContext();
  try {
    const g = ctx.seed.demo.grupoEmpresarial;
    const e = ctx.seed.demo.empresas[0]!;
    const t0 = performance.now();
    // In slices of 100k: one statement each, the set built by the database.
    for (let i = 0; i < n; i += 100_000) {
      await ctx.db.execute(sql`
        insert into venda_pagamento (grupo_empresarial_id, venda_id, seq, empresa_id, fechado_em, forma_pagamento_id, t_pag, parcelas, valor, troco)
        select ${g}, 'bench-' || i, 1, ${e}, timestamptz '2025-11-01 12:00-03' + (i % 390) * interval '1 day' + (i % 600) * interval '1 minute', 'fp',
          case when i % 3 = 0 then '04' when i % 3 = 1 then '03' else '10' end, case when i % 6 = 1 then 2 + i % 5 else 1 end, 1000 + (i % 9000), 0
        from generate_series(${i + 1}::int, ${Math.min(i + 100_000, n)}::int) i`);
    }
    await ctx.db.execute(sql`analyze venda_pagamento`);
    const carga = performance.now() - t0;
    const filtro = { de: '2026-10-01', ate: '2026-10-31', empresas: [e], dia: null };
    const cargaAntes = loadavg()[0]!;
    const tempos: number[] = [];
    let bruto = 0;
    let liquido = 0;
    for (let k = 0; k <= vezes; k++) {
      const t = performance.now();
      const r = await ctx.db.transaction((tx) => previsaoDasEmpresas(tx, g, [e], filtro));
      if (k > 0) tempos.push(performance.now() - t);
      bruto = r.totais.bruto;
      liquido = r.totais.liquido;
    }
    const ordenados = [...tempos].sort((a, b) => a - b);
    const reais = (c: number) => (c / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
    console.log(`\n# Previsão de recebíveis de cartão: outubro/2026 de uma loja com ${n.toLocaleString('pt-BR')} pagamentos em 13 meses (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
    console.log(`mediana de ${vezes} após 1 de aquecimento: ${ordenados[Math.floor(ordenados.length / 2)]!.toFixed(0)} ms (${ordenados[0]!.toFixed(0)}–${ordenados.at(-1)!.toFixed(0)}; em ordem: ${tempos.map((x) => x.toFixed(0)).join(', ')})`);
    console.log(`bruto ${reais(bruto)}, líquido ${reais(liquido)}; carga dos pagamentos ${(carga / 1000).toFixed(1)} s; load average ${cargaAntes.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await ctx.close();
  }
}
