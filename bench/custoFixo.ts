// Where a report request's fixed cost goes (issues 14 and 19): `npm run bench -- custo [--vezes 200]`, on the
// 10-store year kept by `npm run bench -- relatorios --pg` (BENCH_PG_DIR). The same signed-in app times, in turns:
// an empty unauthenticated route, an authenticated one answered from the session cache, the cancellations report
// for a day without sales (session, permission, the tenant's settings, the companies, planning) and for October,
// the same report through the tenant transaction (a channel filter: BEGIN, three statements, COMMIT), the hand SQL
// in one message, and bare round trips.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { canaisVenda } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { consultarComoInquilino, textoComLiterais, withTenant } from '../packages/server/src/db/tenant.ts';
import type { SessaoRequest } from '../packages/server/src/session/requireSession.ts';
import { createTestContext } from '../packages/server/test/harness.ts';
import { signIn, withCookie } from '../packages/server/test/http.ts';
import { postgresDoBench } from './postgresDoBench.ts';
import { bancoMantido, somasAMao } from './relatorios.ts';

const mediana = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)]!;
const OUTUBRO = { de: '2026-10-01', ate: '2026-10-31' };

export async function benchCustoFixo(adminUrl: string, vezes: number) {
  const mantido = await bancoMantido(adminUrl, { lojas: 10, dias: 365, porDia: 270 });
  if (!mantido.guardado?.empresas.length) throw new Error('o ano de 10 lojas não está no banco mantido: rode antes `npm run bench -- relatorios --pg` com BENCH_PG_DIR');
  const ctx = await createTestContext({}, { existente: { url: mantido.url, seed: mantido.guardado.seed } });
  try {
    const comSessao = withCookie(await signIn(ctx.app, 'admin@demo.com.br'));
    const s: SessaoRequest = { id: 'bench', usuario: ctx.seed.demo.admin, grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: ctx.seed.demo.empresas[0]!, permissoes: { administrador: true, telas: {}, pdv: [] } };
    const lista = sql`array[${sql.join(mantido.guardado.empresas.map((e) => sql`${e}::text`), sql`, `)}]::text[]`;
    const aMao = somasAMao(s.grupoEmpresarial, lista).relatorioVendaCancelamentos!.map(textoComLiterais).join('; ');
    let bytes = 0;
    const pedir = async (method: 'GET' | 'POST', url: string, payload?: object, cookie = true) => {
      const res = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}), ...(cookie ? comSessao : {}) });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      bytes = res.rawPayload.length;
      return res;
    };
    const casos: Record<string, () => Promise<unknown>> = {
      'GET /api/health (sem sessão)': () => pedir('GET', '/api/health', undefined, false),
      'GET /api/sessao (do cache de sessões)': () => pedir('GET', '/api/sessao'),
      'cancelamentos de um dia sem vendas': () => pedir('POST', '/api/relatorioVendaCancelamentos', { de: '2020-01-01', ate: '2020-01-01' }),
      'cancelamentos de outubro (uma ida e volta)': () => pedir('POST', '/api/relatorioVendaCancelamentos', OUTUBRO),
      'o mesmo + JSON.parse no cliente': async () => (await pedir('POST', '/api/relatorioVendaCancelamentos', OUTUBRO)).json(),
      'o mesmo com todos os canais (transação: BEGIN, 3 consultas, COMMIT)': () => pedir('POST', '/api/relatorioVendaCancelamentos', { ...OUTUBRO, canais: [...canaisVenda] }),
      'SQL à mão dos cancelamentos de outubro (uma mensagem)': () => ctx.pool.query(aMao),
      'ida e volta: pool.query select 1': () => ctx.pool.query('select 1'),
      'withTenant select 1 (BEGIN com o inquilino, select, COMMIT)': () => withTenant(ctx.db, s, (tx) => tx.execute(sql`select 1`)),
      'consultarComoInquilino select 1 (uma mensagem)': () => consultarComoInquilino(ctx.db, s, sql`select 1`),
    };
    const tempos = Object.fromEntries(Object.keys(casos).map((k) => [k, [] as number[]]));
    const carga = [loadavg()[0]!];
    for (let i = 0; i < vezes + 10; i++) {
      for (const [nome, fazer] of Object.entries(casos)) {
        const t0 = performance.now();
        await fazer();
        if (i >= 10) tempos[nome]!.push(performance.now() - t0);
      }
    }
    carga.push(loadavg()[0]!);
    await pedir('POST', '/api/relatorioVendaCancelamentos', OUTUBRO);
    return { medianas: Object.fromEntries(Object.entries(tempos).map(([k, t]) => [k, mediana(t)])), carga, bytes };
  } finally {
    await ctx.close();
  }
}

export async function executarCustoFixo(args: string[]) {
  const { values } = parseArgs({ args, options: { vezes: { type: 'string' } } });
  const pg = await postgresDoBench();
  try {
    const r = await benchCustoFixo(pg.url, Number(values.vezes ?? 200));
    console.log(`\n# Custo fixo de um pedido (PostgreSQL, 10 lojas × 365 dias; medianas de ${values.vezes ?? 200}, todos os casos em turnos; carga ${r.carga.map((x) => x.toFixed(1)).join(' → ')})`);
    for (const [k, v] of Object.entries(r.medianas)) console.log(`${k}: ${v.toFixed(2)} ms`);
    const m = r.medianas;
    console.log(`razão API/SQL à mão dos cancelamentos de outubro: ${(m['cancelamentos de outubro (uma ida e volta)']! / m['SQL à mão dos cancelamentos de outubro (uma mensagem)']!).toFixed(2)} (meta ≤ 1,5); resposta de ${(r.bytes / 1024).toFixed(0)} KiB`);
  } finally {
    await pg.stop();
  }
}
