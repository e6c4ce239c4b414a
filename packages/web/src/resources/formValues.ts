import { ehDecimalExato, normalizarDecimal, type Campo, type RecursoDef } from '@retaguarda/domain';
import type { ZodType } from 'zod';
import { centavosParaTexto, decimalParaTexto, parseCentavos } from './format.ts';

/**
 * A form holds each field in its editing shape (money as the typed text, empty numbers as '',
 * references as the id or ''); toPayload turns it into what the declaration's zod schema takes.
 */
export type Valores = Record<string, unknown>;
export type Erros = Record<string, string>;
export interface Mensagens {
  valorInvalido: string;
  numeroInvalido: string;
  /** A date not complete or not in the calendar (defaults to valorInvalido). */
  dataInvalida?: string;
}

/** 'aaaa-mm-dd' of a real calendar day. */
export function dataValida(texto: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(texto);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}


/** The zod schema of a field, or of a sub-field of an `objeto` by its dotted path ('configuracoes.horarios'). */
function fieldSchema(recurso: RecursoDef, campo: string): ZodType | undefined {
  let shape: Record<string, ZodType> | undefined = recurso.schema.shape as Record<string, ZodType>;
  let atual: ZodType | undefined;
  // Item indexes are skipped and a lista is crossed into its item: 'complementos.0.itens' is the
  // schema of the options of a modifier group.
  for (const parte of campo.split('.')) {
    if (/^\d+$/.test(parte)) continue;
    atual = shape?.[parte];
    if (!atual) return undefined;
    shape = shapeDoObjeto(atual) ?? esquemaDoItem(atual);
  }
  return atual;
}

/** The schema's default for a field, when it has one. */
function padrao(recurso: RecursoDef, campo: string): unknown {
  const r = fieldSchema(recurso, campo)?.safeParse(undefined);
  return r?.success ? r.data : undefined;
}

/**
 * Whether the entity's schema requires the field (issue 13: required fields carry a mark): nothing
 * empty passes it (no value, null, '', an empty list or object). A switch always has a value.
 */
export function obrigatorio(recurso: RecursoDef, campo: string): boolean {
  const schema = fieldSchema(recurso, campo);
  if (!schema || (recurso.campos as Record<string, Campo | undefined>)[campo]?.tipo === 'booleano') return false;
  return [undefined, null, '', [], {}].every((vazio) => !schema.safeParse(vazio).success);
}

export function campos(recurso: RecursoDef): [string, Campo][] {
  return Object.entries(recurso.campos as Record<string, Campo>);
}

/**
 * Sub-fields of a `lista` (the shape of one item). Proposed domain change: `Campo.itens?:
 * Readonly<Record<string, Campo>>`; until then it is read through this narrow type (and `campos`,
 * the nested-object fields, is accepted too).
 */
export interface CampoComItens extends Campo {
  itens?: Readonly<Record<string, Campo>>;
}

export function itensDe(campo: Campo): [string, Campo][] {
  const c = campo as CampoComItens & { campos?: Readonly<Record<string, Campo>> };
  const itens = c.itens ?? c.campos;
  return itens && typeof itens === 'object' ? Object.entries(itens) : [];
}

interface ZodInterno {
  _zod?: { def?: { type?: string; innerType?: ZodType; element?: ZodType; shape?: Record<string, ZodType> } };
  shape?: Record<string, ZodType>;
}

/** The fields of an object schema (through optional / nullable / default / pipe). */
function shapeDoObjeto(schema: ZodType | undefined): Record<string, ZodType> | undefined {
  let atual = schema as (ZodInterno & { _zod?: { def?: { in?: ZodType } } }) | undefined;
  for (let i = 0; atual && i < 8; i++) {
    const def = atual._zod?.def;
    if (def?.type === 'object') return def.shape ?? atual.shape;
    atual = (def?.innerType ?? (def as { in?: ZodType } | undefined)?.in) as typeof atual;
  }
  return undefined;
}

/** The schema of one item of an array field (through optional / nullable / default). */
function esquemaDoItem(schema: ZodType | undefined): Record<string, ZodType> | undefined {
  let atual = schema as ZodInterno | undefined;
  for (let i = 0; atual && i < 8; i++) {
    const def = atual._zod?.def;
    if (def?.type === 'array') {
      const el = def.element as ZodInterno | undefined;
      return el?.shape ?? el?._zod?.def?.shape;
    }
    atual = def?.innerType as ZodInterno | undefined;
  }
  return undefined;
}

