import { hojeNoFuso, somarDias } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { whatsappConexao, whatsappMensagem, type ModeloAprovado } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { cifrarDaConexao } from '../integrations/whatsapp/conexao.ts';
import { enviarMensagemWhatsApp } from '../integrations/whatsapp/fila.ts';
import { receberWebhook, type CorpoWebhook } from '../integrations/whatsapp/receber.ts';
import { enviarCampanha } from '../integrations/recuperador/recuperador.ts';
import { registrarVendas } from '../sales/ingestao.ts';
import { sha256 } from '../session/tokens.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { garantir, type CatalogoDemo } from './catalogoDemo.ts';

const NUMERO_ID = '106540352242922';
const MIN = 60_000;

/** The account's templates as the demo's last reading of the (unreachable) API left them: three approved, one under review. */
const MODELOS: ModeloAprovado[] = [
  { nome: 'pedido_recebido', idioma: 'pt_BR', categoria: 'UTILITY', situacao: 'APPROVED', corpo: 'Olá {{1}}! Recebemos o seu pedido {{2}}, total {{3}}. Avisaremos quando sair para entrega.', parametros: 3 },
  { nome: 'pedido_saiu', idioma: 'pt_BR', categoria: 'UTILITY', situacao: 'APPROVED', corpo: '{{1}}, o seu pedido {{2}} saiu para entrega e chega até {{3}}.', parametros: 3 },
  { nome: 'retomar_atendimento', idioma: 'pt_BR', categoria: 'UTILITY', situacao: 'APPROVED', corpo: 'Olá {{1}}! Aqui é da {{2}}. Podemos continuar o seu atendimento por aqui?', parametros: 2 },
  { nome: 'cupom_fim_de_semana', idioma: 'pt_BR', categoria: 'MARKETING', situacao: 'PENDING', corpo: 'Fim de semana com 15% de desconto, {{1}}: use o cupom {{2}}.', parametros: 2 },
];
/** The automatic messages' templates for outside the 24 hours: [event, template, its variables]. */
const MODELO_DO_EVENTO: Record<string, [string, string]> = { Recebido: ['pedido_recebido', '{nome}, {pedido}, {total}'], 'Saiu para entrega': ['pedido_saiu', '{nome}, {pedido}, {previsao}'] };

const MENSAGENS: [string, string, number][] = [
  ['Recebido', 'Olá {nome}! Recebemos o seu pedido {pedido} ({itens}), total {total}. Já vamos preparar. {loja}', 0],
  ['Aceito', '{nome}, o pedido {pedido} foi aceito e chega até {previsao}.', 45],
  ['Saiu para entrega', '{nome}, o pedido {pedido} saiu para entrega! Previsão: {previsao}.', 20],
  ['Entregue', 'Pedido {pedido} entregue. Obrigado, {nome}! Bom apetite. {loja}', 0],
  ['Cancelado', '{nome}, o pedido {pedido} foi cancelado. Qualquer dúvida, responda esta mensagem.', 0],
];

/** Customers of the own delivery: [name, phone, [days ago, centavos, coupon?][]] — the first four stopped 12 days ago, the last two more recently. */
const CLIENTES: [string, string, [number, number][]][] = [
  ['Ana Paula Ribeiro', '(11) 99812-3401', [[14, 5870], [13, 4290], [12, 6120]]],
  ['Bruno Carvalho', '(11) 99745-1122', [[14, 3890], [12, 4580]]],
  ['Cláudia Menezes', '(11) 98133-0457', [[13, 7230], [12, 5490]]],
  ['Diego Fonseca', '(11) 97321-8890', [[14, 2990], [13, 3390], [12, 2990]]],
  ['Elaine Tavares', '(11) 96540-7712', [[11, 4990], [9, 5290], [8, 6990]]],
  ['Fábio Nogueira', '(11) 99210-3345', [[10, 3690], [8, 4590]]],
];

/** An incoming message as the Cloud API's webhook carries it. */
const entrada = (numero: string, nome: string, id: string, texto: string, em: number, conteudo?: { type: 'image'; image: { id: string; mime_type: string; caption: string } }): CorpoWebhook => ({
  object: 'whatsapp_business_account' as const,
  entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: NUMERO_ID }, contacts: [{ wa_id: numero, profile: { name: nome } }], messages: [{ from: numero, id, timestamp: String(Math.floor(em / 1000)), ...(conteudo ?? { type: 'text', text: { body: texto } }) }] } }] }],
});

/**
 * The WhatsApp robot of Grupo Demonstração: connected to a Cloud API address where nothing listens
 * (127.0.0.1, port 65535), so a new reply stays queued and fails visibly instead of pretending to be sent;
 * the automatic messages of every order event; four conversations of today (one waiting for us, one whose
 * reply is queued, one closed, one failed); customers of the own delivery with their orders, and a win-back
 * campaign of four days ago with two of them back. Once: skipped when the robot is there.
 */
