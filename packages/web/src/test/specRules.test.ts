// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/spec-rules.md maps every checkable rule of SPEC.md §2–§9 to the files that implement it and
 * the tests that prove it. This keeps the table true: a test deleted or renamed, or a file moved,
 * fails here until the table says where the rule is proved now.
 */
const raiz = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const tabela = join(raiz, 'docs/spec-rules.md');

interface Regra {
  numero: number;
  secao: string;
  regra: string;
  implementacao: string[];
  testes: { arquivo: string; nome: string }[];
  situacao: string;
}

const celulas = (linha: string) => linha.slice(1, -1).split(' | ').map((c) => c.trim());
const caminhos = (celula: string) => [...celula.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

function lerTabela(texto: string): Regra[] {
  return texto
    .split('\n')
    .filter((linha) => /^\| \d+ \|/.test(linha))
    .map((linha) => {
      const colunas = celulas(linha);
      expect(colunas, linha).toHaveLength(6);
      const [numero, secao, regra, implementacao, testes, situacao] = colunas as [string, string, string, string, string, string];
      return {
        numero: Number(numero),
        secao,
        regra,
        implementacao: caminhos(implementacao),
        testes: testes.split('<br>').map((t) => {
          const m = /^`([^`]+)` › (.+)$/.exec(t.trim());
          if (!m) throw new Error(`Regra ${numero}: teste mal escrito: ${t}`);
          return { arquivo: m[1]!, nome: m[2]!.trim() };
        }),
        situacao,
      };
    });
}

const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `it('name'`, `test("name"`, `it.each([...])('name'`, `describe.skip(...)`: a test or group with exactly that name. */
const declaraTeste = (fonte: string, nome: string) =>
  new RegExp(`\\b(?:it|test|describe)(?:\\.\\w+)*(?:\\([^\\n]*?\\))?\\(\\s*(['"\`])${escapar(nome)}\\1`).test(fonte);
/**
 * A group switched off may hold the test, and an `.only` anywhere leaves the rest of its file unrun:
 * either way the named test no longer proves its rule, so the whole file is suspect.
 */
const arquivoDesligado = (fonte: string) => /\bdescribe\.(?:skip|todo)\(|\b(?:it|test|describe)\.only\(/.test(fonte);
/** A test switched off (skip, todo) no longer proves its rule. */
const desligado = (fonte: string, nome: string) =>
  new RegExp(`\\b(?:it|test)\\.(?:skip|todo)\\(\\s*(['"\`])${escapar(nome)}\\1`).test(fonte) || arquivoDesligado(fonte);

const regras = lerTabela(readFileSync(tabela, 'utf8'));

describe('docs/spec-rules.md: every rule of SPEC.md §2–§9 keeps its test', () => {
  it('lists the checkable rules of every section from §2 to §9, numbered in order', () => {
    expect(regras.length).toBeGreaterThanOrEqual(77);
    expect(regras.map((r) => r.numero)).toEqual(regras.map((_, i) => i + 1));
    const secoes = new Set(regras.flatMap((r) => [...r.secao.matchAll(/§(\d)/g)].map((m) => Number(m[1]))));
    for (const secao of [2, 3, 4, 5, 6, 7, 8, 9]) expect(secoes.has(secao), `§${secao}`).toBe(true);
  });

  it('each rule names the files that implement it, and they exist', () => {
    const faltando = regras.flatMap((r) => (r.implementacao.length ? r.implementacao.filter((f) => !existsSync(join(raiz, f))).map((f) => `${r.numero}: ${f}`) : [`${r.numero}: nenhum arquivo`]));
    expect(faltando).toEqual([]);
  });

  it('each rule names at least one test, which exists in its file under that exact name and runs', () => {
    const problemas: string[] = [];
    for (const r of regras) {
      if (r.testes.length === 0) problemas.push(`${r.numero}: nenhum teste`);
      for (const { arquivo, nome } of r.testes) {
        const caminho = join(raiz, arquivo);
        if (!/\.test\.tsx?$/.test(arquivo) || !existsSync(caminho)) {
          problemas.push(`${r.numero}: ${arquivo} não é um arquivo de teste existente`);
          continue;
        }
        const fonte = readFileSync(caminho, 'utf8');
        if (!declaraTeste(fonte, nome)) problemas.push(`${r.numero}: ${arquivo} não tem o teste «${nome}»`);
        else if (desligado(fonte, nome)) problemas.push(`${r.numero}: ${arquivo} desligou o teste «${nome}»`);
      }
    }
    expect(problemas).toEqual([]);
  });

  it('a rule that deviates or is read a certain way links its decision, and the decision exists', () => {
    for (const r of regras) {
      expect(r.situacao, `regra ${r.numero}`).toMatch(/^(holds|holds, as (read|built) in \[\d{4}\]\(decisions\/[^)]+\)|deviates, decided in \[\d{4}\]\(decisions\/[^)]+\))$/);
      for (const [, link] of r.situacao.matchAll(/\]\(([^)]+)\)/g)) expect(existsSync(join(raiz, 'docs', link!)), link).toBe(true);
    }
  });

  it('fails when a named test is renamed or missing (the check itself)', () => {
    const fonte = "it('a textarea has 6 rows unless told otherwise', () => {});\nit.each([1, 2])('lets public route %s through without a user', () => {});";
    expect(declaraTeste(fonte, 'a textarea has 6 rows unless told otherwise')).toBe(true);
    expect(declaraTeste(fonte, 'lets public route %s through without a user')).toBe(true);
    expect(declaraTeste(fonte, 'a textarea has 6 rows')).toBe(false);
    expect(declaraTeste("// it('a textarea has 7 rows')", 'a textarea has 6 rows unless told otherwise')).toBe(false);
    expect(desligado("it.skip('x', () => {})", 'x')).toBe(true);
    expect(desligado("it('x', () => {})", 'x')).toBe(false);
    expect(desligado("describe.skip('g', () => { it('x', () => {}); });", 'x')).toBe(true);
    expect(desligado("it.only('y', () => {});\nit('x', () => {});", 'x')).toBe(true);
  });
});
