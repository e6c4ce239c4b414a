/**
 * A small, lenient XML reader for fiscal documents: elements by local name (namespace prefixes
 * dropped), attributes, text. Real supplier files break the schema (element order, appended events,
 * stray prefixes), so nothing here validates; it only refuses what is not XML at all. A DOCTYPE is
 * refused outright: no fiscal document has one, and entity expansion is an attack, not a feature.
 */
export interface ElementoXml {
  nome: string;
  atributos: Record<string, string>;
  filhos: ElementoXml[];
  texto: string;
}

export class ErroXml extends Error {}

const ENTIDADES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodificar(texto: string): string {
  return texto.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (todo, e: string) => {
    if (e[0] === '#') {
      const codigo = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return codigo > 0 && codigo <= 0x10ffff ? String.fromCodePoint(codigo) : todo;
    }
    return ENTIDADES[e] ?? todo;
  });
}

const localDe = (nome: string) => nome.slice(nome.indexOf(':') + 1);

/** The document's root element; ErroXml (Portuguese) when the text is not well-formed enough to read. */
export function lerXml(texto: string): ElementoXml {
  const raiz: ElementoXml = { nome: '#documento', atributos: {}, filhos: [], texto: '' };
  const pilha: ElementoXml[] = [raiz];
  let i = 0;
  while (i < texto.length) {
    const lt = texto.indexOf('<', i);
    const fimTexto = lt === -1 ? texto.length : lt;
    if (fimTexto > i) pilha[pilha.length - 1]!.texto += decodificar(texto.slice(i, fimTexto));
    if (lt === -1) break;
    if (texto.startsWith('<!--', lt)) {
      const fim = texto.indexOf('-->', lt + 4);
      if (fim === -1) throw new ErroXml('Comentário sem fim no XML.');
      i = fim + 3;
    } else if (texto.startsWith('<![CDATA[', lt)) {
      const fim = texto.indexOf(']]>', lt + 9);
      if (fim === -1) throw new ErroXml('Bloco CDATA sem fim no XML.');
      pilha[pilha.length - 1]!.texto += texto.slice(lt + 9, fim);
      i = fim + 3;
    } else if (texto.startsWith('<?', lt)) {
      const fim = texto.indexOf('?>', lt + 2);
      if (fim === -1) throw new ErroXml('Instrução de processamento sem fim no XML.');
      i = fim + 2;
    } else if (texto.startsWith('<!', lt)) {
      throw new ErroXml('O XML traz uma declaração DOCTYPE, que documentos fiscais não têm.');
    } else {
      const fim = texto.indexOf('>', lt + 1);
      if (fim === -1) throw new ErroXml('Marca sem fim no XML.');
      const marca = texto.slice(lt + 1, fim);
      i = fim + 1;
      if (marca.startsWith('/')) {
        const nome = localDe(marca.slice(1).trim());
        const aberto = pilha.pop();
        if (!aberto || aberto === raiz || aberto.nome !== nome) throw new ErroXml(`Marca </${nome}> fecha o que não foi aberto.`);
        continue;
      }
      const vazio = marca.endsWith('/');
      const corpo = vazio ? marca.slice(0, -1) : marca;
      const m = /^([^\s/>]+)([\s\S]*)$/.exec(corpo.trim());
      if (!m) throw new ErroXml('Marca sem nome no XML.');
      const atributos: Record<string, string> = {};
      for (const a of m[2]!.matchAll(/([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) atributos[localDe(a[1]!)] = decodificar(a[3] ?? a[4] ?? '');
      const el: ElementoXml = { nome: localDe(m[1]!), atributos, filhos: [], texto: '' };
      pilha[pilha.length - 1]!.filhos.push(el);
      if (!vazio) pilha.push(el);
    }
  }
  if (pilha.length > 1) throw new ErroXml(`O XML termina com <${pilha[pilha.length - 1]!.nome}> aberto (arquivo cortado?).`);
  const [documento] = raiz.filhos;
  if (!documento) throw new ErroXml('O arquivo não tem nenhum elemento XML.');
  return documento;
}

/** The first child with this local name (one level down). */
export const filho = (el: ElementoXml | undefined, nome: string): ElementoXml | undefined => el?.filhos.find((f) => f.nome === nome);

export const filhos = (el: ElementoXml | undefined, nome: string): ElementoXml[] => el?.filhos.filter((f) => f.nome === nome) ?? [];

/** The first element with this local name anywhere below, depth first. */
export function buscar(el: ElementoXml | undefined, nome: string): ElementoXml | undefined {
  if (!el) return undefined;
  for (const f of el.filhos) {
    if (f.nome === nome) return f;
    const achado = buscar(f, nome);
    if (achado) return achado;
  }
  return undefined;
}

export function buscarTodos(el: ElementoXml | undefined, nome: string, achados: ElementoXml[] = []): ElementoXml[] {
  for (const f of el?.filhos ?? []) {
    if (f.nome === nome) achados.push(f);
    buscarTodos(f, nome, achados);
  }
  return achados;
}

/** The trimmed text of a child, or null when absent or blank. */
export function textoDe(el: ElementoXml | undefined, nome: string): string | null {
  const t = filho(el, nome)?.texto.trim();
  return t ? t : null;
}
