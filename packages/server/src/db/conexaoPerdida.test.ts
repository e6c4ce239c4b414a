import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { conexaoPerdida, repetirAoPerderConexao } from './conexaoPerdida.ts';

const comCodigo = (message: string, code: string) => Object.assign(new Error(message), { code });
/** An error the database answered, as node-postgres raises it (SQLSTATE in code). */
const doBanco = (code: string) => Object.assign(new Error('falhou'), { code, severity: 'ERROR' });
const pelaDrizzle = (causa: Error) => new DrizzleQueryError('insert into venda …', [], causa);

describe('conexaoPerdida', () => {
  it('recognizes a connection lost or refused, however wrapped', () => {
    expect(conexaoPerdida(comCodigo('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(conexaoPerdida(pelaDrizzle(comCodigo('read ECONNRESET', 'ECONNRESET')))).toBe(true);
    expect(conexaoPerdida(pelaDrizzle(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(conexaoPerdida(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    // pg_terminate_backend, a server shutting down, a server still starting.
    for (const code of ['57P01', '57P02', '57P03', '08006']) expect(conexaoPerdida(pelaDrizzle(doBanco(code))), code).toBe(true);
  });

  it('does not take a failing statement for a lost connection', () => {
    for (const code of ['23505', '22P02', '42P05', '40001']) expect(conexaoPerdida(pelaDrizzle(doBanco(code))), code).toBe(false);
    expect(conexaoPerdida(new Error('Produto não encontrado'))).toBe(false);
    expect(conexaoPerdida('ECONNRESET')).toBe(false);
  });
});

describe('repetirAoPerderConexao', () => {
  it('runs the work again while the connection is lost, and answers its result', async () => {
    let vezes = 0;
    const resultado = await repetirAoPerderConexao(async () => {
      if (++vezes < 3) throw comCodigo('connect ECONNREFUSED', 'ECONNREFUSED');
      return 'gravada';
    }, 10_000);
    expect({ resultado, vezes }).toEqual({ resultado: 'gravada', vezes: 3 });
  });

  it('does not repeat work that failed for another reason', async () => {
    let vezes = 0;
    await expect(
      repetirAoPerderConexao(async () => {
        vezes++;
        throw doBanco('23505');
      }, 10_000),
    ).rejects.toMatchObject({ code: '23505' });
    expect(vezes).toBe(1);
  });

  it('gives up with the connection error once the wait is over', async () => {
    let vezes = 0;
    const inicio = Date.now();
    await expect(
      repetirAoPerderConexao(async () => {
        vezes++;
        throw comCodigo('connect ECONNREFUSED', 'ECONNREFUSED');
      }, 500),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(vezes).toBeGreaterThan(1);
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(500);
  });
});
