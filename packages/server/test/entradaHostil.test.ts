import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { freshIp, signIn } from './http.ts';
import { amostras, apiClient, criar, type RecursoComAmostra } from './resourceApi.ts';

/**
 * The malformed-input sweep: every write operation of the OpenAPI document the server serves (and
 * every read that takes parameters) receives hostile variants of its body, path and query. None may
 * answer 5xx, every refusal is the Portuguese envelope, and nothing is stored. The operations come
 * from the document, so a new endpoint is swept without touching this file.
 */

interface Esquema {
  type?: string | string[];
  properties?: Record<string, Esquema>;
  items?: Esquema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Esquema[];
  oneOf?: Esquema[];
  allOf?: Esquema[];
  required?: string[];
}
interface Parametro {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
}
interface Operacao {
  requestBody?: { content: Record<string, { schema: Esquema }> };
  parameters?: Parametro[];
  security?: Record<string, string[]>[];
}

/** A hostile request and what it must get. */
interface Variante {
  nome: string;
  url: string;
  payload?: string;
  /** The answer must be one of these statuses (otherwise any non-5xx). */
  status?: number[];
  /** The refusal must say this (the NUL check). */
  mensagem?: RegExp;
}

const NUMERO = 7_777_777;
const TEXTO_DE_2MB = JSON.stringify({ texto: 'a'.repeat(2 * 1024 * 1024) });
/**
 * Odd path parameters and number literals take turns over the operations rather than each going to
 * every one: the sweep stays within seconds, and every kind still reaches every handler family.
 */
const VALORES_ESTRANHOS = ['-1', '99999999999999999999999999999', '__proto__', '../../etc', 'x'.repeat(90)];
const NUMEROS_ESTRANHOS = ['1e999', '-1e999', '-1e308', '123456789012345678901234567890'];
let vez = 0;
const rodizio = (valores: string[]) => valores[vez++ % valores.length]!;
const NUL = 'a\u0000b';
const tipos = (s: Esquema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** The first alternative that is not null, so a value can be built. */
function concreto(s: Esquema): Esquema {
  const alternativas = s.anyOf ?? s.oneOf;
  if (alternativas) return concreto(alternativas.find((a) => !tipos(a).includes('null')) ?? alternativas[0]!);
  if (s.allOf?.length) return concreto(s.allOf[0]!);
  return s;
}

/** A value of the schema's shape: strings are `texto`, numbers the marker later replaced by a hostile literal. */
function plausivel(s: Esquema, texto: string, profundidade = 0): unknown {
  const e = concreto(s);
  if (e.const !== undefined) return e.const;
  if (e.enum?.length) return e.enum[0];
  const t = tipos(e).find((x) => x !== 'null');
  if (t === 'object' || e.properties) {
    if (profundidade > 6) return {};
    return Object.fromEntries(Object.entries(e.properties ?? {}).map(([k, v]) => [k, plausivel(v, texto, profundidade + 1)]));
  }
  if (t === 'array') return e.items && profundidade <= 6 ? [plausivel(e.items, texto, profundidade + 1)] : [];
  if (t === 'number' || t === 'integer') return NUMERO;
  if (t === 'boolean') return true;
  return texto;
}

/** Every property with a value of another type. */
function tiposErrados(s: Esquema): unknown {
  const e = concreto(s);
  if (!e.properties) return [];
  return Object.fromEntries(
    Object.entries(e.properties).map(([k, v]) => {
      const t = tipos(concreto(v)).find((x) => x !== 'null');
      return [k, t === 'string' ? 12345 : t === 'array' ? { a: 1 } : 'texto'];
    }),
  );
}

const temNumero = (valor: unknown): boolean => JSON.stringify(valor).includes(String(NUMERO));
const temTexto = (valor: unknown): boolean => JSON.stringify(valor).includes(JSON.stringify(NUL).slice(1, -1));
const profundo = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const comParametros = (caminho: string, valores: Record<string, string>) =>
  caminho.replace(/\{([^}]+)\}/g, (_, nome: string) => encodeURIComponent(valores[nome] ?? 'inexistente'));

let ctx: TestContext;
let cookie: string;
let terminal: string;
let documento: { paths: Record<string, Record<string, Operacao>> };
/** A live record per resource of the demo group: PUT bodies are checked against a real record, not a 404. */
const idPorRecurso = new Map<string, string>();

