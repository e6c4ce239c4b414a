import type { ClienteParado, JanelaWhatsApp, ModeloAprovado as ModeloDaConta, SituacaoConversa, SituacaoEnvios, SituacaoMensagem } from '@retaguarda/domain';

export type { SituacaoConversa, SituacaoMensagem } from '@retaguarda/domain';
import { api } from '../../api/client.ts';
import { uploadArquivo } from '../../api/upload.ts';
import { getConfig } from '../../app/config.ts';

export interface Conexao {
  configurada: boolean;
  phoneNumberId: string | null;
  wabaId: string | null;
  envios: SituacaoEnvios;
  numeroExibicao: string | null;
  apiUrl: string | null;
  apiUrlEfetiva: string;
  apiUrlPadrao: string;
  ativo: boolean;
  webhook: string;
}
export interface Conversa {
  _id: string;
  numero: string;
  numeroFormatado: string;
  nome: string | null;
  situacao: SituacaoConversa;
  ultimaMensagem: string;
  ultimaMensagemEm: string;
  naoLidas: number;
}
export interface Midia {
  tipo: 'imagem' | 'documento' | 'audio';
  mime: string;
  nome: string | null;
  tamanho: number | null;
  disponivel: boolean;
  erro: string | null;
}
/** A template of the WABA as last read from the API, and whether Meta approved it. */
export type ModeloAprovado = ModeloDaConta & { aprovado: boolean };
export interface Mensagem {
  _id: string;
  direcao: 'entrada' | 'saida';
  tipo: 'texto' | 'modelo' | 'midia' | 'outro';
  midia: Midia | null;
  texto: string;
  situacao: SituacaoMensagem;
  origem: string;
  em: string;
  tentativas: number;
  proximaTentativaEm: string | null;
  erro: string | null;
}
export interface Contagem {
  aberta: number;
  aguardando: number;
  encerrada: number;
  pendentes: number;
  falhas: number;
}
export type { ClienteParado };
export interface Resultado {
  alcancados: number;
  voltaram: number;
  pedidos: number;
  pedidosComCupom: number;
  receita: number;
}
export interface Campanha {
  _id: string;
  nome: string;
  cupom: string;
  janelaDias: number;
  enviadaEm: string;
  terminaEm: string;
  resultado: Resultado;
}
export interface CampanhaDetalhe extends Campanha {
  clientes: { cliente: string; nome: string; numero: string; pedidosAntes: number; mensagem: SituacaoMensagem | null; pedidos: number; receita: number; comCupom: number }[];
}

const id = (x: string) => encodeURIComponent(x);

/** The calls of the robot's screens (server integrations/whatsapp, mensagemAutomatica, recuperador). */
export const whatsAppApi = {
  conexao: (signal?: AbortSignal) => api.get<Conexao>('whatsApp/conexao', { signal }),
  salvarConexao: (corpo: Record<string, unknown>) => api.put<{ configurada: true }>('whatsApp/conexao', corpo),
  conversas: (situacao: SituacaoConversa | null, signal?: AbortSignal) => api.get<{ contagem: Contagem; conversas: Conversa[] }>(`whatsApp/conversas${situacao ? `?situacao=${situacao}` : ''}`, { signal }),
  conversa: (conversa: string, signal?: AbortSignal) => api.get<Conversa & { janela: JanelaWhatsApp; mensagens: Mensagem[] }>(`whatsApp/conversas/${id(conversa)}`, { signal }),
  modelos: (signal?: AbortSignal) => api.get<{ wabaId: string | null; atualizadosEm: string | null; modelos: ModeloAprovado[] }>('whatsApp/modelos', { signal }),
  atualizarModelos: () => api.post<{ atualizadosEm: string; modelos: ModeloAprovado[] }>('whatsApp/modelos/atualizar', {}),
  enviarModelo: (conversa: string, corpo: { nome: string; idioma: string; parametros: string[] }) => api.post<{ _id: string }>(`whatsApp/conversas/${id(conversa)}/modelo`, corpo),
  enviarArquivo: (conversa: string, arquivo: File, legenda: string) =>
    uploadArquivo<{ _id: string }>(`whatsApp/conversas/${id(conversa)}/arquivo?${new URLSearchParams({ nome: arquivo.name, legenda })}`, arquivo, undefined, arquivo.type || 'application/octet-stream'),
  /** The address of a message's file (the session's cookie goes with it). */
  arquivoUrl: (mensagem: string) => `${getConfig().baseRest.replace(/\/+$/, '')}/whatsApp/mensagens/${id(mensagem)}/arquivo`,
  lida: (conversa: string) => api.post<{ naoLidas: 0 }>(`whatsApp/conversas/${id(conversa)}/lida`, {}),
  situacao: (conversa: string, situacao: SituacaoConversa) => api.post<{ situacao: SituacaoConversa }>(`whatsApp/conversas/${id(conversa)}/situacao`, { situacao }),
  responder: (conversa: string, texto: string) => api.post<{ _id: string }>(`whatsApp/conversas/${id(conversa)}/mensagens`, { texto }),
  tentar: (mensagem: string) => api.post<{ situacao: SituacaoMensagem; erro: string | null }>(`whatsApp/mensagens/${id(mensagem)}/tentar`, {}),
  previa: (corpo: { evento: string; mensagem: string; minutosPrevisao: number; modeloNome?: string; modeloIdioma?: string; parametrosModelo?: string }) =>
    api.post<{ texto: string; modelo: { nome: string; idioma: string; texto: string } | null; pedido: { numero: string; cliente: string | null; total: number; em: string } }>('mensagemAutomatica/previa', corpo),
  clientesParados: (corpo: { diasSemPedido: number; minimoPedidos: number }) => api.post<{ clientes: ClienteParado[]; comTelefone: number }>('recuperadorDeVenda/clientes', corpo),
  enviarCampanha: (corpo: Record<string, unknown>) => api.post<{ _id: string; alcancados: number }>('recuperadorDeVenda/campanhas', corpo),
  campanhas: (signal?: AbortSignal) => api.get<Campanha[]>('recuperadorDeVenda/campanhas', { signal }),
  campanha: (campanha: string, signal?: AbortSignal) => api.get<CampanhaDetalhe>(`recuperadorDeVenda/campanhas/${id(campanha)}`, { signal }),
};
