import { z } from 'zod';
import { defineRecurso } from '../define.ts';

/** Marketplaces whose webhooks the server understands (server integrations/delivery/provedores.ts). */
export const provedoresDelivery = ['iFood', 'Genérico'] as const;
export type ProvedorDelivery = (typeof provedoresDelivery)[number];

/** The store on the marketplace: receiving orders, closed, or paused for a while (with the reason). */
export const situacoesLojaDelivery = ['Aberta', 'Fechada', 'Pausada'] as const;
export type SituacaoLojaDelivery = (typeof situacoesLojaDelivery)[number];

/** The path segment of a provider's webhook: /api/integracoes/delivery/{slug}/webhook. */
export const slugProvedorDelivery: Record<ProvedorDelivery, string> = { iFood: 'ifood', 'Genérico': 'generico' };

const ref = (mensagem: string) => z.string({ error: mensagem }).min(1, mensagem);

/**
 * A store's account on a delivery marketplace (one channel): the merchant id the marketplace sends in
 * each webhook, where its orders are registered as sales (terminal, payment method), whether they are
 * accepted automatically, and the store's status there. The webhook secret is set on the screen and
 * kept encrypted apart from this record (server integrations/delivery/segredo.ts), never in it.
 */
export const appIntegracaoDelivery = defineRecurso({
  nome: 'appIntegracaoDelivery',
  rotulo: 'Integração com delivery',
  rotuloPlural: 'Integrações com delivery',
  escopo: 'empresa',
  schema: z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(60, 'No máximo 60 caracteres.'),
    provedor: z.enum(provedoresDelivery, { error: 'Escolha o marketplace.' }),
    merchantId: z
      .string({ error: 'Informe o código da loja no marketplace.' })
      .trim()
      .min(1, 'Informe o código da loja no marketplace.')
      .max(80, 'No máximo 80 caracteres.')
      .regex(/^[\w.:-]+$/, 'Use só letras, números, ponto, dois-pontos, hífen e sublinhado.'),
    terminal: ref('Escolha o terminal em que as vendas do app são registradas.'),
    formaPagamento: ref('Escolha a forma de pagamento das vendas do app.'),
    descontoMotivo: z.string().min(1).nullable().default(null),
    financeiroConta: z.string().min(1).nullable().default(null),
    planoContaVendas: z.string().min(1).nullable().default(null),
    planoContaComissao: z.string().min(1).nullable().default(null),
    planoContaCampanhas: z.string().min(1).nullable().default(null),
    urlApi: z.url({ error: 'Informe o endereço completo (https://…).' }).max(300, 'No máximo 300 caracteres.').nullable().default(null),
    aceiteAutomatico: z.boolean().default(false),
    situacaoLoja: z.enum(situacoesLojaDelivery, { error: 'Escolha a situação da loja.' }).default('Fechada'),
    motivoPausa: z.string().trim().max(120, 'No máximo 120 caracteres.').nullable().default(null),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'iFood da Loja Centro, App próprio…' },
    provedor: { rotulo: 'Marketplace', tipo: 'opcao', opcoes: provedoresDelivery },
    merchantId: { rotulo: 'Código da loja no marketplace', tipo: 'texto', ajuda: 'O merchantId que o marketplace envia em cada pedido.' },
    terminal: { rotulo: 'Terminal das vendas', tipo: 'referencia', ajuda: 'Os pedidos aceitos entram como vendas deste terminal (canal Delivery).' },
    formaPagamento: { rotulo: 'Forma de pagamento', tipo: 'referencia', ajuda: 'Como o pedido fica pago na venda (o marketplace repassa depois).' },
    descontoMotivo: { rotulo: 'Motivo das campanhas da loja', tipo: 'referencia', ajuda: 'O motivo de desconto das promoções que a loja paga.' },
    financeiroConta: { rotulo: 'Carteira do app', tipo: 'referencia', ajuda: 'A conta financeira (carteira de app de delivery) que recebe o repasse: cada pedido aceito lança nela o bruto, a comissão e as campanhas da loja; o saldo é o líquido que o app vai repassar. Um cancelamento estorna.' },
    planoContaVendas: { rotulo: 'Plano de contas das vendas', tipo: 'referencia', ajuda: 'Onde entra o bruto do pedido (itens e taxa de entrega). Vazio: 1.03 iFood e apps de delivery.' },
    planoContaComissao: { rotulo: 'Plano de contas da comissão', tipo: 'referencia', ajuda: 'A despesa da comissão do marketplace. Vazio: 2.03 Comissões de apps.' },
    planoContaCampanhas: { rotulo: 'Plano de contas das campanhas', tipo: 'referencia', ajuda: 'A despesa das promoções que a loja paga. Vazio: 7.02 Promoções.' },
    urlApi: { rotulo: 'Endereço da API do marketplace', tipo: 'texto', ajuda: 'Para devolver ao app o aceite, a recusa, o pronto e o despacho de cada pedido (iFood: https://merchant-api.ifood.com.br). Vazio: nada é devolvido. Se o app estiver fora do ar, tentamos de novo em 1, 5, 30 e 120 minutos.' },
    aceiteAutomatico: { rotulo: 'Aceitar pedidos automaticamente', tipo: 'booleano', ajuda: 'Com a loja aberta e todos os itens mapeados, o pedido vira venda na hora.' },
    situacaoLoja: { rotulo: 'Situação da loja', tipo: 'opcao', opcoes: situacoesLojaDelivery },
    motivoPausa: { rotulo: 'Motivo da pausa', tipo: 'texto', visivelSe: { situacaoLoja: 'Pausada' } },
    ativo: { rotulo: 'Ativa', tipo: 'booleano', ajuda: 'Desmarcada, os pedidos deste código são recusados (404).' },
  },
  colunas: ['descricao', 'provedor', 'merchantId', 'situacaoLoja', 'aceiteAutomatico', 'ativo'],
  busca: ['descricao', 'merchantId'],
  filtros: ['provedor', 'situacaoLoja', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { terminal: 'terminal', formaPagamento: 'formaPagamento', descontoMotivo: 'descontoMotivo', financeiroConta: 'financeiroConta', planoContaVendas: 'financeiroPlanoConta', planoContaComissao: 'financeiroPlanoConta', planoContaCampanhas: 'financeiroPlanoConta' },
  unicos: [['provedor', 'merchantId']],
  regras: (d) => (d.situacaoLoja === 'Pausada' && !d.motivoPausa ? [{ campo: 'motivoPausa', mensagem: 'Informe o motivo da pausa.' }] : []),
});