/** Count and hash of every row of every table, read as the owner (no RLS). */
async function impressaoDigital(): Promise<Record<string, string>> {
  const tabelas = await ctx.db.execute<{ nome: string }>(sql`select table_name as nome from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const resultado: Record<string, string> = {};
  for (const { nome } of tabelas.rows) {
    const [linha] = (
      await ctx.db.execute<{ n: number; h: string }>(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(md5(t::text), ',' order by md5(t::text)), '')) as h from "${nome}" t`))
    ).rows;
    resultado[nome] = `${linha!.n} ${linha!.h}`;
  }
  return resultado;
}

function variantes(caminho: string, metodo: string, op: Operacao): Variante[] {
  const parametros = op.parameters ?? [];
  const primeiroSegmento = caminho.split('/')[2] ?? '';
  const reais: Record<string, string> = Object.fromEntries(parametros.filter((p) => p.in === 'path').map((p) => [p.name, idPorRecurso.get(primeiroSegmento) ?? 'inexistente']));
  const url = comParametros(caminho, reais);
  const lista: Variante[] = [];

  // Path and query parameters: NUL is refused by name; odd values are a 4xx, never a 5xx.
  for (const p of parametros) {
    if (p.in === 'path') {
      lista.push({ nome: `parâmetro ${p.name} com NUL`, url: comParametros(caminho, { ...reais, [p.name]: NUL }), status: [400], mensagem: new RegExp(`Parâmetro ${p.name}: caractere nulo`) });
      const valor = rodizio(VALORES_ESTRANHOS);
      lista.push({ nome: `parâmetro ${p.name}=${valor.slice(0, 12)}`, url: comParametros(caminho, { ...reais, [p.name]: valor }) });
    }
    if (p.in === 'query') {
      lista.push({ nome: `query ${p.name} com NUL`, url: `${url}?${p.name}=${encodeURIComponent(NUL)}`, status: [400], mensagem: new RegExp(`Parâmetro ${p.name}: caractere nulo`) });
      lista.push({ nome: `query ${p.name} negativa`, url: `${url}?${p.name}=-1` });
    }
  }
  if (metodo === 'get') return lista;

  // Bodies the parser or the NUL/depth check refuse whatever the route (also on routes without a body).
  lista.push(
    { nome: 'JSON inválido', url, payload: '{"a": [1, 2,', status: [400] },
    { nome: 'chave com NUL', url, payload: JSON.stringify({ ['chave\u0000nula']: 1 }), status: [400], mensagem: /caractere nulo/ },
    { nome: 'texto de 2 MB', url, payload: TEXTO_DE_2MB, // A route that takes big files (the IBPT table) reads it and refuses what it is not.
      status: [400, 413] },
    { nome: 'aninhamento profundo', url, payload: `{"a":${profundo(5000)}}`, status: [400] },
    { nome: 'chave __proto__', url, payload: '{"__proto__":{"administrador":true}}', status: [400] },
    { nome: 'constructor.prototype', url, payload: '{"constructor":{"prototype":{"administrador":true}}}', status: [400] },
  );
  const esquema = op.requestBody?.content['application/json']?.schema;
  if (!esquema) return lista;

  // Bodies that reach validation (and the handler, where the resource engine validates).
  lista.push(
    { nome: 'corpo vazio', url, status: [400] },
    { nome: 'tipos errados', url, payload: JSON.stringify(tiposErrados(esquema)) },
    { nome: 'campos desconhecidos', url, payload: JSON.stringify({ campoDesconhecido: 'x', 'outro.campo': { a: [1] }, $where: '1=1' }) },
    { nome: 'lista no lugar do objeto', url, payload: '[1, "a", null]' },
  );
  const comNul = plausivel(esquema, NUL);
  if (temTexto(comNul)) lista.push({ nome: 'textos com NUL', url, payload: JSON.stringify(comNul), status: [400], mensagem: /caractere nulo/ });
  const comNumeros = JSON.stringify(plausivel(esquema, 'x'));
  if (temNumero(JSON.parse(comNumeros))) {
    // Beyond any bound a field may have (no field takes them, so the otherwise plausible body is refused).
    for (const literal of ['1e308', '-9007199254740993', rodizio(NUMEROS_ESTRANHOS)]) {
      lista.push({ nome: `números ${literal}`, url, payload: comNumeros.replaceAll(String(NUMERO), literal) });
    }
  }
  return lista;
}

