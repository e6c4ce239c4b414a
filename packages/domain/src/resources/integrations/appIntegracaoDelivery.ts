import { z } from 'zod';
import { defineRecurso } from '../define.ts';
import { horaHHMM } from '../registration/periodoPorHora.ts';

/** Marketplaces whose webhooks the server understands (server integrations/delivery/provedores.ts). */
export const provedoresDelivery = ['iFood', 'Genérico'] as const;
export type ProvedorDelivery = (typeof provedoresDelivery)[number];

/**
 * The store's own delivery page (/d/<id of the integration>): an integration like a marketplace's (its orders,
 * statuses, payouts and messages go the same way) whose orders come from our public page instead of a webhook.
 */
export const CANAL_PROPRIO = 'Delivery próprio' as const;
export const canaisIntegracaoDelivery = [...provedoresDelivery, CANAL_PROPRIO] as const;
export type CanalIntegracaoDelivery = (typeof canaisIntegracaoDelivery)[number];

/** The store on the marketplace: receiving orders, closed, or paused for a while (with the reason). */
export const situacoesLojaDelivery = ['Aberta', 'Fechada', 'Pausada'] as const;
export type SituacaoLojaDelivery = (typeof situacoesLojaDelivery)[number];

/** The path segment of a provider's webhook: /api/integracoes/delivery/{slug}/webhook. */
export const slugProvedorDelivery: Record<ProvedorDelivery, string> = { iFood: 'ifood', 'Genérico': 'generico' };

