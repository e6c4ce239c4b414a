import { z } from 'zod';
import { falhaSchema } from './envelope.ts';

/**
 * Finishing touches on the OpenAPI document built from the routes (plugins/docs.ts), so a linter
 * passes it and client generators get usable names: an operationId per operation, the error envelope
 * for the 4XX answers each operation can give, and `nullable` where OpenAPI 3.0 accepts it.
 */

type Json = Record<string, unknown>;
const METODOS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const maiuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** GET /api/produtoGeral/{_id}/historico → getProdutoGeralPorIdHistorico: stable, unique and readable. */
export function operationIdDe(metodo: string, caminho: string): string {
  const partes = caminho
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => {
      const param = /^\{(.+)\}$/.exec(p);
      const nome = (param ? `por_${param[1]}` : p).replace(/^_+/, '');
      return nome.split(/[^A-Za-z0-9]+/).filter(Boolean).map(maiuscula).join('');
    });
  return metodo.toLowerCase() + (partes.join('') || 'Raiz');
}

/** The failure answers, each the {valido: false, data: {message, campos?}} envelope. */
const respostasDeFalha: Record<string, { codigo: string; descricao: string }> = {
  Invalido: { codigo: '400', descricao: 'Dados inválidos: a mensagem e, por campo, o que corrigir' },
  NaoAutenticado: { codigo: '401', descricao: 'Sessão ausente ou expirada' },
  SemPermissao: { codigo: '403', descricao: 'Sem permissão para esta ação ou empresa' },
  NaoEncontrado: { codigo: '404', descricao: 'Registro não encontrado' },
  Conflito: { codigo: '409', descricao: 'Conflito: o registro mudou desde que foi lido, ou a ação já foi feita' },
  GrandeDemais: { codigo: '413', descricao: 'Corpo da requisição grande demais' },
  MuitasTentativas: { codigo: '429', descricao: 'Muitas tentativas; tente de novo depois do tempo em Retry-After' },
};

/** Which failures an operation can answer, from what it takes and whether it needs a credential. */
function falhasDa(metodo: string, caminho: string, op: Json): string[] {
  const protegida = Array.isArray(op.security) && op.security.some((s) => Object.keys(s as Json).length > 0);
  const nomes = ['Invalido'];
  if (protegida) nomes.push('NaoAutenticado', 'SemPermissao');
  if (caminho.includes('{')) nomes.push('NaoEncontrado');
  if (metodo !== 'get') nomes.push('Conflito');
  if (op.requestBody) nomes.push('GrandeDemais');
  if (!protegida && metodo === 'post') nomes.push('MuitasTentativas');
  return nomes;
}

/**
 * OpenAPI 3.0 wants `type` beside `nullable`; zod's unions give `anyOf` instead. Moves the flag into
 * each alternative, which means the same.
 */
export function corrigirNullable(no: unknown): void {
  if (Array.isArray(no)) {
    for (const item of no) corrigirNullable(item);
    return;
  }
  if (!no || typeof no !== 'object') return;
  const obj = no as Json;
  const alternativas = (obj.anyOf ?? obj.oneOf) as Json[] | undefined;
  if (obj.nullable === true && obj.type === undefined && Array.isArray(alternativas)) {
    delete obj.nullable;
    for (const alt of alternativas) if (alt.$ref === undefined) alt.nullable = true;
  }
  for (const valor of Object.values(obj)) corrigirNullable(valor);
}

export function ajustarDocumento(doc: Json): Json {
  const components = (doc.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  schemas.Falha = z.toJSONSchema(falhaSchema, { target: 'openapi-3.0' });
  const responses = (components.responses ??= {}) as Json;
  for (const [nome, r] of Object.entries(respostasDeFalha)) {
    responses[nome] = { description: r.descricao, content: { 'application/json': { schema: { $ref: '#/components/schemas/Falha' } } } };
  }
  for (const [caminho, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const metodo of METODOS) {
      const op = item[metodo] as Json | undefined;
      if (!op) continue;
      op.operationId ??= operationIdDe(metodo, caminho);
      const respostas = (op.responses ??= {}) as Json;
      for (const nome of falhasDa(metodo, caminho, op)) respostas[respostasDeFalha[nome]!.codigo] ??= { $ref: `#/components/responses/${nome}` };
    }
  }
  corrigirNullable(doc.paths);
  corrigirNullable(components.schemas);
  return doc;
}