export async function prepararWhatsAppDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo, chave: Buffer, agora: number): Promise<void> {
  const loja = catalogo.lojas[0];
  if (!loja) return;
  const g = s.grupoEmpresarial;
  const naLoja = { ...s, empresa: loja.empresa };
  const [ja] = await withTenant(db, naLoja, (tx) => tx.select({ id: whatsappConexao.id }).from(whatsappConexao).where(eq(whatsappConexao.grupoEmpresarialId, g)));
  if (ja) return;
  // First, before the robot exists (their old orders send no automatic message): the own delivery's customers with their orders, through the terminals' ingestion (a terminal of its own, so the day's demo orders are not miscounted).
  const clientes = await withTenant(db, naLoja, async (tx) => {
    const terminal = await garantir(tx, s, 'terminal', 'descricao', { descricao: 'Delivery próprio (WhatsApp)', tipo: 'PDV' }, loja.empresa);
    const ids: string[] = [];
    for (const [nome, celular] of CLIENTES) ids.push(await garantir(tx, s, 'pessoa', 'nome', { nome, cliente: true, telefones: [{ tipo: 'Celular', numero: celular }] }));
    const cupom = await garantir(tx, s, 'voucherECupomDesconto', 'codigo', { codigo: 'VOLTA10', descricao: 'Recuperador de vendas: 10% para quem sumiu', tipoDesconto: 'Percentual', percentual: '10', validoDe: somarDias(hojeNoFuso(new Date(agora)), -30), validoAte: somarDias(hojeNoFuso(new Date(agora)), 60), canais: ['Delivery'] });
    return { terminal, ids, cupom };
  });
  const produto = catalogo.produtos.find((p) => p.descricao === 'Pizza média calabresa') ?? catalogo.produtos[0]!;
  let n = 0;
  const venda = (cliente: string, em: number, total: number, cupom: string | null) => ({
    pedidoId: `D${1000 + ++n}`,
    canal: 'Delivery',
    cliente,
    abertoEm: new Date(em - 35 * MIN).toISOString(),
    fechadoEm: new Date(em).toISOString(),
    itens: [{ produto: produto.id, quantidade: '1', precoUnitario: total }],
    pagamentos: [{ formaPagamento: loja.formas.PIX, tPag: '17', valor: total }],
    total,
    cupom,
  });
  // At 20:00 São Paulo time (23:00 UTC) of each day.
  const as20h = (diasAtras: number) => Date.parse(`${somarDias(hojeNoFuso(new Date(agora)), -diasAtras)}T23:00:00Z`);
  const terminal = { grupoEmpresarial: g, empresa: loja.empresa, terminal: clientes.terminal };
  await registrarVendas(db, terminal, CLIENTES.flatMap(([, , pedidos], i) => pedidos.map(([dias, total]) => venda(clientes.ids[i]!, as20h(dias), total, null))));

  await withTenant(db, naLoja, async (tx) => {
    await tx.insert(whatsappConexao).values({
      grupoEmpresarialId: g,
      phoneNumberId: NUMERO_ID,
      numeroExibicao: '(11) 4002-8922',
      apiUrl: 'http://127.0.0.1:65535/v21.0',
      tokenCifrado: cifrarDaConexao(chave, g, 'token', 'EAAG-demonstracao-sem-valor-real'),
      appSecretCifrado: cifrarDaConexao(chave, g, 'appSecret', 'segredo-de-demonstracao-do-app'),
      verifyTokenHash: sha256('retaguarda-demo-verificacao'),
      alteradoPor: s.usuario,
      wabaId: '108765432109876',
      modelos: MODELOS,
      modelosEm: new Date(agora - 3 * 60 * MIN),
    });
    for (const [evento, mensagem, minutosPrevisao] of MENSAGENS) {
      const [modeloNome, parametrosModelo] = MODELO_DO_EVENTO[evento] ?? ['', ''];
      await garantir(tx, s, 'mensagemAutomatica', 'evento', { evento, mensagem, minutosPrevisao, modeloNome, modeloIdioma: modeloNome ? 'pt_BR' : '', parametrosModelo });
    }
  });

  // Today's conversations.
  await withTenant(db, naLoja, async (tx) => {
    const dia = hojeNoFuso(new Date(agora));
    const receber = (numero: string, nome: string, n: number, texto: string, em: number) => receberWebhook(tx, g, NUMERO_ID, entrada(numero, nome, `wamid.demo.${dia}.${numero}.${n}`, texto, em));
    const enviar = async (numero: string, texto: string, em: number, situacao: 'enviada' | 'entregue' | 'lida' | 'falhou' | null, origem = 'manual', erro: string | null = null, nome: string | null = null) => {
      const m = await enviarMensagemWhatsApp(tx, g, numero, texto, { origem, autor: origem === 'manual' ? s.usuario : null, agora: new Date(em), nome });
      if (situacao)
        await tx
          .update(whatsappMensagem)
          .set({ situacao, wamid: situacao === 'falhou' ? null : `wamid.demo.${dia}.${m.id}`, tentativas: 1, proximaTentativaEm: null, ultimoErro: erro, situacaoEm: new Date(em + MIN) })
          .where(and(eq(whatsappMensagem.grupoEmpresarialId, g), eq(whatsappMensagem.id, m.id)));
      return m;
    };
    await receber('5511987654321', 'Mariana Souza', 1, 'Boa noite! Vocês entregam no Butantã?', agora - 52 * MIN);
    await enviar('5511987654321', 'Boa noite, Mariana! Entregamos sim: taxa de R$ 7,00 e uns 40 minutos.', agora - 49 * MIN, 'lida');
    // A picture she sent: the demo robot's API is unreachable, so it could not be downloaded, and the conversation says why.
    const foto = entrada('5511987654321', 'Mariana Souza', `wamid.demo.${dia}.5511987654321.foto`, '', agora - 45 * MIN, { type: 'image', image: { id: '1044455566677', mime_type: 'image/jpeg', caption: 'É essa aqui do cardápio?' } });
    const { midias } = await receberWebhook(tx, g, NUMERO_ID, foto);
    for (const m of midias)
      await tx.execute(sql`update whatsapp_mensagem set midia = midia || jsonb_build_object('erro', 'Sem resposta da API do WhatsApp (ECONNREFUSED).') where grupo_empresarial_id = ${g} and id = ${m.id}`);
    await receber('5511987654321', 'Mariana Souza', 2, 'Perfeito! Tem a pizza de calabresa média hoje?', agora - 38 * MIN);
    // Roberto wrote yesterday: outside the 24 hours only an approved template may answer him.
    await receber('5511943218765', 'Roberto Alves', 1, 'Vocês abrem no feriado de amanhã?', agora - 30 * 60 * MIN);
    await receber('5511976543210', 'Rafael Lima', 1, 'Oi, o meu pedido ainda não chegou, já faz uma hora', agora - 21 * MIN);
    // Queued now: the robot points at nothing, so it fails and waits for its next try.
    await enviar('5511976543210', 'Oi, Rafael! O seu pedido já saiu com o entregador e chega em uns 10 minutos. Desculpe a demora!', agora - 18 * MIN, null);
    await enviar('5511965432109', 'Olá Juliana! Recebemos o seu pedido #3392 (Xis bacon, Refrigerante lata), total R$ 41,40. Já vamos preparar.', agora - 95 * MIN, 'lida', 'mensagemAutomatica');
    await receber('5511965432109', 'Juliana Castro', 1, 'Obrigada! 😊', agora - 93 * MIN);
    await tx.execute(sql`update whatsapp_conversa set situacao = 'encerrada', nao_lidas = 0 where grupo_empresarial_id = ${g} and numero = '5511965432109'`);
    await enviar('5521954321098', 'Oi Pedro, feliz aniversário! Hoje a sobremesa é por nossa conta: mostre esta mensagem no caixa.', agora - 130 * MIN, 'falhou', 'manual', 'API do WhatsApp recusou: (#131026) Message undeliverable (código 131026).', 'Pedro Henrique');
  });

  // The win-back campaign of four days ago (the first four customers), its messages read, and two of them back since.
  const enviada = as20h(4) - 4 * 3_600_000;
  const campanha = await withTenant(db, naLoja, (tx) =>
    enviarCampanha(tx, naLoja, { nome: 'Saudade de você', diasSemPedido: 7, minimoPedidos: 2, janelaDias: 7, cupom: clientes.cupom, mensagem: 'Oi {nome}, sentimos sua falta! Use o cupom {cupom} e ganhe {desconto} no próximo pedido, até {validade}. {loja}' }, new Date(enviada)),
  );
  await withTenant(db, naLoja, (tx) =>
    tx.execute(sql`update whatsapp_mensagem set situacao = case when right(id, 1) < '8' then 'lida' else 'entregue' end, wamid = 'wamid.demo.rec.' || id, tentativas = 1, proxima_tentativa_em = null, situacao_em = ${new Date(enviada + 20 * MIN).toISOString()}::timestamptz
      where grupo_empresarial_id = ${g} and id in ${campanha.mensagens.map((m) => m.id)}`),
  );
  // Their 'Entregue' messages go to the queue now, and fail against the address where nothing listens.
  await registrarVendas(db, terminal, [venda(clientes.ids[0]!, as20h(2), 6120 - 612, 'VOLTA10'), venda(clientes.ids[1]!, as20h(1), 4580, null)]);
}
