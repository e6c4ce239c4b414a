import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../src/db/open.ts';
import { esperarAte } from './espera.ts';
import { onPostgres } from './harness.ts';
import { filhosDe, vivo } from './processos.ts';

import {
  BANCO_EMBUTIDO,
  enviarPedido,
  iniciarServidor,
  pedidoCompleto,
  prepararBanco,
  vendasEResumo,
  vendasGravadas,
  type BancoDeTeste,
  type Envio,
  type ProcessoServidor,
} from './servidorReal.ts';

// Crash: the server process is killed with SIGKILL (the OOM killer, a power cut of the process) during
// a burst of sales, then started again on the same data. Every sale answered 201 is there, once and
// whole; a sale in flight at the moment of the kill (no answer) is either stored whole or not at all,
// and sending it again, as a terminal does when it got no answer, stores it exactly once.

const TERMINAIS = 3;
const VENDAS_ANTES = 15;

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

describe(`the server killed with SIGKILL during a burst of sales (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'after the restart the stored sales are those answered 201, plus in-flight ones stored whole or not at all',
    async () => {
      const primeiro = servidor!;
      const envios: Envio[] = [];
      let parar = false;
      const terminais = banco.tokens.map(async (token, t) => {
        for (let n = 1; !parar; n++) envios.push(await enviarPedido(primeiro.url, token, t, pedidoCompleto(banco.ids, `QUEDA-${t}-${n}`)));
      });
      await esperarAte(() => envios.filter((e) => e.status === 201).length >= VENDAS_ANTES, 120_000, `${VENDAS_ANTES} vendas aceitas`);
      // The embedded database, orphaned by the kill, must see its parent gone and close its files.
      const bancoEmbutido = filhosDe(primeiro.pid, BANCO_EMBUTIDO);
      expect(bancoEmbutido).toHaveLength(onPostgres ? 0 : 1);
      // Each terminal stops after the order it is sending now: that one is in flight when the server dies.
      parar = true;
      await primeiro.matar();
      await Promise.all(terminais);
      servidor = undefined;

      const semResposta = envios.filter((e) => e.status === 0);
      const respondidas = envios.filter((e) => e.status !== 0);
      expect(respondidas.filter((e) => e.status !== 201)).toEqual([]);

      // Started again on the same DATA_DIR / DATABASE_URL, as a supervisor would.
      servidor = await iniciarServidor(banco.env);
      for (const pid of bancoEmbutido) expect(vivo(pid), `o banco embutido órfão (processo ${pid}) terminou`).toBe(false);
      // The terminals resend what got no answer: stored before the kill (200, the same sale) or not (201).
      for (const e of semResposta) {
        const reenvio = await enviarPedido(servidor.url, banco.tokens[e.terminal]!, e.terminal, pedidoCompleto(banco.ids, e.pedidoId));
        expect([200, 201], `${e.pedidoId}: ${reenvio.erro}`).toContain(reenvio.status);
      }
      const depois = await enviarPedido(servidor.url, banco.tokens[0]!, 0, pedidoCompleto(banco.ids, 'QUEDA-depois'));
      expect(depois.status, depois.erro).toBe(201);

      await servidor.parar();
      servidor = undefined;
      leitura = await banco.abrir();
      const gravadas = await vendasGravadas(leitura, 'QUEDA-');
      // Each once and whole: two items, two payments, the total. A sale half-written before the kill
      // would have been answered 200 on resend and show here with its missing rows.
      for (const e of [...envios, depois]) expect(gravadas.get(e.pedidoId), e.pedidoId).toEqual({ vezes: 1, itens: 2, pagamentos: 2, total: 4190 });
      expect(gravadas.size).toBe(envios.length + 1);
      const { vendas, resumo } = await vendasEResumo(leitura);
      expect(resumo).toEqual(vendas);
    },
    600_000,
  );
});
