// Bank reconciliation (issue 14): importing a 5,000-line OFX into an account that has a year of
// movements and of card receivables, with the automatic matching the import runs, through the HTTP API
// of the real app (in process, a signed-in session). The budget is 2 s. The movements are posted by
// `lancar` in one transaction, the sales through POST /api/vendas as the terminals send them.
//
//   npm run bench -- conciliacao [--vezes 5]   (TEST_DATABASE_URL: on that PostgreSQL; otherwise PGlite)
//
// One import on a shared 2-core machine swings by 2-3× with the load, so the figure is the median of
// `vezes` measured imports after a warm-up, each into a fresh account with the same year of movements and
// the same file, with the spread and the load average beside it.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { contaPadrao, escreverOfx, somarDiasCorridos } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { lancar } from '../packages/server/src/finance/razao.ts';
import { withTenant } from '../packages/server/src/db/tenant.ts';
import { createTestContext } from '../packages/server/test/harness.ts';
import { signIn } from '../packages/server/test/http.ts';
import { apiClient, criar } from '../packages/server/test/resourceApi.ts';
import { prepararVendas } from '../packages/server/test/vendasFixture.ts';

const INICIO = '2025-01-01';
const DIAS = 365;
const LINHAS = 5_000;
const VENDAS_POR_DIA = 4;

