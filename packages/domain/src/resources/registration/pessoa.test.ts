import { describe, expect, it } from 'vitest';
import { telefoneValido } from '../../listas/ddd.ts';
import { dadosClientePadrao, pessoa } from './pessoa.ts';
import { pessoaConvenio } from './pessoaConvenio.ts';

/** Schema then rules, as the server and the form run them: the fields that fail. */
function falhas(def: typeof pessoa | typeof pessoaConvenio, body: Record<string, unknown>): Record<string, string> {
  const r = def.schema.safeParse(body);
  if (!r.success) return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  return Object.fromEntries((def.regras?.(r.data as never) ?? []).map((e) => [e.campo, e.mensagem]));
}

const campinas = { logradouro: 'Rua Barão de Jaguara', numero: '1000', bairro: 'Centro', uf: 'SP', cidade: 'Campinas', codigoMunicipio: '3509502' };

describe('pessoa', () => {
  it('checks the CPF of a Física and the CNPJ (numeric or alphanumeric) of a Jurídica', () => {
    expect(falhas(pessoa, { nome: 'Ana', tipo: 'Física', cpfCnpj: '529.982.247-25' })).toEqual({});
    expect(falhas(pessoa, { nome: 'Ana', tipo: 'Física', cpfCnpj: '529.982.247-24' })).toEqual({ cpfCnpj: 'CPF inválido.' });
    expect(falhas(pessoa, { nome: 'Ana', tipo: 'Física', cpfCnpj: '11.222.333/0001-81' })).toEqual({ cpfCnpj: 'CPF inválido.' });
    expect(falhas(pessoa, { nome: 'Ana', tipo: 'Física' })).toEqual({});
    expect(falhas(pessoa, { nome: 'Padaria', tipo: 'Jurídica', cpfCnpj: '11.222.333/0001-81' })).toEqual({});
    expect(falhas(pessoa, { nome: 'Padaria', tipo: 'Jurídica', cpfCnpj: '12.abc.345/01de-35' })).toEqual({});
    expect(falhas(pessoa, { nome: 'Padaria', tipo: 'Jurídica', cpfCnpj: '52998224725' })).toEqual({ cpfCnpj: 'CNPJ inválido.' });
    expect(falhas(pessoa, { nome: 'Padaria', tipo: 'Jurídica' })).toEqual({ cpfCnpj: 'Informe o CNPJ.' });
  });

  it('stores the document without mask, the CNPJ uppercase; ISENTO for the IE', () => {
    const d = pessoa.schema.parse({ nome: 'Padaria', tipo: 'Jurídica', cpfCnpj: '12.abc.345/01de-35', rgIe: 'isento' });
    expect(d).toMatchObject({ cpfCnpj: '12ABC34501DE35', rgIe: 'ISENTO', cliente: true, clientePadrao: false, limiteCredito: 0 });
    expect(pessoa.schema.parse({ nome: 'Ana', cpfCnpj: '529.982.247-25' }).cpfCnpj).toBe('52998224725');
  });

  it('refuses a city whose IBGE code is of another UF, naming the address item', () => {
    expect(falhas(pessoa, { nome: 'Ana', enderecos: [campinas] })).toEqual({});
    expect(falhas(pessoa, { nome: 'Ana', enderecos: [campinas, { ...campinas, uf: 'RJ' }] })).toEqual({ 'enderecos.1.cidade': 'Campinas não é de RJ.' });
    expect(falhas(pessoa, { nome: 'Ana', enderecos: [{ ...campinas, codigoMunicipio: '' }] })).toEqual({ 'enderecos.0.codigoMunicipio': 'Escolha a cidade da lista.' });
    expect(pessoa.schema.parse({ nome: 'Ana', enderecos: [{ ...campinas, cep: '13015-002' }] }).enderecos[0]).toMatchObject({ cep: '13015002', tipo: 'Residencial' });
  });

  it('takes phones with a DDD in use (10 digits, or 11 with the mobile 9) and valid e-mails', () => {
    expect(telefoneValido('1133334444')).toBe(true);
    expect(telefoneValido('11987654321')).toBe(true);
    expect(telefoneValido('11887654321')).toBe(false);
    expect(telefoneValido('2033334444')).toBe(false);
    expect(pessoa.schema.parse({ nome: 'Ana', telefones: [{ numero: '(11) 98765-4321' }] }).telefones).toEqual([{ tipo: 'Celular', numero: '11987654321' }]);
    expect(falhas(pessoa, { nome: 'Ana', enderecosEletronicos: [{ tipo: 'E-mail', endereco: 'ana@' }] })).toEqual({ 'enderecosEletronicos.0.endereco': 'E-mail inválido.' });
    expect(falhas(pessoa, { nome: 'Ana', enderecosEletronicos: [{ tipo: 'Site', endereco: 'padaria.com.br' }] })).toEqual({});
  });

  it('refuses a birth date before 1900 or in the future; the default customer passes its own schema', () => {
    expect(falhas(pessoa, { nome: 'Ana', dataNascimento: '1899-12-31' })).toEqual({ dataNascimento: 'A data deve estar entre 1900-01-01 e hoje.' });
    expect(falhas(pessoa, { nome: 'Ana', dataNascimento: '2999-01-01' })).toEqual({ dataNascimento: 'A data deve estar entre 1900-01-01 e hoje.' });
    expect(falhas(pessoa, { ...dadosClientePadrao })).toEqual({});
  });
});

describe('pessoaConvenio', () => {
  const base = { descricao: 'Hospital', pessoa: 'p1', diaFechamento: 25, diaVencimento: 10 };
  it('takes closing and due days from 1 to 28 and a discount up to 100%', () => {
    expect(falhas(pessoaConvenio, base)).toEqual({});
    expect(falhas(pessoaConvenio, { ...base, diaFechamento: 31 })).toEqual({ diaFechamento: 'O dia de fechamento vai de 1 a 28.' });
    expect(falhas(pessoaConvenio, { ...base, diaVencimento: 0 })).toEqual({ diaVencimento: 'O dia de vencimento vai de 1 a 28.' });
    expect(falhas(pessoaConvenio, { ...base, desconto: 101 })).toEqual({ desconto: 'O desconto deve ser no máximo 100.' });
  });

  it('refuses the same member twice and a limit that is not whole centavos', () => {
    expect(falhas(pessoaConvenio, { ...base, membros: [{ pessoa: 'a' }, { pessoa: 'a', limiteCredito: 100 }] })).toEqual({ 'membros.1.pessoa': 'Esta pessoa já é membro do convênio.' });
    expect(falhas(pessoaConvenio, { ...base, membros: [{ pessoa: 'a', limiteCredito: 10.5 }] })).toEqual({ 'membros.0.limiteCredito': 'Informe o limite em centavos.' });
  });
});
