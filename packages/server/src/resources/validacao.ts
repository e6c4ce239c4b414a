import { mensagens, type RecursoDef } from '@retaguarda/domain';
import type { z } from 'zod';
import { HttpError } from '../plugins/envelope.ts';
import { rotuloDoCampo } from './record.ts';

/** 400 {message, campos} where the message names the first field by its label. */
export class ValidacaoError extends HttpError {
  constructor(def: RecursoDef, campos: Record<string, string>) {
    const [campo, msg] = Object.entries(campos)[0] ?? ['_', mensagens.requisicaoInvalida];
    super(400, campo === '_' ? msg : `${rotuloDoCampo(def, campo)}: ${msg}`, {}, campos);
  }
}

/** 400 {message, campos} outside the resource engine: the message names the first field by `rotuloDe` ('Protocolo: …'). */
export function recusarNomeando(campos: Record<string, string>, rotuloDe: (campo: string) => string): never {
  const [campo, mensagem] = Object.entries(campos)[0]!;
  throw new HttpError(400, `${rotuloDe(campo)}: ${mensagem}`, {}, campos);
}

/**
 * Field → first message of a zod refusal: by the whole dotted path ('itens.0.quantidade'), or by the
 * top-level field only (`topo`), with `padrao` for issues of the object itself.
 */
export function camposDoZod(issues: readonly { path: readonly PropertyKey[]; message: string }[], padrao: string, opcoes: { prefixo?: string; topo?: boolean } = {}): Record<string, string> {
  const campos: Record<string, string> = {};
  for (const issue of issues) {
    const caminho = opcoes.topo ? String(issue.path[0] ?? '') : issue.path.map(String).join('.');
    campos[(opcoes.prefixo ?? '') + (caminho || padrao)] ??= issue.message;
  }
  return campos;
}

/**
 * A body (or query) by its zod schema, or 400 naming the first wrong field by `rotuloDe`
 * ('Até: O fim do período é anterior ao início.'). `padrao` names issues of the object itself; `topo`
 * names a nested issue by its top-level field (a filter), otherwise by its dotted path ('itens.0.quantidade');
 * `prefixo` places the fields under a section of a larger body ('lojas.preco').
 */
export function lerOuRecusar<T extends z.ZodType>(schema: T, corpo: unknown, rotuloDe: (campo: string) => string, opcoes: { padrao?: string; topo?: boolean; prefixo?: string } = {}): z.output<T> {
  const lido = schema.safeParse(corpo ?? {});
  if (lido.success) return lido.data;
  return recusarNomeando(camposDoZod(lido.error.issues, opcoes.padrao ?? '_', { topo: opcoes.topo, prefixo: opcoes.prefixo }), rotuloDe);
}