/** A deterministic pseudo-random sequence (the same data every run). */
function sorteio(semente: number) {
  let x = semente;
  return () => ((x = (x * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
}

export async function benchConciliacao(vezes = 5) {
  const ctx = await createTestContext();
  try {
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    const admin = apiClient(ctx.app, token);
    const c = await prepararVendas(ctx, admin);
    const visa = (await criar(admin, 'tipoPagamentoBandeira', { descricao: 'Visa', tBand: '01' }))._id;
    const operadoras = [
      (await criar(admin, 'operadora', { nome: 'Cielo', cnpj: '11.222.333/0001-81', taxaDebito: '1,99', taxaCredito: '3,19', taxaParcelado: '2,55' }))._id,
      (await criar(admin, 'operadora', { nome: 'Stone', cnpj: '16.501.555/0001-57', taxaDebito: '1,49', taxaCredito: '2,99', taxaParcelado: '2,35' }))._id,
    ];
    const aleatorio = sorteio(42);

    // A year of card sales: debit and credit à vista of two acquirers, a few a day.
    const vendas = [];
    for (let d = 0; d < DIAS; d++) {
      const dia = somarDiasCorridos(INICIO, d);
      for (let k = 0; k < VENDAS_POR_DIA; k++) {
        const valor = 2_000 + Math.floor(aleatorio() * 20_000);
        vendas.push({
          pedidoId: `B${d}-${k}`,
          canal: 'Balcão',
          abertoEm: `${dia}T12:00:00-03:00`,
          fechadoEm: `${dia}T12:${String(10 + k).padStart(2, '0')}:00-03:00`,
          itens: [{ produto: c.ids.xis, quantidade: '1', precoUnitario: valor }],
          pagamentos: [{ formaPagamento: c.ids.credito, tPag: k % 2 ? '03' : '04', valor, parcelas: 1, bandeira: visa, operadora: operadoras[k % 2] }],
          total: valor,
        });
      }
    }
    const inicioVendas = performance.now();
    for (let i = 0; i < vendas.length; i += 8) {
      const r = await Promise.all(vendas.slice(i, i + 8).map((v) => c.enviar(v)));
      if (r.some((x) => x.status !== 201)) throw new Error(`venda recusada: ${JSON.stringify(r.find((x) => x.status !== 201)?.body)}`);
    }
    const tempoVendas = performance.now() - inicioVendas;

    // The expected net per acquirer and day, as the reconciliation reads it: each becomes one bank credit.
    const creditos: [string, number, string][] = [];
    for (let mes = 0; mes < 12; mes++) {
      const de = `2025-${String(mes + 1).padStart(2, '0')}-01`;
      const ate = somarDiasCorridos(`2025-${String(mes + 2).padStart(2, '0')}-01`.replace('2025-13', '2026-01'), -1);
      const p = await admin('POST', '/calendarioRecebimento/previsao', { de, ate });
      for (const dia of p.body.data.dias) for (const o of dia.porOperadora) creditos.push([dia.data, o.liquido, `CRED ${o.nome.toUpperCase()}`]);
    }

    // A year of movements; most have their bank line, some a day or two later, some none.
    const quantosMovimentos = 3_500;
    const movimentos = Array.from({ length: quantosMovimentos }, (_, i) => {
      const saida = aleatorio() < 0.7;
      return { data: somarDiasCorridos(INICIO, Math.floor((i * DIAS) / quantosMovimentos)), valor: (saida ? -1 : 1) * (1_000 + Math.floor(aleatorio() * 500_000)), saida };
    });
    const s = { grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: ctx.seed.demo.empresas[0]!, usuario: ctx.seed.demo.admin };
    /** A new bank account with the year of movements: every measured import starts from the same state. */
    const novaConta = async (nome: string) => {
      const conta = (await criar(admin, 'financeiroConta', { nome, tipo: 'Banco', banco: '001', saldoInicial: 0, dataSaldoInicial: '2024-12-31' }))._id as string;
      await withTenant(ctx.db, s, (tx) =>
        lancar(
          tx,
          s,
          movimentos.map((m, i) => ({ contaId: conta, data: m.data, valor: m.valor, tipo: m.saida ? ('saida' as const) : ('entrada' as const), planoContaId: contaPadrao('1.04')._id, descricao: `Movimento ${i}` })),
        ),
      );
      return conta;
    };
    const regra = await admin('POST', '/financeiroConciliacaoBancaria/regras', { texto: 'TARIFA', planoConta: contaPadrao('9.01')._id, sinal: 'debito' });
    if (regra.status !== 200) throw new Error(JSON.stringify(regra.body));

    // The statement: the movements' lines (a fifth 1–3 days off, a tenth missing), the acquirers' credits,
    // monthly fees for the rule, and lines no one posted, up to 5,000.
    const linhas: [string, number, string][] = [];
    for (const m of movimentos) {
      const x = aleatorio();
      if (x < 0.1) continue;
      linhas.push([x < 0.3 ? somarDiasCorridos(m.data, 1 + Math.floor(aleatorio() * 3)) : m.data, m.valor, m.saida ? 'PAGAMENTO' : 'DEPOSITO']);
    }
    linhas.push(...creditos);
    for (let mes = 1; mes <= 12; mes++) linhas.push([`2025-${String(mes).padStart(2, '0')}-05`, -4_590, 'TARIFA PACOTE SERVICOS']);
    while (linhas.length < LINHAS) linhas.push([somarDiasCorridos(INICIO, Math.floor(aleatorio() * DIAS)), -(100 + Math.floor(aleatorio() * 99_000)), 'PIX ENVIADO']);
    linhas.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const ofx = (de: [string, number, string][]) =>
      Buffer.from(escreverOfx({ banco: '001', numero: '12345-6' }, de.map(([data, valor, memo], i) => ({ fitid: String(i + 1), data, valor, memo })))).toString('base64');
    const arquivo = ofx(linhas);

    // A company's acquirer-day is matched to one credit: the bench frees them (as the owner, outside the app's rules) so the next import
    // matches them again, as the first did.
    const liberarRecebiveis = async (conta: string) => {
      await ctx.db.execute(sql`delete from financeiro_conciliacao_movimento where conciliacao_id in (select id from financeiro_conciliacao where conta_id = ${conta} and origem = 'recebivel')`);
      await ctx.db.execute(sql`delete from financeiro_conciliacao where conta_id = ${conta} and origem = 'recebivel'`);
    };
    const importar = async (conta: string) => {
      const inicio = performance.now();
      const res = await admin('POST', '/financeiroConciliacaoBancaria/importar', { conta, arquivo: { nome: 'extrato-2025.ofx', conteudo: arquivo } });
      const ms = performance.now() - inicio;
      if (res.status !== 200) throw new Error(`importação falhou: ${res.status} ${JSON.stringify(res.body)}`);
      const contagem = await ctx.db.execute<{ origem: string; n: number }>(sql`select origem, count(*)::int as n from financeiro_conciliacao where conta_id = ${conta} group by origem order by 2 desc`);
      return { ms, importadas: res.body.data.importadas as number, conciliadas: res.body.data.conciliadas as number, porOrigem: Object.fromEntries(contagem.rows.map((r) => [r.origem, r.n])) };
    };
    // A warm-up import (JIT, first plans), then `vezes` measured ones, each with the same work (the same matches by origin).
    const carga = [loadavg()[0]!];
    const aquecimento = await novaConta('Aquecimento');
    await importar(aquecimento);
    await liberarRecebiveis(aquecimento);
    const medidas = [];
    for (let i = 0; i < vezes; i++) {
      const conta = await novaConta(`Banco ${i + 1}`);
      medidas.push(await importar(conta));
      await liberarRecebiveis(conta);
    }
    carga.push(loadavg()[0]!);
    const emOrdem = medidas.map((m) => m.ms);
    const ms = [...emOrdem].sort((a, b) => a - b);
    const mesmas = new Set(medidas.map((m) => JSON.stringify([m.conciliadas, m.porOrigem]))).size === 1;
    const { importadas, conciliadas, porOrigem } = medidas[0]!;
    return { ms, emOrdem, mediana: ms[Math.floor(ms.length / 2)]!, mesmas, carga, linhas: linhas.length, importadas, conciliadas, porOrigem, vendas: vendas.length, tempoVendas, movimentos: quantosMovimentos, creditos: creditos.length };
  } finally {
    await ctx.close();
  }
}

export async function executarConciliacao(args: string[] = []) {
  const { values } = parseArgs({ args, options: { vezes: { type: 'string' } } });
  const r = await benchConciliacao(Number(values.vezes ?? 5));
  const banco = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`\n# Conciliação bancária: importar um OFX de ${r.linhas.toLocaleString('pt-BR')} linhas com a conciliação automática (${banco}; mediana de ${r.ms.length} após 1 de aquecimento)`);
  console.log(
    `importação + conciliação: mediana ${r.mediana.toFixed(0)} ms (meta 2000 ms; razão ${(r.mediana / 2000).toFixed(2)} da meta); ` +
      `de ${r.ms[0]!.toFixed(0)} a ${r.ms.at(-1)!.toFixed(0)} ms (razões ${(r.ms[0]! / 2000).toFixed(2)}–${(r.ms.at(-1)! / 2000).toFixed(2)}); na ordem: ${r.emOrdem.map((x) => x.toFixed(0)).join(', ')} ms; ` +
      `carga média da máquina ${r.carga.map((x) => x.toFixed(1)).join(' → ')}`,
  );
  console.log(`${r.conciliadas.toLocaleString('pt-BR')} linhas conciliadas de ${r.importadas.toLocaleString('pt-BR')}; por origem: ${Object.entries(r.porOrigem).map(([o, q]) => `${o} ${q}`).join(', ')}${r.mesmas ? ' (iguais em todas as medidas)' : ' (ATENÇÃO: as medidas conciliaram diferente)'}`);
  console.log(
    `forma: cada medida em uma conta nova com ${r.movimentos.toLocaleString('pt-BR')} movimentos em um ano; ${r.vendas.toLocaleString('pt-BR')} vendas com cartão (débito e crédito, duas operadoras; gravadas em ${(r.tempoVendas / 1000).toFixed(0)} s) ` +
      `e ${r.creditos.toLocaleString('pt-BR')} créditos previstos por operadora e dia; o extrato traz 90% dos movimentos (um quinto com 1–3 dias de diferença), os créditos das operadoras, ` +
      '12 tarifas para uma regra e PIX que ninguém lançou; a previsão de recebíveis do ano é calculada na importação',
  );
}
