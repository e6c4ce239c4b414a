// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { i18next, initI18n } from './index.ts';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('translations', () => {
  it('has a pt-BR text for every t() key used in the source (a missing key would show its raw name)', async () => {
    await initI18n();
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\('([A-Za-z0-9_.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(30);
    // A key used with count or context lives under suffixed names (key_other, key_feminino…).
    const hasVariant = (key: string) => {
      const dot = key.lastIndexOf('.');
      const parent: unknown = dot < 0 ? i18next.getDataByLanguage('pt-BR')?.translation : i18next.t(key.slice(0, dot), { returnObjects: true });
      const leaf = key.slice(dot + 1);
      return typeof parent === 'object' && parent !== null && Object.keys(parent).some((k) => k.startsWith(`${leaf}_`));
    };
    const missing = [...used].filter((key) => !i18next.exists(key) && !hasVariant(key));
    expect(missing).toEqual([]);
  });

  it('labels every screen and area from the domain registry', async () => {
    await initI18n();
    expect(i18next.t('tela.estoqueInventario')).toBe('Inventário');
    expect(i18next.t('area.stock')).toBe('Estoque');
    expect(i18next.language).toBe('pt-BR');
  });
});