function paraEdicao(campo: Campo, valor: unknown): unknown {
  switch (campo.tipo) {
    case 'booleano':
      return Boolean(valor);
    case 'dinheiro':
      return typeof valor === 'number' ? centavosParaTexto(valor) : '';
    case 'inteiro':
      return typeof valor === 'number' ? valor : '';
    case 'decimal':
    case 'percentual':
      // Edited as the typed text ('18,5'), never as a binary float.
      return decimalParaTexto(campo, valor);
    case 'referencia':
      if (valor && typeof valor === 'object') return String((valor as { _id?: unknown })._id ?? '');
      return typeof valor === 'string' ? valor : '';
    case 'opcoes':
    case 'referencias':
      // Arrays of strings (ids when populated records come back).
      return Array.isArray(valor) ? valor.map((v) => (v && typeof v === 'object' ? String((v as { _id?: unknown })._id ?? '') : String(v))) : [];
    case 'imagem':
      return typeof valor === 'string' ? valor : '';
    case 'objeto': {
      const obj = valor && typeof valor === 'object' && !Array.isArray(valor) ? (valor as Record<string, unknown>) : {};
      if (campo.somenteLeitura) return valor ?? null;
      const editado: Record<string, unknown> = {};
      for (const [sub, subCampo] of Object.entries(campo.campos ?? {})) editado[sub] = paraEdicao(subCampo, obj[sub]);
      return editado;
    }
    case 'lista': {
      const itens = itensDe(campo);
      if (!Array.isArray(valor)) return [];
      if (!itens.length) return valor;
      return valor.map((item: unknown) => {
        const obj = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
        const editado: Record<string, unknown> = { ...obj };
        for (const [sub, subCampo] of itens) editado[sub] = paraEdicao(subCampo, obj[sub]);
        return editado;
      });
    }
    case 'data':
      return typeof valor === 'string' ? valor.slice(0, 10) : '';
    case 'permissoes':
      return valor && typeof valor === 'object' && !Array.isArray(valor) ? { ...(valor as Record<string, unknown>) } : {};
    case 'senha':
    case 'pin':
      // Write-only: never shown back.
      return '';
    default:
      return valor === null || valor === undefined ? '' : String(valor);
  }
}

/** Whether the form shows a field: always, or while its siblings have the values of `visivelSe` (a list: any of them). */
export function visivel(campo: Campo, valores: Record<string, unknown>): boolean {
  return Object.entries(campo.visivelSe ?? {}).every(([outro, valor]) => (Array.isArray(valor) ? valor.includes(valores[outro]) : valores[outro] === valor));
}

/**
 * A field's new value and what follows from it among its siblings (the form's fields, or a lista
 * item's): a new UF clears the city picked for the old one, and its IBGE code.
 */
export function mudancas(campos: Readonly<Record<string, Campo>>, nome: string, valor: unknown, irmaos: Record<string, unknown>): Record<string, unknown> {
  const m: Record<string, unknown> = { [nome]: valor };
  if (irmaos[nome] === valor) return m;
  for (const [outro, campo] of Object.entries(campos)) {
    if (campo.tipo !== 'municipio' || campo.uf !== nome) continue;
    m[outro] = '';
    if (campo.codigo) m[campo.codigo] = '';
  }
  return m;
}

/** Editing values of a new item of a `lista` (the item schema's defaults). */
export function novoItem(recurso: RecursoDef, nome: string, campo: Campo): Record<string, unknown> {
  const shape = esquemaDoItem(fieldSchema(recurso, nome));
  const item: Record<string, unknown> = {};
  for (const [sub, subCampo] of itensDe(campo)) {
    const r = shape?.[sub]?.safeParse(undefined);
    item[sub] = paraEdicao(subCampo, r?.success ? r.data : undefined);
  }
  return item;
}

/** Editing values of a record, or of a new one (schema defaults), or of a copy (read-only fields back to their defaults). */
export function valoresIniciais(recurso: RecursoDef, registro?: Record<string, unknown>, copia = false): Valores {
  const valores: Valores = {};
  for (const [nome, campo] of campos(recurso)) {
    const doRegistro = registro && !(copia && campo.somenteLeitura);
    valores[nome] = paraEdicao(campo, doRegistro ? registro[nome] : padrao(recurso, nome));
  }
  return valores;
}

