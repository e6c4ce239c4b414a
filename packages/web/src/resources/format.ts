import { centavosParaTexto as centavosDominio, formatCnpj, formatCpf, normalizarDecimal, reais, type Campo } from '@retaguarda/domain';
import { MASCARAS, mascarar, mascaraTelefone, slots } from '../forms/masks.ts';

/**
 * Display and input formats of the generic screens (pt-BR). Money is integer centavos everywhere:
 * typed text is parsed straight to centavos, never through a binary floating-point number.
 */

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });

/** 123456 → 'R$ 1.234,56' (the domain's integer formatting; money never goes through a float). */
export const formatCentavos = (centavos: number): string => reais(centavos);

/** Centavos as the editable text of a money input: 123456 → "1.234,56". */
export function centavosParaTexto(centavos: number | null | undefined): string {
  return centavos === null || centavos === undefined ? '' : centavosDominio(centavos);
}

/**
 * Parses money typed the Brazilian way into integer centavos: '1.234,56' → 123456, '0,1' → 10,
 * '12' → 1200, 'R$ 5,00' → 500. Returns null for an empty input and undefined when the text is not
 * a valid amount ('1,234' has three decimals; '1.23' is a misplaced thousands separator).
 */
export function parseCentavos(texto: string): number | null | undefined {
  const limpo = texto.replace(/R\$/i, '').replace(/\s/g, '');
  if (limpo === '') return null;
  const match = /^(-)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(limpo);
  if (!match) return undefined;
  const [, sinal, inteiro = '0', fracao = ''] = match;
  const digitos = `${inteiro.replace(/\./g, '')}${fracao.padEnd(2, '0')}`;
  const valor = Number(digitos.replace(/^0+(?=\d)/, ''));
  if (!Number.isSafeInteger(valor)) return undefined;
  return sinal ? -valor : valor;
}

export function formatDecimal(valor: number): string {
  return decimal.format(valor);
}

/**
 * An exact decimal (the canonical '1234.5000', or a number stored before the field became exact)
 * written the Brazilian way by string work alone: '1.234,5'. Trailing zeros go, down to `minCasas`
 * places ('18.0000' → '18,00' with 2). `milhar` false leaves out the thousands dots (editing text).
 */
export function formatDecimalExato(valor: unknown, minCasas = 0, milhar = true): string {
  const texto = normalizarDecimal(valor);
  if (texto === null) return String(valor ?? '');
  const negativo = texto.startsWith('-');
  const [inteiraBruta = '0', fracaoBruta = ''] = texto.replace('-', '').split('.');
  const fracao = fracaoBruta.replace(/0+$/, '').padEnd(minCasas, '0');
  let inteira = inteiraBruta.replace(/^0+(?=\d)/, '');
  if (milhar) inteira = inteira.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const zero = /^0$/.test(inteira) && /^0*$/.test(fracao);
  return `${negativo && !zero ? '-' : ''}${inteira}${fracao ? `,${fracao}` : ''}`;
}

/** Places a percentage always shows ('18,00 %'); a decimal shows only the ones it has. */
export const casasMinimas = (campo: Pick<Campo, 'tipo'>): number => (campo.tipo === 'percentual' ? 2 : 0);

/** The text a decimal or percentage input starts with: '18.0000' → '18,00' (no thousands dots). */
export function decimalParaTexto(campo: Pick<Campo, 'tipo'>, valor: unknown): string {
  if (valor === null || valor === undefined || valor === '') return '';
  return formatDecimalExato(valor, casasMinimas(campo), false);
}

/** 'AAAA-MM-DD' (or an ISO timestamp) → 'dd/mm/aaaa', without time-zone shifts. */
export function formatData(valor: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(valor);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : valor;
}

/** Text a populated reference shows: its description, or whatever names it. */
export function rotuloDeRegistro(valor: unknown): string {
  if (valor === null || valor === undefined) return '';
  if (typeof valor !== 'object') return String(valor);
  const r = valor as Record<string, unknown>;
  // A product is read by its code and description ('12 - X-burger'), as at the till.
  if (typeof r.codigo === 'string' && r.codigo && typeof r.descricao === 'string' && r.descricao) return `${r.codigo} - ${r.descricao}`;
  for (const key of ['descricao', 'nome', 'sigla', 'nomeFantasia']) {
    if (typeof r[key] === 'string' && r[key]) return r[key] as string;
  }
  return typeof r._id === 'string' ? r._id : '';
}

export interface Rotulos {
  sim: string;
  nao: string;
}

function resumoDoItem(campo: Campo, item: unknown, rotulos: Rotulos): string {
  const obj = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
  return (campo.resumo ?? [])
    .map((sub) => (campo.campos?.[sub] ? formatValor(campo.campos[sub]!, obj[sub], rotulos) : ''))
    .filter(Boolean)
    .join(' ');
}

/** A value as the list and the exports show it. */
export function formatValor(campo: Campo, valor: unknown, rotulos: Rotulos = { sim: 'Sim', nao: 'Não' }): string {
  if (valor === null || valor === undefined || valor === '') return '';
  switch (campo.tipo) {
    case 'booleano':
      return valor ? rotulos.sim : rotulos.nao;
    case 'dinheiro':
      return typeof valor === 'number' ? formatCentavos(valor) : String(valor);
    case 'inteiro':
      return typeof valor === 'number' ? formatDecimal(valor) : String(valor);
    case 'decimal':
      return formatDecimalExato(valor);
    case 'percentual':
      return `${formatDecimalExato(valor, 2)} %`;
    case 'data':
      return typeof valor === 'string' ? formatData(valor) : String(valor);
    case 'referencia':
      return rotuloDeRegistro(valor);
    case 'opcoes':
    case 'referencias':
      return Array.isArray(valor) ? valor.map(rotuloDeRegistro).filter(Boolean).join(', ') : rotuloDeRegistro(valor);
    case 'opcao':
      return campo.rotulosOpcoes?.[String(valor)] ?? String(valor);
    case 'cpfCnpj': {
      const texto = String(valor);
      return /^\d{11}$/.test(texto) ? formatCpf(texto) : formatCnpj(texto);
    }
    case 'cep':
    case 'telefone': {
      // Masked only when complete; anything else is shown as stored.
      const padrao = campo.tipo === 'cep' ? MASCARAS.cep : mascaraTelefone(String(valor));
      const texto = String(valor);
      return texto.length === slots(padrao) && /^\d+$/.test(texto) ? mascarar(padrao, texto) : texto;
    }
    case 'lista':
      if (!Array.isArray(valor)) return '';
      // 'SP 5102 18,00 %; RJ 6102 12,00 %' when the declaration names the item fields to show.
      if (campo.resumo?.length) return valor.map((item) => resumoDoItem(campo, item, rotulos)).join('; ');
      return String(valor.length);
    case 'permissoes':
      return typeof valor === 'object' ? String(Object.keys(valor as object).length) : '';
    case 'senha':
    case 'pin':
      return '';
    default:
      return typeof valor === 'object' ? rotuloDeRegistro(valor) : String(valor);
  }
}
