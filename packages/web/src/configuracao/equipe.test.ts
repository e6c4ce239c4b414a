import { describe, expect, it } from 'vitest';
import { carregarEntregadores, carregarFuncionarios } from './equipe.ts';
import type { ContextoCarga } from './listas.ts';
import { apiFalsa, chamadas, empresa, grupoEmpresarial, ok, recusa } from './teste.ts';
import { opcoesDeColaboradores } from './useEquipe.ts';

const ctx = (fetch: ReturnType<typeof apiFalsa>, extra: Partial<ContextoCarga> = {}): ContextoCarga => ({ empresa, grupoEmpresarial, fetch, ...extra });
const corpos = (fetch: ReturnType<typeof apiFalsa>) =>
  fetch.mock.calls.filter(([url]) => String(url) === '/api/getUsuario').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const ana = { _id: 'u-1', nome: 'Ana', login: 'ana', atribuicaoSistema: 'Garçom', pessoa: 'p-1' };
const beto = { _id: 'u-2', nome: 'Beto', login: 'beto', atribuicaoSistema: 'Motoboy', pessoa: 'p-2' };

describe('employees and delivery people (SPEC.md §3, §6, §7 getUsuario)', () => {
  it('employees: POST getUsuario with filtro empresa, grupoEmpresarial, pessoa.lixo false, ativo true; retornoCompleto false, modoLista true', async () => {
    const fetch = apiFalsa({ 'POST /api/getUsuario': ok([ana, beto]) });
    expect(await carregarFuncionarios(ctx(fetch))).toEqual([ana, beto]);
    expect(corpos(fetch)).toEqual([
      { filtro: { empresa: 'emp-1', grupoEmpresarial: 'grupo-1', 'pessoa.lixo': false, ativo: true, lixo: false }, retornoCompleto: false, modoLista: true },
    ]);
  });

  it("delivery people: the same body plus atribuicaoSistema 'Motoboy'", async () => {
    const fetch = apiFalsa({ 'POST /api/getUsuario': ok([beto]) });
    expect(await carregarEntregadores(ctx(fetch))).toEqual([beto]);
    expect(corpos(fetch)).toEqual([
      {
        filtro: { empresa: 'emp-1', grupoEmpresarial: 'grupo-1', 'pessoa.lixo': false, ativo: true, lixo: false, atribuicaoSistema: 'Motoboy' },
        retornoCompleto: false,
        modoLista: true,
      },
    ]);
  });

  it('fails with the messages of SPEC.md §8, naming the list', async () => {
    for (const [carregar, lista] of [
      [carregarFuncionarios, 'Funcionários'],
      [carregarEntregadores, 'Entregadores'],
    ] as const) {
      const semEmpresa = apiFalsa();
      await expect(carregar(ctx(semEmpresa, { empresa: null }))).rejects.toThrow(`Falha ao capturar ${lista}, configuracoes.empresa esta indefinido!`);
      expect(chamadas(semEmpresa)).toEqual([]);
      await expect(carregar(ctx(apiFalsa({ 'POST /api/getUsuario': recusa('Acesso negado.') })))).rejects.toThrow(`Falha ao obter ${lista}! Acesso negado.`);
      await expect(carregar(ctx(apiFalsa({ 'POST /api/getUsuario': recusa('Erro', 500) })))).rejects.toThrow(/^Falha de comunicação!$/);
      await expect(carregar(ctx(apiFalsa({ 'POST /api/getUsuario': new TypeError('offline') })))).rejects.toThrow(/^Falha de comunicação!$/);
    }
  });

  it('a picker shows each by name, and the login only when two share a name', () => {
    const outraAna = { ...ana, _id: 'u-3', login: 'ana.souza' };
    expect(opcoesDeColaboradores([ana, beto, outraAna])).toEqual([
      { value: 'u-1', label: 'Ana (ana)' },
      { value: 'u-2', label: 'Beto' },
      { value: 'u-3', label: 'Ana (ana.souza)' },
    ]);
  });
});
