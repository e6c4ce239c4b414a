import { describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { gravarEmGrupo, type GravarLote } from './gravacaoEmGrupo.ts';

/** A promise and its resolve, to hold a write at one step. */
function portao() {
  let abrir!: () => void;
  const aberto = new Promise<void>((r) => (abrir = r));
  return { aberto, abrir };
}

/** A fake write that records each batch and how many writes ran at once. */
function escritor(passos: { antesDeTomar?: () => Promise<void>; depoisDeTomar?: () => Promise<void>; falhar?: (lote: string[]) => boolean } = {}) {
  const lotes: string[][] = [];
  let ativos = 0;
  let maximoAtivos = 0;
  const gravar: GravarLote<string, string> = async (_primeira, tomar) => {
    ativos++;
    maximoAtivos = Math.max(maximoAtivos, ativos);
    try {
      await passos.antesDeTomar?.();
      const lote = tomar();
      expect(tomar()).toEqual(lote); // a retry gets the same batch
      lotes.push(lote);
      await passos.depoisDeTomar?.();
      if (passos.falhar?.(lote)) throw new Error(`falhou: ${lote.join(',')}`);
      return lote.map((e) => `ok ${e}`);
    } finally {
      ativos--;
    }
  };
  return { gravar, lotes, maximoAtivos: () => maximoAtivos };
}

const banco = () => ({}) as Database;

describe('group commit (gravarEmGrupo)', () => {
  it('entries arriving while the write opens its transaction ride in its batch', async () => {
    const abrindo = portao();
    const e = escritor({ antesDeTomar: () => abrindo.aberto });
    const db = banco();
    const respostas = ['a', 'b', 'c'].map((x) => gravarEmGrupo(db, 'loja', x, e.gravar));
    abrindo.abrir();
    expect(await Promise.all(respostas)).toEqual(['ok a', 'ok b', 'ok c']);
    expect(e.lotes).toEqual([['a', 'b', 'c']]);
  });

  it('entries arriving after the batch was taken wait for the next write, never two at once', async () => {
    const gravando = portao();
    let primeira = true;
    const e = escritor({ depoisDeTomar: () => (primeira ? ((primeira = false), gravando.aberto) : Promise.resolve()) });
    const db = banco();
    const a = gravarEmGrupo(db, 'loja', 'a', e.gravar);
    await Promise.resolve();
    const depois = ['b', 'c'].map((x) => gravarEmGrupo(db, 'loja', x, e.gravar));
    gravando.abrir();
    expect(await Promise.all([a, ...depois])).toEqual(['ok a', 'ok b', 'ok c']);
    expect(e.lotes).toEqual([['a'], ['b', 'c']]);
    expect(e.maximoAtivos()).toBe(1);
  });

  it('keys are written apart: another company does not wait', async () => {
    const abrindo = portao();
    const e = escritor({ antesDeTomar: () => abrindo.aberto });
    const db = banco();
    const respostas = [gravarEmGrupo(db, 'loja 1', 'a', e.gravar), gravarEmGrupo(db, 'loja 2', 'b', e.gravar)];
    abrindo.abrir();
    expect(await Promise.all(respostas)).toEqual(['ok a', 'ok b']);
    expect(e.lotes).toEqual([['a'], ['b']]);
  });

  it("when a shared write fails each entry is written alone: one entry's error refuses only it", async () => {
    const abrindo = portao();
    const e = escritor({ antesDeTomar: () => abrindo.aberto, falhar: (lote) => lote.includes('ruim') });
    const db = banco();
    const respostas = ['a', 'ruim', 'c'].map((x) => gravarEmGrupo(db, 'loja', x, e.gravar).catch((erro: Error) => erro.message));
    abrindo.abrir();
    expect(await Promise.all(respostas)).toEqual(['ok a', 'falhou: ruim', 'ok c']);
    expect(e.lotes).toEqual([['a', 'ruim', 'c'], ['a'], ['ruim'], ['c']]);
  });

  it('a write that fails before taking its batch (no connection) refuses every entry waiting then, at once; a later entry gets a write of its own', async () => {
    let vezes = 0;
    const abrindo = portao();
    const gravar: GravarLote<string, string> = async (_p, tomar) => {
      await abrindo.aberto;
      if (vezes++ === 0) throw new Error('sem conexão');
      return tomar().map((x) => `ok ${x}`);
    };
    const db = banco();
    const respostas = ['a', 'b', 'c'].map((x) => gravarEmGrupo(db, 'loja', x, gravar).catch((erro: Error) => erro.message));
    abrindo.abrir();
    expect(await Promise.all(respostas)).toEqual(['sem conexão', 'sem conexão', 'sem conexão']);
    expect(await gravarEmGrupo(db, 'loja', 'd', gravar)).toBe('ok d');
    expect(vezes).toBe(2);
  });
});
