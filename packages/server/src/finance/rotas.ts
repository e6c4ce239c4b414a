import type { AcaoTela } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { naTransacaoDaSessao, registrarRotaDaTela, type MetodoRota } from '../resources/rotaDaTela.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import type { AutorFinanceiro } from './razao.ts';

export const autorDaSessao = (s: SessaoRequest): AutorFinanceiro => ({ grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa, usuario: s.usuario });

/**
 * A finance screen's routes (resources/rotaDaTela.ts under the Financeiro tag): `ler` gives the body or a
 * 400 naming the field by the screen's labels. A page that serves several screens (the calendar) names
 * them all: seeing any one of them is enough.
 */
export function rotasDaTela(app: FastifyInstance, ctx: AppContext, tela: string | readonly string[], rotulos: Record<string, string>) {
  const telas = typeof tela === 'string' ? [tela] : tela;
  const ler = <T extends z.ZodType>(schema: T, corpo: unknown): z.output<T> => lerOuRecusar(schema, corpo, (c) => rotulos[c.split('.')[0]!] ?? c);
  /** A route whose handler opens its own transactions (an upload writes its bytes outside one). */
  const rotaLivre = <T>(metodo: MetodoRota, url: string, acao: AcaoTela, summary: string, body: z.ZodType | undefined, status: 200 | 201, executar: (request: FastifyRequest) => Promise<T>, opcoes: { bodyLimit?: number } = {}) =>
    registrarRotaDaTela(app, ctx, { metodo, url, telas, acao, tag: 'Financeiro', summary, ...(body ? { body } : {}), status, ...opcoes }, executar);
  /** A route run in one tenant transaction. */
  const rota = <T>(metodo: MetodoRota, url: string, acao: AcaoTela, summary: string, body: z.ZodType | undefined, status: 200 | 201, executar: (tx: Transaction, a: AutorFinanceiro, request: FastifyRequest) => Promise<T>) =>
    rotaLivre(metodo, url, acao, summary, body, status, (request) => naTransacaoDaSessao(ctx, request, (tx, a) => executar(tx, a, request)));
  return { rota, rotaLivre, ler };
}
