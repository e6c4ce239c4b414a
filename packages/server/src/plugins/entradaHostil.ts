import { findRecurso } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rotuloDoCampo } from '../resources/record.ts';
import { recusarNomeando } from '../resources/validacao.ts';
import { HttpError } from './envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue resource whose fields the body holds: a refusal names them by their label. */
    recurso?: string;
  }
}

/**
 * Deeper than this, a JSON body is refused: no screen sends more than a few levels, and deep values
 * cost recursion everywhere after (zod, the SQL of filters, jsonb).
 */
export const PROFUNDIDADE_MAXIMA = 32;

const mensagemCaractereNulo = 'caractere nulo (\\u0000) não é permitido.';
const mensagemProfundidade = `mais de ${PROFUNDIDADE_MAXIMA} níveis de aninhamento não são permitidos.`;

type Problema = { caminho: string[]; motivo: 'nulo' | 'profundidade' };

const temNulo = (texto: string) => texto.includes('\u0000');

/** The first NUL (in a string or a key) or the first value nested too deep, depth first. */
export function procurarProblema(valor: unknown, profundidadeMaxima = PROFUNDIDADE_MAXIMA): Problema | null {
  const pilha: { valor: unknown; caminho: string[] }[] = [{ valor, caminho: [] }];
  while (pilha.length) {
    const { valor: atual, caminho } = pilha.pop()!;
    if (typeof atual === 'string') {
      if (temNulo(atual)) return { caminho, motivo: 'nulo' };
      continue;
    }
    if (atual === null || typeof atual !== 'object' || Buffer.isBuffer(atual)) continue;
    if (caminho.length >= profundidadeMaxima) return { caminho, motivo: 'profundidade' };
    const entradas = Array.isArray(atual) ? atual.map((v, i) => [String(i), v] as const) : Object.entries(atual);
    // Reversed, so the stack visits the fields in their order and the first bad one is named.
    for (let i = entradas.length - 1; i >= 0; i--) {
      const [chave, filho] = entradas[i]!;
      if (temNulo(chave)) return { caminho: [...caminho, chave], motivo: 'nulo' };
      pilha.push({ valor: filho, caminho: [...caminho, chave] });
    }
  }
  return null;
}

/**
 * A signed webhook's raw body read as JSON, with the checks every JSON body gets from the default parser (no
 * prototype keys, no NUL, no deep nesting): the signature is over the raw bytes, so such routes parse them
 * themselves. Nothing here needs a secret or looks anything up.
 */
export function lerJsonBruto(bruto: Buffer): unknown {
  let corpo: unknown;
  try {
    corpo = JSON.parse(bruto.toString('utf8'), (chave, valor: unknown) => {
      if (chave === '__proto__' || (chave === 'constructor' && valor && typeof valor === 'object' && 'prototype' in valor)) throw new SyntaxError('prototype');
      return valor;
    });
  } catch {
    throw new HttpError(400, 'Conteúdo: envie um JSON válido (sem chaves __proto__ ou constructor.prototype).');
  }
  const problema = procurarProblema(corpo);
  if (problema) {
    recusarNomeando({ [caminhoLegivel(problema.caminho) || '_']: problema.motivo === 'nulo' ? mensagemCaractereNulo : 'Aninhamento profundo demais.' }, (c) => c);
  }
  return corpo;
}

/** 'itens.0.nome'; a NUL inside a key is shown as the escape, not as an invisible character. */
const caminhoLegivel = (caminho: string[]) => caminho.join('.').replaceAll('\u0000', '\\u0000');

function recusar(onde: string, campo: string, problema: Problema): never {
  const detalhe = problema.motivo === 'nulo' ? mensagemCaractereNulo : mensagemProfundidade;
  throw new HttpError(400, `${onde}: ${detalhe}`, {}, { [campo || '_']: detalhe.charAt(0).toUpperCase() + detalhe.slice(1) });
}

/** "Descrição" when the route's resource labels the field, else "Campo itens.0.nome" (or "Conteúdo" for the body itself). */
function nomeDoCampo(request: FastifyRequest, campo: string): string {
  if (!campo) return 'Conteúdo';
  const def = request.routeOptions.config.recurso ? findRecurso(request.routeOptions.config.recurso) : undefined;
  const rotulo = def ? rotuloDoCampo(def, campo) : campo;
  return rotulo === campo ? `Campo ${campo}` : rotulo;
}

/**
 * One check of everything a request brings before any handler, hook or query sees it: PostgreSQL
 * text and jsonb cannot hold NUL (a query with one fails as a 500), and nothing legitimate sends it.
 * Body, query string, path parameters and headers are checked; binary bodies (Buffer) are bytes, not
 * text, and files travel in base64, so NUL inside a file is never seen here.
 */
export function verificarEntrada(request: FastifyRequest): void {
  for (const [nome, valor] of Object.entries(request.headers)) {
    const problema = procurarProblema(valor);
    if (problema) recusar(`Cabeçalho ${nome}`, `cabecalho.${nome}`, problema);
  }
  for (const origem of ['params', 'query'] as const) {
    const problema = procurarProblema(request[origem]);
    if (problema) {
      const campo = caminhoLegivel(problema.caminho);
      recusar(`Parâmetro ${campo}`, campo, problema);
    }
  }
  const problema = procurarProblema(request.body);
  if (problema) {
    const campo = caminhoLegivel(problema.caminho);
    recusar(nomeDoCampo(request, campo), campo, problema);
  }
}

/**
 * preValidation runs after the body is parsed and before the schema, the session lookup and the
 * handler: the one place every route passes, so no route has to remember it.
 */
export function registerEntradaHostil(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => verificarEntrada(request));
}