const ref = (mensagem: string) => z.string({ error: mensagem }).min(1, mensagem);
const refOpcional = z.string().min(1).nullable().default(null);
const centavos = (rotulo: string) => z.number({ error: `Informe ${rotulo} em centavos.` }).int(`${rotulo}: em centavos.`).min(0, `${rotulo} não pode ser negativo.`).max(100_000_00, `${rotulo}: no máximo R$ 100.000,00.`);
const cep = z.string({ error: 'Informe o CEP.' }).overwrite((v) => v.replace(/\D/g, '')).regex(/^\d{8}$/, 'O CEP tem 8 dígitos.');
/** A delivery fee for a CEP range (inclusive), before the page's fixed fee. */
const faixaCep = z.object({ cepInicial: cep, cepFinal: cep, taxa: centavos('A taxa da faixa') });
export type FaixaCepDelivery = z.infer<typeof faixaCep>;
const soProprio = { visivelSe: { provedor: CANAL_PROPRIO } };
/** What only a marketplace has (its campaigns, its payout to a wallet, its API): hidden on the own page's form. */
const soMarketplace = { visivelSe: { provedor: provedoresDelivery } };

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
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(60, 'No máximo 60 caracteres.'),
    provedor: z.enum(canaisIntegracaoDelivery, { error: 'Escolha o marketplace.' }),
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
    // The own page's settings (CANAL_PROPRIO only).
    cardapio: refOpcional,
    tabelaVenda: refOpcional,
    taxaEntrega: centavos('A taxa de entrega').default(0),
    faixasCep: z.array(faixaCep).max(200, 'No máximo 200 faixas de CEP.').default([]),
    pedidoMinimo: centavos('O pedido mínimo').default(0),
    abreAs: horaHHMM('a hora de abrir').nullable().default(null),
    fechaAs: horaHHMM('a hora de fechar').nullable().default(null),
    tempoEstimado: z.number({ error: 'Informe o tempo estimado em minutos.' }).int('Minutos inteiros.').min(5, 'Pelo menos 5 minutos.').max(300, 'No máximo 300 minutos.').default(45),
    formaDinheiro: refOpcional,
    formaCartao: refOpcional,
    formaPix: refOpcional,
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'iFood da Loja Centro, App próprio…' },
    provedor: { rotulo: 'Marketplace', tipo: 'opcao', opcoes: canaisIntegracaoDelivery, ajuda: 'Delivery próprio: a página pública de pedidos da loja (/d/…), com entrada do cliente por código.' },
    merchantId: { rotulo: 'Código da loja no marketplace', tipo: 'texto', ajuda: 'O merchantId que o marketplace envia em cada pedido.' },
    terminal: { rotulo: 'Terminal das vendas', tipo: 'referencia', ajuda: 'Os pedidos aceitos entram como vendas deste terminal (canal Delivery).' },
    formaPagamento: { rotulo: 'Forma de pagamento', tipo: 'referencia', ajuda: 'Como o pedido fica pago na venda (o marketplace repassa depois).' },
    descontoMotivo: { rotulo: 'Motivo das campanhas da loja', tipo: 'referencia', ajuda: 'O motivo de desconto das promoções que a loja paga.', ...soMarketplace },
    financeiroConta: { rotulo: 'Carteira do app', tipo: 'referencia', ajuda: 'A conta financeira (carteira de app de delivery) que recebe o repasse: cada pedido aceito lança nela o bruto, a comissão e as campanhas da loja; o saldo é o líquido que o app vai repassar. Um cancelamento estorna.', ...soMarketplace },
    planoContaVendas: { rotulo: 'Plano de contas das vendas', tipo: 'referencia', ajuda: 'Onde entra o bruto do pedido (itens e taxa de entrega). Vazio: 1.03 iFood e apps de delivery.', ...soMarketplace },
    planoContaComissao: { rotulo: 'Plano de contas da comissão', tipo: 'referencia', ajuda: 'A despesa da comissão do marketplace. Vazio: 2.03 Comissões de apps.', ...soMarketplace },
    planoContaCampanhas: { rotulo: 'Plano de contas das campanhas', tipo: 'referencia', ajuda: 'A despesa das promoções que a loja paga. Vazio: 7.02 Promoções.', ...soMarketplace },
    urlApi: { rotulo: 'Endereço da API do marketplace', tipo: 'texto', ajuda: 'Para devolver ao app o aceite, a recusa, o pronto e o despacho de cada pedido (iFood: https://merchant-api.ifood.com.br). Vazio: nada é devolvido. Se o app estiver fora do ar, tentamos de novo em 1, 5, 30 e 120 minutos.', ...soMarketplace },
    aceiteAutomatico: { rotulo: 'Aceitar pedidos automaticamente', tipo: 'booleano', ajuda: 'Com a loja aberta e todos os itens mapeados, o pedido vira venda na hora.' },
    situacaoLoja: { rotulo: 'Situação da loja', tipo: 'opcao', opcoes: situacoesLojaDelivery },
    motivoPausa: { rotulo: 'Motivo da pausa', tipo: 'texto', visivelSe: { situacaoLoja: 'Pausada' } },
    ativo: { rotulo: 'Ativa', tipo: 'booleano', ajuda: 'Desmarcada, os pedidos deste código são recusados (404).' },
    cardapio: { rotulo: 'Cardápio da página', tipo: 'referencia', ajuda: 'A versão publicada é a que o cliente vê, com a disponibilidade de agora.', ...soProprio },
    tabelaVenda: { rotulo: 'Tabela de preços', tipo: 'referencia', ajuda: 'Vazio: os preços do cardápio.', ...soProprio },
    taxaEntrega: { rotulo: 'Taxa de entrega', tipo: 'dinheiro', ajuda: 'Para CEPs fora das faixas abaixo.', ...soProprio },
    faixasCep: { rotulo: 'Taxas por faixa de CEP', tipo: 'lista', campos: { cepInicial: { rotulo: 'CEP inicial', tipo: 'cep' }, cepFinal: { rotulo: 'CEP final', tipo: 'cep' }, taxa: { rotulo: 'Taxa', tipo: 'dinheiro' } }, ajuda: 'A primeira faixa que contém o CEP do cliente dá a taxa.', ...soProprio },
    pedidoMinimo: { rotulo: 'Pedido mínimo', tipo: 'dinheiro', ajuda: 'Os itens, sem a taxa de entrega.', ...soProprio },
    abreAs: { rotulo: 'Abre às', tipo: 'hora', ajuda: 'Vazio com Fecha às vazio: aberta enquanto a situação for Aberta.', ...soProprio },
    fechaAs: { rotulo: 'Fecha às', tipo: 'hora', ajuda: 'Antes da abertura quando passa da meia-noite.', ...soProprio },
    tempoEstimado: { rotulo: 'Tempo estimado (min)', tipo: 'inteiro', ...soProprio },
    formaDinheiro: { rotulo: 'Dinheiro na entrega', tipo: 'referencia', ajuda: 'A forma de pagamento da venda; vazio: não oferecido.', ...soProprio },
    formaCartao: { rotulo: 'Cartão na entrega', tipo: 'referencia', ajuda: 'Vazio: não oferecido.', ...soProprio },
    formaPix: { rotulo: 'Pix', tipo: 'referencia', ajuda: 'Vazio: não oferecido.', ...soProprio },
  },
  colunas: ['descricao', 'provedor', 'merchantId', 'situacaoLoja', 'aceiteAutomatico', 'ativo'],
  busca: ['descricao', 'merchantId'],
  filtros: ['provedor', 'situacaoLoja', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { terminal: 'terminal', formaPagamento: 'formaPagamento', descontoMotivo: 'descontoMotivo', financeiroConta: 'financeiroConta', planoContaVendas: 'financeiroPlanoConta', planoContaComissao: 'financeiroPlanoConta', planoContaCampanhas: 'financeiroPlanoConta', cardapio: 'cardapio', tabelaVenda: 'tabelaVenda', formaDinheiro: 'formaPagamento', formaCartao: 'formaPagamento', formaPix: 'formaPagamento' },
  unicos: [['provedor', 'merchantId']],
  regras: (d) => [
    ...(d.situacaoLoja === 'Pausada' && !d.motivoPausa ? [{ campo: 'motivoPausa' as const, mensagem: 'Informe o motivo da pausa.' }] : []),
    ...(d.provedor === CANAL_PROPRIO && !d.cardapio ? [{ campo: 'cardapio' as const, mensagem: 'Escolha o cardápio da página.' }] : []),
    ...(d.provedor === CANAL_PROPRIO && !d.formaDinheiro && !d.formaCartao && !d.formaPix ? [{ campo: 'formaDinheiro' as const, mensagem: 'Ofereça ao menos uma forma de pagamento na entrega.' }] : []),
    ...(!!d.abreAs !== !!d.fechaAs ? [{ campo: d.abreAs ? ('fechaAs' as const) : ('abreAs' as const), mensagem: 'Informe as duas horas, ou nenhuma.' }] : []),
    ...(d.faixasCep.some((f) => f.cepInicial > f.cepFinal) ? [{ campo: 'faixasCep' as const, mensagem: 'Em cada faixa, o CEP final vem depois do inicial.' }] : []),
  ],
});
