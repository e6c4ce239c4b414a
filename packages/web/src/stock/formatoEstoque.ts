import { custo, deEscalado, normalizarDecimal } from '@retaguarda/domain';
import { formatDecimalExato } from '../resources/format.ts';

/**
 * Display and input of the stock screens. Quantities and unit costs are exact decimal strings from
 * the server ('12.5000'; costs in centavos with 4 places, '550.0000' = R$ 5,50): formatted by string
 * and BigInt work only, never through a float.
 */

/** '12.5000', 'KG' → '12,5 KG'; '-3.0000' → '-3'. */
export function formatQtd(quantidade: string | null | undefined, unidade?: string | null): string {
  if (quantidade === null || quantidade === undefined || quantidade === '') return '';
  const texto = formatDecimalExato(quantidade);
  return unidade ? `${texto} ${unidade}` : texto;
}

/** A unit cost in centavos with 4 places as reais, to at most 4 places of a real: '550.0000' → 'R$ 5,50', '333.3333' → 'R$ 3,3333'. */
export function formatCusto(centavos: string | null | undefined): string {
  if (centavos === null || centavos === undefined || centavos === '' || normalizarDecimal(centavos) === null) return '';
  // 4 places of a centavo are 6 places of a real; rounded half away from zero to 4.
  const escalado = custo(centavos);
  const negativo = escalado < 0n;
  const abs = negativo ? -escalado : escalado;
  const arredondado = (abs + 50n) / 100n;
  const texto = formatDecimalExato(deEscalado(arredondado, 4), 2);
  return `${negativo && arredondado !== 0n ? '-' : ''}R$ ${texto}`;
}

/**
 * A quantity typed the Brazilian way ('1,5', '1.5', '1.234,5') as the text the server reads ('1.5'),
 * or null when it is not a positive number with at most 4 places.
 */
export function lerQuantidade(texto: string): string | null {
  const limpo = texto.trim();
  if (!limpo) return null;
  // A comma is the decimal separator; dots before it are thousands. Without a comma, a dot is the decimal point.
  const normal = limpo.includes(',') ? limpo.replace(/\./g, '').replace(',', '.') : limpo;
  if (!/^\d+(\.\d{1,4})?$/.test(normal)) return null;
  if (/^0+(\.0*)?$/.test(normal)) return null;
  return normal.replace(/^0+(?=\d)/, '');
}

/** The stores' clock is UTC−3 (as the reports): 'aaaa-mm-ddThh:mm' of a moment. */
function naLoja(instante: Date): string {
  return new Date(instante.getTime() - 3 * 3_600_000).toISOString().slice(0, 16);
}

/** Date (dd/mm/aaaa) and time (hh:mm) of now in the stores' clock: what a new document starts with. */
export function agoraNaLoja(agora = new Date()): { data: string; hora: string } {
  const [dia = '', hora = ''] = naLoja(agora).split('T');
  return { data: dia.split('-').reverse().join('/'), hora };
}

/** 'dd/mm/aaaa' and 'hh:mm' of the store as ISO 8601 with its offset ('2026-11-23T12:30:00-03:00'), or null when either is not real. */
export function ocorridoEmDe(data: string, hora: string): string | null {
  const d = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(data.trim());
  const h = /^(\d{1,2}):(\d{2})$/.exec(hora.trim());
  if (!d || !h) return null;
  const iso = `${d[3]}-${d[2]}-${d[1]}`;
  const dia = new Date(`${iso}T12:00:00Z`);
  if (Number.isNaN(dia.getTime()) || dia.toISOString().slice(0, 10) !== iso) return null;
  if (Number(h[1]) > 23 || Number(h[2]) > 59) return null;
  return `${iso}T${h[1]!.padStart(2, '0')}:${h[2]}:00-03:00`;
}

/** A moment as the stores read it: dd/mm/aaaa hh:mm. */
export function dataHora(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const [dia = '', hora = ''] = naLoja(new Date(t)).split('T');
  return `${dia.split('-').reverse().join('/')} ${hora}`;
}

/** A quantity typed in a line as the server answers would show it, or the text as typed while it is not a number yet. */
export const quantidadeExibida = (texto: string) => {
  const lida = lerQuantidade(texto);
  return lida === null ? texto : formatDecimalExato(lida);
};

/**
 * The server's field errors of a document ({'itens.1.quantidade': '…', local: '…'}) split into the
 * header's fields and each item line's fields.
 */
export function errosDoDocumento(campos: Record<string, string> | undefined): { cabecalho: Record<string, string>; itens: Record<number, Record<string, string>> } {
  const cabecalho: Record<string, string> = {};
  const itens: Record<number, Record<string, string>> = {};
  for (const [caminho, mensagem] of Object.entries(campos ?? {})) {
    const item = /^itens\.(\d+)\.(\w+)$/.exec(caminho);
    if (item) (itens[Number(item[1])] ??= {})[item[2]!] = mensagem;
    else cabecalho[caminho.split('.')[0]!] = mensagem;
  }
  return { cabecalho, itens };
}
