import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../src/db/open.ts';
import { IDLE_TIMEOUTS_MS } from '../src/timeouts.ts';
import { onPostgres } from './harness.ts';
import { enviarPedido, iniciarServidor, pedidoCompleto, prepararBanco, vendasEResumo, vendasGravadas, type BancoDeTeste, type Envio, type ProcessoServidor } from './servidorReal.ts';

// Soak: a store's terminals send sales in bursts with quiet moments between them longer than every
// pool and cache timeout of the server (src/timeouts.ts), so each burst after the first finds a new
// database connection and credentials to look up again. Zero failures, each sale stored once.
// (Issue: one sale, 15 s of quiet, then every sale answered 500 until the server was restarted.)

const TERMINAIS = 3;
const VENDAS_POR_RAJADA = 4;
const RAJADAS = 3;
/** Longer than the longest timeout, with margin for a busy machine's timers. */
const QUIETO_MS = Math.max(...Object.values(IDLE_TIMEOUTS_MS)) + 5_000;

let banco: BancoDeTeste;
let servidor: ProcessoServidor | undefined;
let leitura: OpenDatabase | undefined;

beforeAll(async () => {
  banco = await prepararBanco(TERMINAIS);
  servidor = await iniciarServidor(banco.env);
}, 240_000);
afterAll(async () => {
  await servidor?.parar();
  await leitura?.close();
  await banco?.descartar();
}, 60_000);

describe(`soak on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: sales after quiet times longer than every timeout`, () => {
  it(
    'every sale of every burst is stored once, none fails',
    async () => {
      const envios: Envio[] = [];
      for (let rajada = 1; rajada <= RAJADAS; rajada++) {
        if (rajada > 1) await new Promise((pronto) => setTimeout(pronto, QUIETO_MS));
        // The terminals at once, each sending its orders one after the other, as a till does.
        await Promise.all(
          banco.tokens.map(async (token, t) => {
            for (let n = 1; n <= VENDAS_POR_RAJADA; n++) envios.push(await enviarPedido(servidor!.url, token, t, pedidoCompleto(banco.ids, `SOAK-${t}-${rajada}-${n}`)));
          }),
        );
      }
      expect(envios.filter((e) => e.status !== 201), servidor!.saida()).toEqual([]);
      expect(envios).toHaveLength(TERMINAIS * VENDAS_POR_RAJADA * RAJADAS);

      await servidor!.parar();
      servidor = undefined;
      leitura = await banco.abrir();
      const gravadas = await vendasGravadas(leitura, 'SOAK-');
      expect(gravadas.size).toBe(envios.length);
      for (const e of envios) expect(gravadas.get(e.pedidoId), e.pedidoId).toEqual({ vezes: 1, itens: 2, pagamentos: 2, total: 4190 });
      const { vendas, resumo } = await vendasEResumo(leitura);
      expect(resumo).toEqual(vendas);
    },
    // The quiet times, plus the sends and a slow machine.
    (RAJADAS - 1) * QUIETO_MS + 180_000,
  );
});
