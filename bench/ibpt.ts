// Import of the real IBPT sample (11,390 rows) through the API, against parsing the same file alone,
// in one run: how much of the import is the database's work. The budget is 2 s for the import.
import { readFileSync } from 'node:fs';
import { lerTabelaIbpt } from '@retaguarda/domain';
import { startServer } from '../e2e/support/server.ts';
import { entrarComoAdmin } from './entrar.ts';

const amostra = readFileSync(new URL('../fixtures/ibpt/TabelaIBPTax_26.1.E.csv', import.meta.url));

export async function benchIbpt(databaseUrl?: string) {
  const server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  try {
    const cookie = await entrarComoAdmin(server.url);
    const importar = async () => {
      const inicio = performance.now();
      const res = await fetch(`${server.url}/api/olhoNoImposto/importar?uf=SP`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/octet-stream' },
        body: amostra,
      });
      if (res.status !== 201) throw new Error(`importação falhou: ${res.status} ${await res.text()}`);
      return performance.now() - inicio;
    };
    await importar(); // warm-up (JIT, first plan); the second import replaces the first
    const tempos = [await importar(), await importar(), await importar()];
    const parseInicio = performance.now();
    for (let i = 0; i < 3; i++) lerTabelaIbpt(amostra);
    const parse = (performance.now() - parseInicio) / 3;
    const importacao = Math.min(...tempos);
    return { importacao, parse, linhas: 11_390 };
  } finally {
    await server.stop();
  }
}
