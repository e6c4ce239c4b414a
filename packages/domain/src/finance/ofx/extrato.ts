import { decodificarTexto } from '../../shared/decodificacao.ts';
import { ErroOfx } from './erro.ts';
import { arvoreOfx, linhaDe, type NoOfx } from './sgml.ts';
import { centavosOfx, dataOfx } from './valores.ts';

/** One STMTTRN. */
export interface LinhaOfx {
  fitid: string;
  /** DTPOSTED as 'AAAA-MM-DD'. */
  data: string;
  /** TRNAMT in centavos, negative for debits. */
  valor: number;
  memo: string;
  name: string;
  checknum: string;
  /** As the bank wrote it: DEBIT, CREDIT, OTHER, and non-standard ones ('0', '1', 'INT'). */
  trntype: string;
  /** Dedupe key (account, FITID, DTPOSTED, TRNAMT), DOMAIN §3. */
  chave: string;
  /** 1 for the first line of the file with this key, 2 for a repeat (same FITID, day and amount)… */
  ocorrencia: number;
}

/** One STMTRS (bank) or CCSTMTRS (credit card). */
export interface ExtratoOfx {
  tipo: 'banco' | 'cartao';
  /** BANKID without leading zeros ('1' and '001' are Banco do Brasil alike); '' for a card. */
  banco: string;
  agencia: string;
  conta: string;
  moeda: string;
  /** DTSTART/DTEND, when the bank sent them. */
  inicio: string | null;
  fim: string | null;
  /** LEDGERBAL. */
  saldo: { valor: number; data: string | null } | null;
  linhas: LinhaOfx[];
}

/** 10 MB: about 30,000 lines, far beyond a month of a busy account; bigger files are refused before reading. */
export const TAMANHO_MAXIMO_OFX = 10 * 1024 * 1024;

/** Reads an OFX file's bytes into its statements, or throws ErroOfx saying what is wrong and where. */
export function lerOfx(bytes: Uint8Array): ExtratoOfx[] {
  if (bytes.length === 0 || bytes.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09)) {
    throw new ErroOfx('vazio', 'O arquivo está vazio');
  }
  if (bytes.length > TAMANHO_MAXIMO_OFX) {
    const mb = (bytes.length / (1024 * 1024)).toFixed(1).replace('.', ',');
    throw new ErroOfx('grande', `O arquivo tem ${mb} MB; um extrato OFX pode ter no máximo ${TAMANHO_MAXIMO_OFX / (1024 * 1024)} MB`);
  }
  const nulo = bytes.indexOf(0);
  if (nulo >= 0) throw new ErroOfx('binario', `O arquivo não é um extrato OFX: é binário (byte nulo na posição ${nulo + 1})`);
  const texto = decodificarTexto(bytes);
  const ofx = arvoreOfx(texto);
  const secoes: NoOfx[] = [];
  buscar(ofx, (n) => n.nome === 'STMTRS' || n.nome === 'CCSTMTRS', secoes);
  if (secoes.length === 0) {
    throw new ErroOfx('semExtrato', 'O arquivo OFX não tem nenhum extrato (STMTRS de conta ou CCSTMTRS de cartão)');
  }
  const vistas = new Map<string, number>();
  return secoes.map((secao, i) => extrato(texto, secao, i + 1, secoes.length, vistas));
}

function extrato(texto: string, secao: NoOfx, n: number, total: number, vistas: Map<string, number>): ExtratoOfx {
  const cartao = secao.nome === 'CCSTMTRS';
  const onde = total > 1 ? ` do extrato ${n}` : '';
  const acct = filho(secao, cartao ? 'CCACCTFROM' : 'BANKACCTFROM');
  const banco = (folha(acct, 'BANKID') ?? '').replace(/^0+(?=\d)/, '');
  const conta = folha(acct, 'ACCTID') ?? '';
  const lista = filho(secao, 'BANKTRANLIST');
  const data = (no: NoOfx | undefined, tag: string, obrigatoria: boolean, oque: string) => {
    const bruto = folha(no, tag);
    if (bruto === undefined || bruto === '') {
      if (!obrigatoria) return null;
      throw new ErroOfx('campo', `${oque}${onde}: falta a data (${tag})`, linhaDe(texto, no!.pos));
    }
    const d = dataOfx(bruto);
    if (!d) throw new ErroOfx('data', `${oque}${onde}: a data ${tag} "${bruto}" não é uma data OFX (AAAAMMDD…)`, linhaDe(texto, noDe(no!, tag)!.pos));
    return d;
  };
  const valor = (no: NoOfx, tag: string, oque: string) => {
    const bruto = folha(no, tag);
    if (bruto === undefined || bruto === '') throw new ErroOfx('campo', `${oque}${onde}: falta o valor (${tag})`, linhaDe(texto, no.pos));
    const v = centavosOfx(bruto);
    if (v === undefined) throw new ErroOfx('valor', `${oque}${onde}: o valor ${tag} "${bruto}" não é um número`, linhaDe(texto, noDe(no, tag)!.pos));
    return v;
  };
  const contaChave = `${banco}:${conta.replace(/[^0-9A-Za-z]/g, '').replace(/^0+(?=.)/, '')}`;
  const linhas = (lista?.filhos ?? [])
    .filter((t) => t.nome === 'STMTTRN')
    .map((t, i): LinhaOfx => {
      const oque = `Lançamento ${i + 1}`;
      const fitid = folha(t, 'FITID') ?? '';
      if (!fitid) throw new ErroOfx('campo', `${oque}${onde}: falta o identificador do lançamento (FITID)`, linhaDe(texto, t.pos));
      const linha = {
        fitid,
        data: data(t, 'DTPOSTED', true, oque)!,
        valor: valor(t, 'TRNAMT', oque),
        memo: folha(t, 'MEMO') ?? '',
        name: folha(t, 'NAME') ?? '',
        checknum: folha(t, 'CHECKNUM') ?? '',
        trntype: (folha(t, 'TRNTYPE') ?? '').toUpperCase(),
      };
      const chave = `${contaChave}|${linha.fitid}|${linha.data}|${linha.valor}`;
      const ocorrencia = (vistas.get(chave) ?? 0) + 1;
      vistas.set(chave, ocorrencia);
      return { ...linha, chave, ocorrencia };
    });
  const ledger = filho(secao, 'LEDGERBAL');
  return {
    tipo: cartao ? 'cartao' : 'banco',
    banco,
    agencia: folha(acct, 'BRANCHID') ?? '',
    conta,
    moeda: (folha(secao, 'CURDEF') ?? '').toUpperCase(),
    inicio: data(lista, 'DTSTART', false, 'Período'),
    fim: data(lista, 'DTEND', false, 'Período'),
    saldo: ledger && folha(ledger, 'BALAMT') ? { valor: valor(ledger, 'BALAMT', 'Saldo'), data: data(ledger, 'DTASOF', false, 'Saldo') } : null,
    linhas,
  };
}

const filho = (no: NoOfx | undefined, nome: string) => no?.filhos.find((f) => f.nome === nome);
const noDe = (no: NoOfx, nome: string) => no.filhos.find((f) => f.nome === nome && f.valor !== undefined);
const folha = (no: NoOfx | undefined, nome: string) => (no ? noDe(no, nome)?.valor : undefined);

function buscar(no: NoOfx, se: (n: NoOfx) => boolean, saida: NoOfx[]) {
  for (const f of no.filhos) {
    if (se(f)) saida.push(f);
    else buscar(f, se, saida);
  }
}
