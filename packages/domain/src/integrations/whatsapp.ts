/**
 * The WhatsApp robot's rules that the server and the screens share: the number as the Cloud API takes it,
 * the order of a message's statuses, the automatic messages' events and variables, the retry backoff.
 */

/**
 * A phone as WhatsApp addresses it: country code and digits (5511987654321). A Brazilian number typed
 * with its DDD (10 or 11 digits) gets 55 in front; null when it cannot be a phone.
 */
export function numeroWhatsApp(bruto: string): string | null {
  const digitos = bruto.replace(/\D/g, '');
  // With '+', the country code is there already.
  if (bruto.trim().startsWith('+')) return digitos.length >= 8 && digitos.length <= 15 ? digitos : null;
  if (digitos.length === 10 || digitos.length === 11) return `55${digitos}`;
  if ((digitos.length === 12 || digitos.length === 13) && digitos.startsWith('55')) return digitos;
  return null;
}

/** 5511987654321 → (11) 98765-4321; other countries as +digits. */
export function formatarNumeroWhatsApp(numero: string): string {
  const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(numero);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : `+${numero}`;
}

/** Statuses only move forward: a late 'delivered' after 'read' does not undo it. 'falhou' ends a message. */
const ORDEM_SITUACAO: Record<string, number> = { pendente: 0, enviada: 1, entregue: 2, lida: 3, falhou: 4 };
export function situacaoAvanca(atual: string, nova: string): boolean {
  return (ORDEM_SITUACAO[nova] ?? -1) > (ORDEM_SITUACAO[atual] ?? -1) && atual !== 'falhou';
}

/** The Cloud API's status word → ours. */
export const SITUACAO_DO_STATUS: Readonly<Record<string, 'enviada' | 'entregue' | 'lida' | 'falhou'>> = { sent: 'enviada', delivered: 'entregue', read: 'lida', failed: 'falhou' };

/** Tries of an outgoing message, and the wait before each next one (1 min, 5, 30, 2 h): about three hours in all. */
export const ESPERAS_ENVIO_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
export const TENTATIVAS_ENVIO = ESPERAS_ENVIO_MS.length + 1;

/** An order's events that may send an automatic message. */
export const eventosPedido = ['Recebido', 'Aceito', 'Saiu para entrega', 'Entregue', 'Cancelado'] as const;
export type EventoPedido = (typeof eventosPedido)[number];

/** What an automatic message may say about the order. */
export const VARIAVEIS_MENSAGEM_AUTOMATICA = ['nome', 'pedido', 'status', 'previsao', 'loja', 'total', 'itens'] as const;

/**
 * An approved template's {{n}} mapped to our variables: '{nome}, {pedido}' gives {{1}} the customer's
 * name and {{2}} the order. Null when every item is one known variable; otherwise the message naming
 * the unknown one (as a free text's check says it).
 */
export function conferirParametrosModelo(texto: string, conhecidas: readonly string[]): string | null {
  const itens = lerParametrosModelo(texto);
  const fora = itens.filter((i) => !/^\{[^{}\s]+\}$/.test(i));
  if (fora.length) return `Cada parâmetro é uma variável entre chaves, separadas por vírgula (${fora.map((f) => `"${f}"`).join(', ')} não é).`;
  const desconhecidas = [...new Set(itens.map((i) => i.slice(1, -1)).filter((v) => !conhecidas.includes(v)))];
  if (desconhecidas.length)
    return `${desconhecidas.length > 1 ? 'Variáveis desconhecidas' : 'Variável desconhecida'}: ${desconhecidas.map((v) => `{${v}}`).join(', ')}. Use ${conhecidas.map((v) => `{${v}}`).join(', ')}.`;
  return null;
}

/** '{nome}, {pedido}' → ['{nome}', '{pedido}'] (empty items dropped). */
export const lerParametrosModelo = (texto: string | null | undefined): string[] =>
  (texto ?? '')
    .split(',')
    .map((i) => i.trim())
    .filter(Boolean);

/** The win-back message's variables: the customer, the coupon and its discount, the store, the last order. */
export const VARIAVEIS_RECUPERADOR = ['nome', 'cupom', 'desconto', 'validade', 'loja', 'dias'] as const;

/** recuperadorDeVenda: a customer who stopped ordering, as the server finds them and the screen lists them. */
export interface ClienteParado {
  cliente: string;
  nome: string;
  /** The number WhatsApp takes (5511…), or null when the customer has no phone. */
  numero: string | null;
  pedidos: number;
  /** Centavos. */
  receita: number;
  ultimoPedidoEm: string;
  diasSemPedido: number;
}

/** A conversation with a customer: aberta (their message waits for us), aguardando (we wait for them), encerrada. */
export const situacoesConversa = ['aberta', 'aguardando', 'encerrada'] as const;
export type SituacaoConversa = (typeof situacoesConversa)[number];

export const situacoesMensagem = ['recebida', 'pendente', 'enviada', 'entregue', 'lida', 'falhou'] as const;
export type SituacaoMensagem = (typeof situacoesMensagem)[number];

/** A template of the WABA as the Cloud API lists it: its body's {{n}} parameters counted. */
export interface ModeloAprovado {
  nome: string;
  idioma: string;
  categoria: string;
  situacao: string;
  corpo: string;
  parametros: number;
}

/** Meta's customer service window of a conversation: open, from the customer's last message, until when. */
export interface JanelaWhatsApp {
  aberta: boolean;
  /** The customer's last message, and when the window it opened closes (null: they never wrote). */
  ultimaEntradaEm: string | null;
  fechaEm: string | null;
}

/** A template's body with its {{n}} replaced by the parameters; a {{n}} without one (or with an empty one) stays. */
export const corpoDoModelo = (corpo: string, parametros: readonly string[]): string => corpo.replace(/\{\{\s*(\d+)\s*\}\}/g, (todo, n: string) => parametros[Number(n) - 1]?.trim() || todo);

/**
 * How the robot's sends are really going, from their last results (not from the connection's on/off):
 * 'falhando' when the latest result is a failure (a send refused, or queued after a failed try; a message
 * never tried, as an automatic text outside the 24 hours, says nothing of the connection), with
 * its reason and time and how many failed since the last accepted one; 'ok' when the latest was
 * accepted; 'semEnvios' before any.
 */
export interface SituacaoEnvios {
  estado: 'ok' | 'falhando' | 'semEnvios';
  ultimoSucessoEm: string | null;
  ultimaFalhaEm: string | null;
  ultimoErro: string | null;
  falhasDesdeSucesso: number;
}