/** One field's editing value → payload[nome]; a conversion error goes to erros[caminho]. */
function converter(
  nome: string,
  campo: Campo,
  v: unknown,
  schema: ZodType | undefined,
  payload: Record<string, unknown>,
  erros: Erros,
  mensagens: Mensagens,
  caminho = nome,
): void {
  const vazio = v === '' || v === null || v === undefined;
  const semValor = schema?.safeParse(null).success ? null : undefined;
  // Written by the server only: never sent.
  if (campo.somenteLeitura) return;
  if (campo.tipo === 'objeto') {
    const obj = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    const shape = shapeDoObjeto(schema);
    const saida: Record<string, unknown> = {};
    for (const [sub, subCampo] of Object.entries(campo.campos ?? {})) converter(sub, subCampo, obj[sub], shape?.[sub], saida, erros, mensagens, `${caminho}.${sub}`);
    payload[nome] = saida;
  } else if (campo.tipo === 'imagem') {
    payload[nome] = vazio ? semValor : v;
  } else if (campo.tipo === 'dinheiro') {
    const centavos = parseCentavos(typeof v === 'string' ? v : '');
    if (centavos === undefined) erros[caminho] = mensagens.valorInvalido;
    payload[nome] = centavos === null || centavos === undefined ? semValor : centavos;
  } else if (campo.tipo === 'inteiro') {
    const numero = typeof v === 'number' ? v : Number(String(v));
    if (!vazio && !Number.isFinite(numero)) erros[caminho] = mensagens.numeroInvalido;
    payload[nome] = vazio ? semValor : numero;
  } else if (campo.tipo === 'decimal' || campo.tipo === 'percentual') {
    // '1.234,5' → '1234.5': sent as text, which the exact-decimal schema makes canonical. A field
    // still declared as a plain zod number gets a number.
    const texto = vazio ? null : normalizarDecimal(typeof v === 'number' ? v : String(v));
    if (!vazio && texto === null) erros[caminho] = mensagens.numeroInvalido;
    payload[nome] = texto === null ? semValor : ehDecimalExato(schema) ? texto : Number(texto);
  } else if (campo.tipo === 'data') {
    if (!vazio && !dataValida(String(v))) erros[caminho] = mensagens.dataInvalida ?? mensagens.valorInvalido;
    payload[nome] = vazio ? semValor : v;
  } else if (campo.tipo === 'senha' || campo.tipo === 'pin') {
    // Blank means "not given" (keep the current one), not an empty secret.
    payload[nome] = vazio ? undefined : v;
  } else if (campo.tipo === 'permissoes') {
    const telas = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown[]>) : {};
    payload[nome] = Object.fromEntries(Object.entries(telas).filter(([, acoes]) => Array.isArray(acoes) && acoes.length));
  } else if (['opcao', 'referencia', 'cor', 'hora', 'uf', 'cpfCnpj', 'cep', 'telefone'].includes(campo.tipo)) {
    payload[nome] = vazio ? semValor : v;
  } else if (campo.tipo === 'booleano') {
    payload[nome] = Boolean(v);
  } else if (campo.tipo === 'opcoes' || campo.tipo === 'referencias') {
    payload[nome] = Array.isArray(v) ? v : [];
  } else if (campo.tipo === 'lista') {
    const itens = itensDe(campo);
    if (!Array.isArray(v)) {
      payload[nome] = [];
      return;
    }
    if (!itens.length) {
      payload[nome] = v;
      return;
    }
    const shape = esquemaDoItem(schema);
    payload[nome] = v.map((item: unknown, i) => {
      const obj = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
      const saida: Record<string, unknown> = { ...obj };
      for (const [sub, subCampo] of itens) converter(sub, subCampo, obj[sub], shape?.[sub], saida, erros, mensagens, `${caminho}.${i}.${sub}`);
      return saida;
    });
  } else {
    payload[nome] = v ?? '';
  }
}

/** Editing values → the object the schema validates, and the field errors found on the way. */
export function toPayload(recurso: RecursoDef, valores: Valores, mensagens: Mensagens): { payload: Record<string, unknown>; erros: Erros } {
  const payload: Record<string, unknown> = {};
  const erros: Erros = {};
  for (const [nome, campo] of campos(recurso)) {
    const schema = fieldSchema(recurso, nome);
    // A hidden field (a birth date once the person is a company) goes back to its default.
    if (!visivel(campo, valores)) payload[nome] = padrao(recurso, nome);
    else converter(nome, campo, valores[nome], schema, payload, erros, mensagens);
  }
  return { payload, erros };
}

