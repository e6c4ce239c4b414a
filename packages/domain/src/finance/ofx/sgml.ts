import { ErroOfx } from './erro.ts';

/**
 * OFX 1.x (SGML, leaf tags usually unclosed) and OFX 2 (XML, often not well-formed) read by one
 * tolerant tree builder: a tag followed by text is a leaf whose value runs to the next '<' (its
 * closing tag, if any, is skipped); a tag followed by a tag is an aggregate, closed by its end tag
 * or by the end tag of an ancestor. No entity but the five predefined and numeric ones is expanded,
 * so a DOCTYPE's entity bomb stays inert text.
 */
export interface NoOfx {
  nome: string;
  /** Offset in the text, to say on which line a problem is. */
  pos: number;
  valor?: string;
  filhos: NoOfx[];
}

/** Deeper than any real statement (OFX > BANKMSGSRSV1 > STMTTRNRS > STMTRS > BANKTRANLIST > STMTTRN > …). */
export const PROFUNDIDADE_MAXIMA = 32;
/** More than a 10 MB statement holds (about 12 bytes a tag at the tersest): a file of bare tags stops here instead of building millions of nodes. */
export const ELEMENTOS_MAXIMOS = 1_000_000;

// Elements that are aggregates even when empty or directly followed by text.
const AGREGADOS = new Set([
  'OFX', 'SIGNONMSGSRSV1', 'SONRS', 'STATUS', 'FI', 'BANKMSGSRSV1', 'STMTTRNRS', 'STMTRS', 'BANKACCTFROM',
  'BANKTRANLIST', 'STMTTRN', 'LEDGERBAL', 'AVAILBAL', 'CREDITCARDMSGSRSV1', 'CCSTMTTRNRS', 'CCSTMTRS',
  'CCACCTFROM', 'BANKACCTTO', 'CCACCTTO', 'PAYEE', 'CURRENCY', 'ORIGCURRENCY',
]);
// Leaves that may come empty and be followed by the next tag (<MEMO> then <NAME>…).
const FOLHAS = new Set([
  'TRNTYPE', 'DTPOSTED', 'DTUSER', 'DTAVAIL', 'TRNAMT', 'FITID', 'CHECKNUM', 'REFNUM', 'MEMO', 'NAME', 'PAYEEID',
  'BANKID', 'BRANCHID', 'ACCTID', 'ACCTTYPE', 'CURDEF', 'DTSTART', 'DTEND', 'BALAMT', 'DTASOF', 'CODE', 'SEVERITY',
]);

type Token = { tipo: 'abre' | 'fecha'; nome: string; pos: number } | { tipo: 'texto'; texto: string; pos: number };

function* tokens(texto: string, inicio: number): Generator<Token> {
  let pos = inicio;
  while (pos < texto.length) {
    const lt = texto.indexOf('<', pos);
    const fimTexto = lt < 0 ? texto.length : lt;
    if (fimTexto > pos) yield { tipo: 'texto', texto: texto.slice(pos, fimTexto), pos };
    if (lt < 0) return;
    if (texto.startsWith('<!--', lt)) {
      const fim = texto.indexOf('-->', lt + 4);
      if (fim < 0) throw new ErroOfx('danificado', 'O arquivo OFX está danificado: um comentário "<!--" não termina', linhaDe(texto, lt));
      pos = fim + 3;
      continue;
    }
    const gt = texto.indexOf('>', lt + 1);
    if (gt < 0) throw new ErroOfx('danificado', 'O arquivo OFX está danificado: termina no meio de uma tag (falta ">")', linhaDe(texto, lt));
    const bruto = texto.slice(lt + 1, gt);
    pos = gt + 1;
    if (bruto.startsWith('?') || bruto.startsWith('!')) continue; // <?xml?>, <?OFX?>, <!DOCTYPE>
    const m = /^(\/?)\s*([A-Za-z][\w.]*)/.exec(bruto);
    if (!m) throw new ErroOfx('danificado', `O arquivo OFX está danificado: "<${bruto.slice(0, 30)}>" não é uma tag`, linhaDe(texto, lt));
    yield { tipo: m[1] ? 'fecha' : 'abre', nome: m[2]!.toUpperCase(), pos: lt };
  }
}

