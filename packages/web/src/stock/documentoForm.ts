import type { DocumentoNovo, TipoDocumentoTela } from './estoqueApi.ts';
import { agoraNaLoja, lerQuantidade, ocorridoEmDe } from './formatoEstoque.ts';

/** A product chosen in a line: its id, how it reads, and its stock unit. */
export interface ProdutoEscolhido {
  id: string;
  rotulo: string;
  unidade: string | null;
}

export interface LinhaForm {
  /** Stable React key of the line. */
  chave: string;
  produto: ProdutoEscolhido | null;
  /** As typed ('1,5'). */
  quantidade: string;
}

/** What the new-document form holds while it is typed. */
export interface FormDocumento {
  local: string | null;
  destino: string | null;
  data: string;
  hora: string;
  motivo: string | null;
  observacao: string;
  linhas: LinhaForm[];
  /** Date and time the form started with (now): left as they are, the server dates the document when it records it. */
  inicio: { data: string; hora: string };
}

let proximaChave = 0;
export const novaLinha = (): LinhaForm => ({ chave: `linha-${++proximaChave}`, produto: null, quantidade: '' });

export function formVazio(agora = new Date()): FormDocumento {
  const inicio = agoraNaLoja(agora);
  return { local: null, destino: null, ...inicio, motivo: null, observacao: '', linhas: [novaLinha()], inicio };
}

/** Message keys (estoqueDoc.*) of the fields the form refuses before asking the server. */
export interface ErrosForm {
  cabecalho: Record<string, string>;
  itens: Record<number, Record<string, string>>;
}

/**
 * The document the server reads, or the fields to fix first (as i18n keys). Empty lines (no product
 * and no quantity) are left out; the server checks everything again and names what it refuses.
 */
export function montarDocumento(tipo: TipoDocumentoTela, form: FormDocumento): { doc: DocumentoNovo } | { erros: ErrosForm } {
  const cabecalho: Record<string, string> = {};
  const itens: Record<number, Record<string, string>> = {};
  if (!form.local) cabecalho.local = 'estoqueDoc.escolhaLocal';
  if (tipo === 'transferenciaLocal') {
    if (!form.destino) cabecalho.destino = 'estoqueDoc.escolhaLocal';
    else if (form.destino === form.local) cabecalho.destino = 'estoqueDoc.destinoIgual';
  }
  if (tipo === 'saidaManual' && !form.motivo) cabecalho.motivo = 'estoqueDoc.escolhaMotivo';
  const ocorridoEm = ocorridoEmDe(form.data, form.hora);
  if (!ocorridoEm) {
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(form.data.trim()) || ocorridoEmDe(form.data, '00:00') === null) cabecalho.data = 'estoqueDoc.dataInvalida';
    else cabecalho.hora = 'estoqueDoc.horaInvalida';
  }
  const preenchidas = form.linhas.map((l, i) => ({ l, i })).filter(({ l }) => l.produto || l.quantidade.trim());
  if (!preenchidas.length) cabecalho.itens = 'estoqueDoc.semItens';
  const docItens = preenchidas.map(({ l, i }) => {
    const quantidade = lerQuantidade(l.quantidade);
    const erros: Record<string, string> = {};
    if (!l.produto) erros.produto = 'estoqueDoc.escolhaProduto';
    if (quantidade === null) erros.quantidade = 'estoqueDoc.quantidadeInvalida';
    if (Object.keys(erros).length) itens[i] = erros;
    return { produto: l.produto?.id ?? '', quantidade: quantidade ?? '' };
  });
  if (Object.keys(cabecalho).length || Object.keys(itens).length) return { erros: { cabecalho, itens } };
  const observacao = form.observacao.trim();
  // Typed to the minute, "now" would fall before a movement recorded seconds ago and count as backdated.
  const agora = form.data.trim() === form.inicio.data && form.hora.trim() === form.inicio.hora;
  return {
    doc: {
      tipo,
      local: form.local!,
      ...(tipo === 'transferenciaLocal' ? { destino: form.destino! } : {}),
      ...(tipo === 'saidaManual' ? { motivo: form.motivo! } : {}),
      ...(agora ? {} : { ocorridoEm: ocorridoEm! }),
      ...(observacao ? { observacao } : {}),
      itens: docItens,
    },
  };
}

/**
 * The server names item fields by their index among the items sent ('itens.1.quantidade'); the
 * form's lines include empty ones left out. Maps the sent index back to the line's index.
 */
export function indiceDaLinha(form: FormDocumento, enviado: number): number {
  let n = -1;
  for (let i = 0; i < form.linhas.length; i++) {
    const l = form.linhas[i]!;
    if (l.produto || l.quantidade.trim()) n++;
    if (n === enviado) return i;
  }
  return enviado;
}
