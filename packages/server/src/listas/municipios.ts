import { readFileSync } from 'node:fs';
import path from 'node:path';
import { semAcento, ufs, compararPt } from '@retaguarda/domain';
import { pastaDoServidor } from '../pastas.ts';

/** One municipality of the IBGE list: the code is what NF-e calls cMun, its first two digits the UF's. */
export interface Municipio {
  codigoIbge: string;
  nome: string;
  uf: string;
}

const arquivo = path.join(pastaDoServidor, 'data/ibge/municipios.csv');
const siglaDoCodigo = new Map<string, string>(ufs.map((u) => [String(u.codigo), u.sigla]));

let cache: { lista: Municipio[]; porCodigo: Map<string, Municipio> } | undefined;

/** Read once, on first use (about 5,600 rows), sorted by name as Portuguese sorts. */
function carregar() {
  if (cache) return cache;
  const [cabecalho, ...linhas] = readFileSync(arquivo, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  const colunas = cabecalho!.split(',');
  const iCodigo = colunas.indexOf('codigo_ibge');
  const iNome = colunas.indexOf('nome');
  const iUf = colunas.indexOf('codigo_uf');
  const lista = linhas
    .map((linha) => linha.split(','))
    .map((c) => ({ codigoIbge: c[iCodigo]!, nome: c[iNome]!, uf: siglaDoCodigo.get(c[iUf]!) ?? '' }))
    .sort((a, b) => compararPt(a.nome, b.nome));
  cache = { lista, porCodigo: new Map(lista.map((m) => [m.codigoIbge, m])) };
  return cache;
}

/** The city of that IBGE code when it lies in that UF (an address's code and UF must agree). */
export function municipioDaUf(codigo: string, uf: string): Municipio | undefined {
  const municipio = carregar().porCodigo.get(codigo);
  return municipio?.uf === uf ? municipio : undefined;
}

/** The message when an address's code is not a city of its UF, the same for every address. */
export const municipioNaoConfere = (codigo: string, uf: string) => `o código ${codigo} não é um município de ${uf}.`;

export function buscarMunicipios(filtro: { uf?: string | undefined; busca?: string | undefined; codigo?: string | undefined }, limite?: number): Municipio[] {
  const { lista } = carregar();
  const termo = filtro.busca ? semAcento(filtro.busca.trim()) : '';
  const achados = lista.filter(
    (m) => (!filtro.uf || m.uf === filtro.uf) && (!filtro.codigo || m.codigoIbge === filtro.codigo) && (!termo || semAcento(m.nome).includes(termo)),
  );
  return limite === undefined ? achados : achados.slice(0, limite);
}
