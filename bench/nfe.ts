// Supplier NF-e entry (issue 15): the server's work for the 41-item note, from the upload to a posted
// entry (stock in at the landed cost, seven payables), through the HTTP API of the real app (in
// process, a signed-in session). The budget is 300 ms for import + post. Every item is known by its
// GTIN (a supplier already registered), so the time is the server's, not a user's matching.
//
//   npm run bench -- nfe      (TEST_DATABASE_URL: on that PostgreSQL; otherwise PGlite)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lerNfe } from '@retaguarda/domain';
import { createTestContext } from '../packages/server/test/harness.ts';
import { comChaveRefeita, lerAmostraNfe, paraDestinatario } from '../packages/server/test/amostrasNfe.ts';
import { signIn } from '../packages/server/test/http.ts';
import { apiClient, criar } from '../packages/server/test/resourceApi.ts';

const RODADAS = 15;

const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function executarNfe(): Promise<void> {
  const pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-bench-nfe-'));
  const ctx = await createTestContext({ STORAGE_DIR: pasta });
  try {
    const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const sessao = (await api('GET', '/sessao')).body.data;
    const cnpj = (await api('GET', `/empresa/${sessao.empresa._id}`)).body.data.cnpj as string;
    const base = paraDestinatario(lerAmostraNfe('nfe55_41itens_ipitrib_7dups.xml'), cnpj);
    const leitura = lerNfe(base);
    if (leitura.tipo !== 'nota') throw new Error('amostra ilegível');
    const local = (await criar(api, 'estoqueCadastro', { descricao: 'Depósito bench' }))._id;
    const unidades = new Map<string, string>();
    for (const sigla of new Set(leitura.nota.itens.map((i) => i.unidade))) {
      const existente = (await api('POST', '/unidadeMedida/getPopulate', { filtro: { sigla } })).body.data[0]?._id;
      unidades.set(sigla, existente ?? (await criar(api, 'unidadeMedida', { sigla, descricao: `Unidade ${sigla}` }))._id);
    }
    for (const item of leitura.nota.itens) await criar(api, 'produtoGeral', { descricao: item.descricao, unidade: unidades.get(item.unidade), gtin: item.gtin });

    const importar: number[] = [];
    const lancar: number[] = [];
    for (let r = 0; r < RODADAS + 2; r++) {
      const xml = comChaveRefeita(base, { numero: 70_000 + r });
      const t0 = performance.now();
      const imp = await api('POST', '/entradaNotaFiscal/importar', { arquivos: [{ nome: `nfe-${r}.xml`, conteudo: Buffer.from(xml).toString('base64') }] });
      const t1 = performance.now();
      const [resultado] = imp.body.data;
      if (resultado.situacao !== 'pendente' || resultado.itens.some((i: { produto: string | null }) => !i.produto)) throw new Error(JSON.stringify(resultado).slice(0, 300));
      const post = await api('POST', `/entradaNotaFiscal/${resultado.entrada}/lancar`, { local });
      const t2 = performance.now();
      if (post.status !== 200) throw new Error(JSON.stringify(post.body));
      // The first two warm the caches and the JIT.
      if (r >= 2) {
        importar.push(t1 - t0);
        lancar.push(t2 - t1);
      }
    }
    const banco = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'banco embutido';
    const total = importar.map((x, i) => x + lancar[i]!);
    console.log(`# Entrada da NF-e de 41 itens (${banco}, ${RODADAS} notas, mediana)`);
    console.log(`importar (XML em base64 → entrada pendente, itens casados pelo GTIN): ${mediana(importar).toFixed(1)} ms`);
    console.log(`lançar (41 movimentos de estoque, 7 parcelas a pagar): ${mediana(lancar).toFixed(1)} ms`);
    console.log(`total: ${mediana(total).toFixed(1)} ms; pior: ${Math.max(...total).toFixed(1)} ms (meta: ≤ 300 ms)`);
  } finally {
    await ctx.close();
    await rm(pasta, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await executarNfe();
