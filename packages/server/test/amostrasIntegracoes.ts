import type { Amostra } from './resourceApi.ts';
import { criar, empresasDaSessao, unico } from './resourceApi.ts';

/** Samples of the third parties' API clients and the delivery integrations (issue 17) for resources.test.ts. */
export const amostrasIntegracoes = {
  appTerceirosCadastro: {
    ordem: 'nome',
    async corpos(api) {
      const empresas = await empresasDaSessao(api);
      return [
        { nome: unico('Agência A'), contato: 'Marta', email: 'marta@contabil.com.br', escopos: ['vendas:ler', 'financeiro:ler'], empresas },
        { nome: unico('BI B'), escopos: ['produtos:ler'], empresas: empresas.slice(0, 1), limitePorMinuto: 120, ativo: false },
      ];
    },
    filtro: { escopos: 'vendas:ler', ativo: true },
    alteracao: { limitePorMinuto: 30 },
    invalido: async () => ({ body: { nome: 'Sem escopo', escopos: [] }, campo: 'escopos', rotulo: 'Escopos' }),
  },
  appIntegracaoDelivery: {
    ordem: 'descricao',
    async corpos(api) {
      const terminal = await criar(api, 'terminal', { descricao: unico('Terminal do app'), tipo: 'PDV' });
      const forma = await criar(api, 'formaPagamento', { descricao: unico('Pago no app'), tipo: 'Outros' });
      const comum = { terminal: terminal._id, formaPagamento: forma._id };
      return [
        { descricao: unico('Delivery A'), provedor: 'iFood', merchantId: unico('m-a').replace(/\s/g, '-'), situacaoLoja: 'Aberta', aceiteAutomatico: true, ...comum },
        { descricao: unico('Delivery B'), provedor: 'Genérico', merchantId: unico('m-b').replace(/\s/g, '-'), situacaoLoja: 'Pausada', motivoPausa: 'Cozinha cheia', ...comum },
      ];
    },
    filtro: { provedor: 'iFood' },
    alteracao: { situacaoLoja: 'Fechada' },
    invalido: async () => ({ body: { descricao: 'Sem código', provedor: 'iFood', merchantId: '', terminal: 'x', formaPagamento: 'y' }, campo: 'merchantId', rotulo: 'Código da loja no marketplace' }),
  },
  mensagemAutomatica: {
    ordem: 'evento',
    corpos: async () => [
      { evento: 'Entregue', mensagem: 'Oi {nome}, seu pedido {pedido} foi entregue. Bom apetite!' },
      { evento: 'Saiu para entrega', mensagem: '{nome}, o pedido {pedido} saiu para entrega; chega até {previsao}.', minutosPrevisao: 30, ativo: false },
    ],
    filtro: { evento: 'Entregue' },
    alteracao: { minutosPrevisao: 20 },
    invalido: async () => ({ body: { evento: 'Aceito', mensagem: 'Oi {cliente}' }, campo: 'mensagem', rotulo: 'Mensagem' }),
  },
} satisfies Record<string, Amostra>;