export function linhaDe(texto: string, pos: number): number {
  let linha = 1;
  for (let i = texto.indexOf('\n'); i >= 0 && i < pos; i = texto.indexOf('\n', i + 1)) linha++;
  return linha;
}

const ENTIDADES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function textoDe(bruto: string): string {
  const semEntidades = bruto.includes('&')
    ? bruto.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (todo, e: string) => {
        if (e[0] !== '#') return ENTIDADES[e.toLowerCase()] ?? todo;
        const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : todo;
      })
    : bruto;
  return semEntidades.trim();
}

/** The <OFX> element of the text (after the OFX 1 header or the XML prolog). */
export function arvoreOfx(texto: string): NoOfx {
  const inicio = texto.search(/<OFX\s*>/i);
  if (inicio < 0) {
    if (/OFXHEADER|<\?OFX/i.test(texto.slice(0, 2000))) {
      throw new ErroOfx('danificado', 'O arquivo tem cabeçalho OFX, mas falta o elemento <OFX> com o extrato: está danificado ou incompleto');
    }
    throw new ErroOfx('naoOfx', 'O arquivo não é um extrato OFX: não há cabeçalho OFX nem o elemento <OFX>');
  }
  const it = tokens(texto, inicio);
  const raiz: NoOfx = { nome: '', pos: 0, filhos: [] };
  const pilha: NoOfx[] = [raiz];
  let adiante: Token | undefined;
  const proximo = () => {
    if (adiante) {
      const t = adiante;
      adiante = undefined;
      return t;
    }
    const r = it.next();
    return r.done ? undefined : r.value;
  };
  const espiar = () => (adiante ??= proximo());
  let elementos = 0;
  for (let t = proximo(); t; t = proximo()) {
    if (t.tipo === 'texto') continue; // blank, or stray text after a closed leaf
    const topo = pilha[pilha.length - 1]!;
    if (t.tipo === 'fecha') {
      const i = pilha.findLastIndex((n) => n.nome === t.nome);
      if (i > 0) pilha.length = i; // closes it and any unclosed aggregate inside it
      if (pilha.length === 1) break; // </OFX>: what follows is not the statement
      continue;
    }
    if (++elementos > ELEMENTOS_MAXIMOS) {
      throw new ErroOfx('danificado', `O arquivo OFX está danificado: mais de ${ELEMENTOS_MAXIMOS.toLocaleString('pt-BR')} tags, mais do que um extrato tem`, linhaDe(texto, t.pos));
    }
    const no: NoOfx = { nome: t.nome, pos: t.pos, filhos: [] };
    topo.filhos.push(no);
    const seguinte = espiar();
    const comTexto = seguinte?.tipo === 'texto' && seguinte.texto.trim() !== '';
    const agregado = AGREGADOS.has(t.nome) || (!comTexto && !FOLHAS.has(t.nome) && seguinte?.tipo === 'abre');
    if (agregado) {
      if (pilha.length > PROFUNDIDADE_MAXIMA) {
        throw new ErroOfx('danificado', `O arquivo OFX está danificado: tags aninhadas mais de ${PROFUNDIDADE_MAXIMA} níveis`, linhaDe(texto, t.pos));
      }
      pilha.push(no);
      continue;
    }
    no.valor = '';
    if (comTexto) {
      no.valor = textoDe((proximo() as { texto: string }).texto);
    }
    const fecha = espiar();
    if (fecha?.tipo === 'fecha' && fecha.nome === t.nome) proximo();
  }
  const ofx = raiz.filhos[0];
  if (!ofx) throw new ErroOfx('danificado', 'O arquivo OFX está danificado: o elemento <OFX> está vazio');
  return ofx;
}
