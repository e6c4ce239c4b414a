/**
 * The access key (chave de acesso) of an NF-e/NFC-e, DOMAIN.md §1: cUF(2) AAMM(4) CNPJ/CPF(14) mod(2)
 * serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1). Since PL_010 the issuer slot may hold an alphanumeric CNPJ
 * (letters from July 2026); the check digit values each character as ASCII − 48, as the CNPJ does.
 */
const FORMATO = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;
/** IBGE codes of the 27 federative units (cUF). */
const CODIGOS_UF = new Set([11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 35, 41, 42, 43, 50, 51, 52, 53]);

/** Uppercase, without spaces or a leading "NFe" (as in infNFe's Id). */
export function normalizarChaveAcesso(valor: string): string {
  return valor.toUpperCase().replace(/^NFE/, '').replace(/[^0-9A-Z]/g, '');
}

/** cDV: mod 11 over the first 43 characters, weights 2…9 repeating from the right; remainder 0 or 1 → 0. */
export function digitoChaveAcesso(base43: string): number {
  let soma = 0;
  for (let i = base43.length - 1, peso = 2; i >= 0; i--, peso = peso === 9 ? 2 : peso + 1) soma += (base43.charCodeAt(i) - 48) * peso;
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export interface PartesChaveAcesso {
  cUF: number;
  /** AAMM of the issue. */
  anoMes: string;
  emitente: string;
  modelo: string;
  serie: number;
  numero: number;
  tpEmis: string;
}

export function partesChaveAcesso(chave: string): PartesChaveAcesso {
  return {
    cUF: Number(chave.slice(0, 2)),
    anoMes: chave.slice(2, 6),
    emitente: chave.slice(6, 20),
    modelo: chave.slice(20, 22),
    serie: Number(chave.slice(22, 25)),
    numero: Number(chave.slice(25, 34)),
    tpEmis: chave.slice(34, 35),
  };
}

/** Why the text cannot be an access key at all (null when it can): its form and its check digit. */
export function erroDeFormaDaChave(valor: string): string | null {
  const chave = normalizarChaveAcesso(valor);
  if (!FORMATO.test(chave)) return 'A chave de acesso tem 44 caracteres: números, com letras só no CNPJ do emitente.';
  const dv = digitoChaveAcesso(chave.slice(0, 43));
  if (String(dv) !== chave[43]) return `Chave de acesso inválida: o dígito verificador deveria ser ${dv}.`;
  return null;
}

/**
 * What in a well-formed key disagrees with itself or with the document beside it: a UF that does not
 * exist, a month that is not one, and, when given, the model, series and number the document declares.
 */
export function divergenciasDaChave(valor: string, documento: { modelo?: string; serie?: number; numero?: number } = {}): string[] {
  const chave = normalizarChaveAcesso(valor);
  const partes = partesChaveAcesso(chave);
  const mes = Number(partes.anoMes.slice(2));
  return [
    !CODIGOS_UF.has(partes.cUF) && `A chave de acesso traz o código de UF ${chave.slice(0, 2)}, que não existe.`,
    (mes < 1 || mes > 12) && `A chave de acesso traz ${partes.anoMes} como ano e mês (AAMM), que não existe.`,
    documento.modelo !== undefined && partes.modelo !== documento.modelo && `A chave de acesso é de um documento modelo ${partes.modelo}, não ${documento.modelo}.`,
    documento.serie !== undefined && partes.serie !== documento.serie && `A chave de acesso é da série ${partes.serie}, não ${documento.serie}.`,
    documento.numero !== undefined && partes.numero !== documento.numero && `A chave de acesso é do número ${partes.numero}, não ${documento.numero}.`,
  ].filter((m): m is string => typeof m === 'string');
}

/**
 * Why the key cannot be this document's (null when it can): its form, its check digit, its UF, and,
 * when given, the model, series and number the document declares beside it.
 */
export function conferirChaveAcesso(valor: string, documento: { modelo?: string; serie?: number; numero?: number } = {}): string | null {
  return erroDeFormaDaChave(valor) ?? divergenciasDaChave(valor, documento)[0] ?? null;
}

/** A key with its check digit, from its parts (test data and the demonstration's notes); `codigo` is cNF. */
export function montarChaveAcesso(p: PartesChaveAcesso & { codigo: number }): string {
  const base = `${p.cUF}${p.anoMes}${normalizarChaveAcesso(p.emitente).padStart(14, '0')}${p.modelo}${String(p.serie).padStart(3, '0')}${String(p.numero).padStart(9, '0')}${p.tpEmis}${String(p.codigo).padStart(8, '0')}`;
  return base + digitoChaveAcesso(base);
}
