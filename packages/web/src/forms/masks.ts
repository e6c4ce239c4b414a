import { masks } from '@retaguarda/domain';

/**
 * Input masks (SPEC.md §5). A pattern has slots — '#' a digit, 'A' a letter or digit ([0-9A-Z],
 * uppercased) — and literals (anything else). What is typed fills the slots in order; slots not yet
 * typed show the fill character '_'. The form and the API hold the unmasked value (the slot
 * characters only).
 */
export const FILL = masks.fill;

export const MASCARAS = {
  data: masks.data,
  telefone: masks.telefone,
  cartao: masks.cartao,
  cep: '#####-###',
  cpf: '###.###.###-##',
  cnpj: 'AA.AAA.AAA/AAAA-##',
  /** An 11-digit mobile number (DDD + 9 + eight digits) does not fit SPEC §5's 10-digit phone mask. */
  celular: '(##) ##### - ####',
} as const;

function ehSlot(c: string): boolean {
  return c === '#' || c === 'A';
}

function aceita(slot: string, c: string): boolean {
  return slot === '#' ? c >= '0' && c <= '9' : /^[0-9A-Z]$/.test(c);
}

export function slots(padrao: string): number {
  let n = 0;
  for (const c of padrao) if (ehSlot(c)) n++;
  return n;
}

/**
 * The unmasked value of any text (typed, pasted, masked or not): its characters fill the pattern's
 * slots in order, those a slot does not take are dropped. Fill and literal characters are never
 * taken, so a masked value gives back its own value.
 */
export function desmascarar(padrao: string, texto: string): string {
  return consumir(padrao, texto).valor;
}

/** Value of `texto`, and how many of its characters (from the start) it took to fill it. */
function consumir(padrao: string, texto: string): { valor: string } {
  const posicoes = [...padrao].filter(ehSlot);
  let valor = '';
  for (const bruto of texto.toUpperCase()) {
    if (valor.length >= posicoes.length) break;
    if (aceita(posicoes[valor.length]!, bruto)) valor += bruto;
  }
  return { valor };
}

/**
 * The masked display of a value: '(119) 87_ - ____'. An empty value shows nothing (so the
 * placeholder shows); `completo` false stops after the last typed slot.
 */
export function mascarar(padrao: string, valor: string, completo = true): string {
  const limpo = desmascarar(padrao, valor);
  if (!limpo) return '';
  let saida = '';
  let i = 0;
  for (const c of padrao) {
    if (ehSlot(c)) {
      if (i < limpo.length) saida += limpo[i];
      else if (completo) saida += FILL;
      else break;
      i++;
    } else {
      if (!completo && i >= limpo.length) break;
      saida += c;
    }
  }
  return saida;
}

/** Index in the display where the caret goes after `n` slot characters: before the next slot. */
export function posicaoDoCursor(padrao: string, n: number): number {
  let vistos = 0;
  for (let i = 0; i < padrao.length; i++) {
    if (ehSlot(padrao[i]!)) {
      if (vistos === n) return i;
      vistos++;
    }
  }
  return padrao.length;
}

/** How many slot characters a display has before index `pos` (the caret). */
export function slotsAntes(padrao: string, texto: string, pos: number): number {
  return desmascarar(padrao, texto.slice(0, pos)).length;
}

/** The result of an edit of the masked text: the new value and where the caret goes. */
export interface Edicao {
  valor: string;
  exibido: string;
  cursor: number;
}

/** After the input's text changed to `texto` with the caret at `cursor` (typing, pasting, cutting). */
export function editar(padrao: string, texto: string, cursor: number): Edicao {
  const valor = desmascarar(padrao, texto);
  const antes = Math.min(valor.length, slotsAntes(padrao, texto, cursor));
  return { valor, exibido: mascarar(padrao, valor), cursor: valor ? posicaoDoCursor(padrao, antes) : 0 };
}

/**
 * Backspace (or Delete) with the caret at `cursor` and nothing selected: removes the slot character
 * before (after) it, stepping over literals and fill characters — so backspace over ') ' deletes
 * the digit before them.
 */
export function apagar(padrao: string, valor: string, cursor: number, direcao: 'tras' | 'frente'): Edicao {
  const limpo = desmascarar(padrao, valor);
  const exibido = mascarar(padrao, limpo);
  const antes = Math.min(limpo.length, slotsAntes(padrao, exibido, cursor));
  const indice = direcao === 'tras' ? antes - 1 : antes;
  if (indice < 0 || indice >= limpo.length) return { valor: limpo, exibido, cursor: limpo ? posicaoDoCursor(padrao, antes) : 0 };
  const novo = limpo.slice(0, indice) + limpo.slice(indice + 1);
  return { valor: novo, exibido: mascarar(padrao, novo), cursor: novo ? posicaoDoCursor(padrao, indice) : 0 };
}

/** CPF (11 digits) or CNPJ (otherwise, alphanumeric), from what is typed or a person type. */
export function mascaraCpfCnpj(texto: string, tipoPessoa?: string): string {
  if (tipoPessoa === 'Física') return MASCARAS.cpf;
  if (tipoPessoa === 'Jurídica') return MASCARAS.cnpj;
  const bruto = texto.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return bruto.length <= 11 && /^\d*$/.test(bruto) ? MASCARAS.cpf : MASCARAS.cnpj;
}

/** SPEC §5's phone mask up to 10 digits; past that, the mobile one. */
export function mascaraTelefone(texto: string): string {
  return texto.replace(/\D/g, '').length > slots(MASCARAS.telefone) ? MASCARAS.celular : MASCARAS.telefone;
}

/** Dates: the mask is year first (SPEC §5 '####/##/##'); the form holds 'aaaa-mm-dd'. */
export function dataParaValor(digitos: string): string {
  return digitos.length === 8 ? `${digitos.slice(0, 4)}-${digitos.slice(4, 6)}-${digitos.slice(6)}` : digitos;
}
