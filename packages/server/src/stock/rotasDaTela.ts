import type { AcaoTela } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { naTransacaoDaSessao, registrarRotaDaTela } from '../resources/rotaDaTela.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import type { AutorEstoque } from './razao.ts';

/**
 * The routes of a stock document screen under /api/<tela> (resources/rotaDaTela.ts under the Estoque tag),
 * one tenant transaction per call; `ler` gives the body by its schema or a 400 naming the first field in Portuguese.
 */
export function rotasDaTelaDeEstoque(app: FastifyInstance, ctx: AppContext, tela: string, rotuloCampo: (campo: string) => string) {
  const ler = <T extends z.ZodType>(schema: T, request: FastifyRequest): z.output<T> => lerOuRecusar(schema, request.body, rotuloCampo, { padrao: 'corpo' });
  const rota = <T>(metodo: 'get' | 'post' | 'put', caminho: string, acao: AcaoTela, resumo: string, executar: (tx: Transaction, a: AutorEstoque, request: FastifyRequest) => Promise<T>, status: 200 | 201 = 200) =>
    registrarRotaDaTela(app, ctx, { metodo, url: `/api/${tela}${caminho}`, telas: [tela], acao, tag: 'Estoque', summary: resumo, status }, (request) => naTransacaoDaSessao(ctx, request, (tx, a) => executar(tx, a, request)));
  return { rota, ler };
}
