import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { depoisDaTela } from './depoisDaTela.ts';

/** A query whose answer the test gives when it wants. */
function pendente(client: QueryClient, chave: string[]) {
  let responder!: (v: string) => void;
  const feita = client.fetchQuery({ queryKey: chave, queryFn: () => new Promise<string>((r) => (responder = r)) });
  return { responder: (v: string) => responder(v), feita };
}

const estado = (p: Promise<void>) => {
  let pronto = false;
  void p.then(() => (pronto = true));
  return () => pronto;
};

// Fake clocks: `assentar` runs everything due now (the cache's notices, the idle callback) and nothing later (the
// 60-second limit), so "not yet" is checked after all that could happen has, without guessing a time.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const assentar = () => vi.advanceTimersByTimeAsync(1);

describe('the product list waits for the visible screen', () => {
  it('starts only after the screen’s own data has arrived, not when the session’s has', async () => {
    const client = new QueryClient();
    // Drawn together with the layout: the screen's query and the session's are both on their way.
    const sessao = pendente(client, ['sessao', 'emp-1']);
    const tela = pendente(client, ['recurso', 'produtoGeralEmpresa', 'lista']);
    const pronto = estado(depoisDaTela(client, undefined, 60_000));
    sessao.responder('ok');
    await sessao.feita;
    await assentar();
    expect(pronto()).toBe(false);
    tela.responder('20.000 linhas');
    await tela.feita;
    await assentar();
    expect(pronto()).toBe(true);
  });

  it('does not wait for a screen that asks for nothing (the start page): ready at the first idle moment', async () => {
    const client = new QueryClient();
    const sessao = pendente(client, ['sessao', 'emp-1']);
    const pronto = estado(depoisDaTela(client, undefined, 60_000));
    await assentar();
    expect(pronto()).toBe(true);
    sessao.responder('ok');
  });

  it('stops waiting when the company’s load is aborted', async () => {
    const client = new QueryClient();
    pendente(client, ['recurso', 'produtoGeral', 'lista']);
    const controle = new AbortController();
    const pronto = estado(depoisDaTela(client, controle.signal, 60_000));
    await assentar();
    expect(pronto()).toBe(false);
    controle.abort();
    await assentar();
    expect(pronto()).toBe(true);
  });
});