beforeAll(async () => {
  ctx = await createTestContext({ STORAGE_DIR: mkdtempSync(join(tmpdir(), 'retaguarda-arquivos-')) });
  cookie = await signIn(ctx.app, 'admin@demo.com.br');
  documento = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const registros = await ctx.db.execute<{ recurso: string; id: string }>(
    sql`select distinct on (recurso) recurso, id from registro where grupo_empresarial_id = ${ctx.seed.demo.grupoEmpresarial} and not lixo order by recurso, id`,
  );
  for (const r of registros.rows) idPorRecurso.set(r.recurso, r.id);
  // One record of each resource the demo lacks, from the samples every resource must have.
  const api = apiClient(ctx.app, cookie);
  for (const nome of Object.keys(amostras) as RecursoComAmostra[]) {
    if (!idPorRecurso.has(nome)) idPorRecurso.set(nome, (await criar(api, nome, (await amostras[nome].corpos(api))[0]))._id);
  }
  const terminalId = idPorRecurso.get('terminal')!;
  terminal = (
    await ctx.app.inject({ method: 'POST', url: `/api/terminal/${terminalId}/credencial`, cookies: { retaguarda_sessao: cookie } })
  ).json().data.token;
});
afterAll(async () => ctx?.close());

describe('malformed-input sweep of the OpenAPI document', () => {
  it('answers every hostile variant of every operation with a 4xx envelope and stores nothing', async () => {
    const antes = await impressaoDigital();
    const pedidos: { rotulo: string; variante: Variante; opcoes: InjectOptions }[] = [];
    for (const [caminho, item] of Object.entries(documento.paths)) {
      for (const [metodo, op] of Object.entries(item)) {
        if (metodo === 'get' && !op.parameters?.length) continue;
        const porTerminal = op.security?.some((s) => 'terminal' in s);
        for (const variante of variantes(caminho, metodo, op)) {
          pedidos.push({
            rotulo: `${metodo.toUpperCase()} ${caminho}: ${variante.nome}`,
            variante,
            opcoes: {
              method: metodo.toUpperCase() as InjectOptions['method'],
              url: variante.url,
              remoteAddress: freshIp(),
              headers: {
                // 'corpo vazio' is the JSON content type without a body; other bodiless variants send neither.
                ...(variante.payload !== undefined || variante.nome === 'corpo vazio' ? { 'content-type': 'application/json' } : {}),
                ...(porTerminal ? { authorization: `Bearer ${terminal}` } : {}),
              },
              cookies: { retaguarda_sessao: cookie },
              ...(variante.payload === undefined ? {} : { payload: variante.payload }),
            },
          });
        }
      }
    }
    expect(pedidos.length).toBeGreaterThan(1000);

    const falhas: string[] = [];
    const conferir = (rotulo: string, v: Variante, res: LightMyRequestResponse) => {
      let corpo: { valido?: unknown; data?: { message?: unknown } } | undefined;
      try {
        corpo = res.json();
      } catch {
        corpo = undefined;
      }
      const problema =
        res.statusCode >= 500
          ? `${res.statusCode}`
          : v.status && !v.status.includes(res.statusCode)
            ? `${res.statusCode} em vez de ${v.status.join(' ou ')}`
            : res.statusCode >= 400 && (corpo?.valido !== false || typeof corpo?.data?.message !== 'string')
              ? 'sem o envelope {valido:false, data:{message}}'
              : v.mensagem && !v.mensagem.test(String(corpo?.data?.message))
                ? `mensagem sem ${v.mensagem}`
                : null;
      if (problema) falhas.push(`${rotulo} → ${problema}: ${res.body.slice(0, 200)}`);
    };
    // A few at a time: PostgreSQL gets concurrent requests, the embedded database queues them.
    for (let i = 0; i < pedidos.length; i += 16) {
      const lote = pedidos.slice(i, i + 16);
      const respostas = await Promise.all(lote.map((p) => ctx.app.inject(p.opcoes)));
      respostas.forEach((res, j) => conferir(lote[j]!.rotulo, lote[j]!.variante, res));
    }
    expect(falhas).toEqual([]);
    expect(await impressaoDigital()).toEqual(antes);
  }, 120_000);
});