/** Validates with the declaration's own zod schema: the first message of each field. */
export function validar(recurso: RecursoDef, valores: Valores, mensagens: Mensagens): { dados?: Record<string, unknown>; erros: Erros } {
  const { payload, erros } = toPayload(recurso, valores, mensagens);
  const parsed = recurso.schema.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // Inside a lista the error goes to the sub-field: 'enderecos.0.cep'.
      const campo = caminhoDoErro(recurso, issue.path);
      if (campo && !erros[campo]) erros[campo] = issue.message;
    }
  }
  if (Object.keys(erros).length || !parsed.success) return { erros };
  // The declaration's rules across fields (CPF or CNPJ by person type, the city of the UF…), as the server runs them.
  for (const { campo, mensagem } of recurso.regras?.(parsed.data as never) ?? []) erros[campo] ??= mensagem;
  if (Object.keys(erros).length) return { erros };
  // Fields the server writes are never sent, not even as the schema's default.
  const dados = { ...(parsed.data as Record<string, unknown>) };
  for (const [nome, campo] of campos(recurso)) if (campo.somenteLeitura) delete dados[nome];
  return { dados, erros };
}

/**
 * The form key of a zod issue path: the field, 'lista.i.subcampo' for an item's field, and the dotted
 * path into an `objeto` ('configuracoes.caixa', 'configuracoes.horarios.0.abertura').
 */
export function caminhoDoErro(recurso: RecursoDef, path: readonly PropertyKey[]): string {
  const partes: string[] = [];
  let campos: Readonly<Record<string, Campo>> | undefined = recurso.campos as Record<string, Campo>;
  for (let i = 0; i < path.length; i++) {
    const nome = String(path[i]);
    const campo: Campo | undefined = campos?.[nome];
    if (!campo) break;
    partes.push(nome);
    if (campo.tipo === 'objeto' && !campo.somenteLeitura) {
      campos = campo.campos;
      continue;
    }
    if (campo.tipo === 'lista' && typeof path[i + 1] === 'number' && path.length > i + 2) {
      partes.push(String(path[i + 1]));
      campos = itensDe(campo).length ? Object.fromEntries(itensDe(campo)) : undefined;
      i++;
      continue;
    }
    break;
  }
  return partes.length ? partes.join('.') : String(path[0] ?? '');
}

/** The value at 'a.0.b' of a form value (arrays by index). */
function lerCaminho(valor: unknown, caminho: string[]): unknown {
  let atual = valor;
  for (const parte of caminho) {
    if (atual === null || typeof atual !== 'object') return undefined;
    atual = (atual as Record<string, unknown>)[parte];
  }
  return atual;
}

/** Whether two values hold arrays of different lengths anywhere along the path (rows added or removed). */
function linhasMudaram(antes: unknown, depois: unknown, caminho: string[]): boolean {
  let a = antes;
  let d = depois;
  for (const parte of [undefined, ...caminho]) {
    if (parte !== undefined) {
      a = a && typeof a === 'object' ? (a as Record<string, unknown>)[parte] : undefined;
      d = d && typeof d === 'object' ? (d as Record<string, unknown>)[parte] : undefined;
    }
    if ((Array.isArray(a) || Array.isArray(d)) && (!Array.isArray(a) || !Array.isArray(d) || a.length !== d.length)) return true;
  }
  return false;
}

/**
 * Errors left after a field changed: its own goes; in a lista, only the sub-fields whose value
 * changed ('enderecos.0.cep'), or all of the list's when rows were added or removed (indexes move).
 */
export function errosAposMudanca(erros: Erros, campo: string, antes: unknown, depois: unknown): Erros {
  const prefixo = `${campo}.`;
  const chaves = Object.keys(erros).filter((k) => k === campo || k.startsWith(prefixo));
  if (!chaves.length) return erros;
  const resto = { ...erros };
  for (const k of chaves) {
    const caminho = k === campo ? [] : k.slice(prefixo.length).split('.');
    // A changed sub-field loses its error; so do all of a list whose rows were added or removed (indexes move).
    if (k === campo || linhasMudaram(antes, depois, caminho.slice(0, -1)) || lerCaminho(antes, caminho) !== lerCaminho(depois, caminho)) delete resto[k];
  }
  return resto;
}
