import { mensagens } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { carregarEmpresaPadrao, carregarEmpresasCallCenter } from './listas.ts';
import { apiFalsa, corpoDe, empresa, grupoEmpresarial, ok, recusa } from './teste.ts';

const ctx = (fetch: ReturnType<typeof apiFalsa>) => ({ empresa, grupoEmpresarial, fetch });
const registro = { _id: 'emp-1', nomeFantasia: 'Centro', configuracoes: { callCenter: true, empresasCallCenter: ['emp-2', 'emp-3'] } };

describe('default company through empresa/getPopulate (SPEC.md §7)', () => {
  it('asks by _id and gives the record', async () => {
    const fetch = apiFalsa({ 'POST /api/empresa/getPopulate': ok([registro]) });
    expect(await carregarEmpresaPadrao(ctx(fetch))).toEqual(registro);
    expect(corpoDe(fetch, 'POST /api/empresa/getPopulate')).toEqual({ filtro: { _id: 'emp-1', lixo: false } });
  });

  it('none found, none configured, and the call’s own failures', async () => {
    await expect(carregarEmpresaPadrao(ctx(apiFalsa({ 'POST /api/empresa/getPopulate': ok([]) })))).rejects.toThrow(
      'Não foram encontrados nenhuma empresa com os dados configurados da Empresa Padrão!',
    );
    await expect(carregarEmpresaPadrao(ctx(apiFalsa({ 'POST /api/empresa/getPopulate': ok([{ _id: 'emp-1' }]) })))).rejects.toThrow(
      'Configurações da Empresa Padrão não foram encontrados, reconfigure o sistema!',
    );
    await expect(carregarEmpresaPadrao({ empresa: null, grupoEmpresarial, fetch: apiFalsa() })).rejects.toThrow(mensagens.configuracaoEmpresaPadraoAusente);
    await expect(carregarEmpresaPadrao(ctx(apiFalsa({ 'POST /api/empresa/getPopulate': recusa('Acesso negado.') })))).rejects.toThrow('Falha ao obter Empresa Padrão! Acesso negado.');
    await expect(carregarEmpresaPadrao(ctx(apiFalsa({ 'POST /api/empresa/getPopulate': recusa('x', 404) })))).rejects.toThrow(/^Falha de comunicação!$/);
  });

  it('call-center companies: empresa/getPopulate by the configured ids, only in call-center mode', async () => {
    const fetch = apiFalsa({ 'POST /api/empresa/getPopulate': ok([{ _id: 'emp-2' }, { _id: 'emp-3' }]) });
    expect(await carregarEmpresasCallCenter(registro, ctx(fetch))).toEqual([{ _id: 'emp-2' }, { _id: 'emp-3' }]);
    expect(corpoDe(fetch, 'POST /api/empresa/getPopulate')).toEqual({ filtro: { _id: { $in: ['emp-2', 'emp-3'] }, lixo: false } });
    const semModo = apiFalsa();
    expect(await carregarEmpresasCallCenter({ ...registro, configuracoes: { callCenter: false, empresasCallCenter: ['emp-2'] } }, ctx(semModo))).toEqual([]);
    expect(semModo).not.toHaveBeenCalled();
    await expect(carregarEmpresasCallCenter(registro, ctx(apiFalsa({ 'POST /api/empresa/getPopulate': recusa('q') })))).rejects.toThrow('Falha ao obter Empresas Call Center! q');
  });
});