describe('NUL characters and deep nesting, refused before any handler', () => {
  const pedir = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, remoteAddress: freshIp(), cookies: { retaguarda_sessao: cookie }, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const contar = async (recurso: string) =>
    (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from registro where recurso = ${recurso}`)).rows[0]!.n;
  const detalhe = 'Caractere nulo (\\u0000) não é permitido.';

  it('are refused with 400 naming the field by its label, and nothing is stored', async () => {
    const antes = await contar('caixa');
    const res = await pedir('POST', '/api/caixa', { descricao: 'Caixa\u00001' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ valido: false, data: { message: 'Descrição: caractere nulo (\\u0000) não é permitido.', campos: { descricao: detalhe } } });
    expect(await contar('caixa')).toBe(antes);

    const unidade = idPorRecurso.get('unidadeMedida')!;
    const put = await pedir('PUT', `/api/unidadeMedida/${unidade}`, { version: 1, descricao: 'Quilo\u0000' });
    expect(put.statusCode).toBe(400);
    expect(put.json().data.message).toBe('Descrição: caractere nulo (\\u0000) não é permitido.');

    // Inside an item of a lista: named by the lista, the item's path in campos.
    const pessoa = await pedir('POST', '/api/pessoa', { nome: 'Ana', enderecos: [{ logradouro: 'Rua\u0000' }] });
    expect(pessoa.statusCode).toBe(400);
    expect(pessoa.json().data).toEqual({ message: 'Endereços: caractere nulo (\\u0000) não é permitido.', campos: { 'enderecos.0.logradouro': detalhe } });
  });

  it('are refused on routes outside the resource engine, by the field path, before any query runs', async () => {
    const entrar = await ctx.app.inject({ method: 'POST', url: '/api/login', remoteAddress: freshIp(), payload: { login: 'admin@demo.com.br\u0000', senha: 'demo1234' } });
    expect(entrar.statusCode).toBe(400);
    expect(entrar.json().data.message).toBe('Campo login: caractere nulo (\\u0000) não é permitido.');
    const busca = await pedir('POST', '/api/busca', { busca: 'pi\u0000zza' });
    expect(busca.json().data.message).toBe('Campo busca: caractere nulo (\\u0000) não é permitido.');
    const vitrine = await pedir('POST', '/api/cardapio/vitrine', { secoes: [{ nome: 'Lanches' }, { nome: 'Be\u0000bidas' }] });
    expect(vitrine.json().data).toEqual({ message: 'Campo secoes.1.nome: caractere nulo (\\u0000) não é permitido.', campos: { 'secoes.1.nome': detalhe } });
    const chave = await pedir('POST', '/api/busca', { busca: 'pizza', ['li\u0000mit']: 1 });
    expect(chave.json().data.message).toBe('Campo li\\u0000mit: caractere nulo (\\u0000) não é permitido.');
  });

  it('are refused in the query string, the path and the headers', async () => {
    const query = await pedir('GET', `/api/municipios?uf=SP&busca=${encodeURIComponent('Cam\u0000pinas')}`);
    expect(query.statusCode).toBe(400);
    expect(query.json().data.message).toBe('Parâmetro busca: caractere nulo (\\u0000) não é permitido.');
    const caminho = await pedir('GET', `/api/caixa/${encodeURIComponent('x\u0000y')}`);
    expect(caminho.statusCode).toBe(400);
    expect(caminho.json().data.message).toBe('Parâmetro _id: caractere nulo (\\u0000) não é permitido.');
    const cabecalho = await pedir('GET', '/api/sessao', undefined, { 'x-terminal': 'PDV\u00001' });
    expect(cabecalho.statusCode).toBe(400);
    expect(cabecalho.json().data.message).toBe('Cabeçalho x-terminal: caractere nulo (\\u0000) não é permitido.');
  });

  it('a body nested deeper than 32 levels is refused naming where', async () => {
    let filtro: unknown = 'x';
    for (let i = 0; i < 40; i++) filtro = { a: filtro };
    const res = await pedir('POST', '/api/caixa/getPopulate', { filtro });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.message).toBe(`Campo filtro${'.a'.repeat(31)}: mais de 32 níveis de aninhamento não são permitidos.`);
  });

  it('inside an uploaded file is only bytes: an image full of zero bytes is stored', async () => {
    // A PNG's header has zero bytes; in base64 they are plain letters.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    expect(png.includes(0)).toBe(true);
    const res = await pedir('POST', '/api/arquivo', { nome: 'logo.png', tipo: 'image/png', conteudo: png.toString('base64'), recurso: 'empresa', campo: 'logo' });
    expect(res.statusCode).toBe(201);
  });
});
