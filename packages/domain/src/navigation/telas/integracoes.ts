import { s, type Screen } from './tela.ts';

/** Integrações e robô, and the dashboards (SPEC.md §2). */
export const telasIntegracoes: readonly Screen[] = [
  s('integrations', 'appSistema', 'Aplicativos do sistema', undefined, {
    paraQue: 'Os aparelhos da loja (telas KDS, PDVs, totens, app do garçom) e as credenciais com que entram no sistema.',
    passos: ['Clique em Novo, dê um nome ao aparelho e escolha o tipo (e a estação, para uma tela KDS).', 'Gere a credencial e digite-a no aparelho: ela aparece uma só vez.'],
    regras: ['A credencial fica guardada só como resumo (hash): perdida, gere outra.', 'Revogar ou desativar o aparelho o tira do sistema na hora.', 'O aparelho entra só com a credencial, nunca com a senha de uma pessoa.'],
  }),
  s('integrations', 'appTerceiros', 'Aplicativos de terceiros', 'appTerceirosCadastro', {
    paraQue: 'Os sistemas de fora (contabilidade, BI, hub de delivery) que leem os dados da rede pela API, com as suas chaves e as chamadas que fizeram.',
    passos: ['Abra um aplicativo para ver as chaves, o último uso de cada uma e as últimas chamadas com a resposta.', 'Revogue na hora a chave que vazou ou não é mais usada.'],
    regras: ['Uma chamada fora dos escopos do aplicativo é recusada (403) e fica na auditoria.', 'Acima do limite por minuto a API responde 429 e diz quando tentar de novo.'],
  }),
  s('integrations', 'appTerceirosCadastro', 'Cadastro de aplicativos de terceiros', undefined, {
    paraQue: 'Cadastra quem pode usar a API da rede (OAuth 2, client credentials): o que pode ler, de quais lojas e quantas chamadas por minuto.',
    passos: [
      'Clique em Novo, dê o nome e o contato, marque os escopos e as empresas.',
      'Salve e gere uma chave: o client_id e o client_secret aparecem uma só vez.',
      'O aplicativo pede um token em POST /api/oauth/token e chama a API com Authorization: Bearer e o cabeçalho X-Empresa.',
    ],
    regras: [
      'O segredo fica guardado só como resumo (hash): perdido, gere outra chave e revogue a antiga.',
      'Um aplicativo pode ter várias chaves, para trocar uma sem parar a integração.',
      'Inativar o aplicativo ou revogar a chave derruba os tokens na hora.',
      'O token vale 1 hora e só para os escopos pedidos; os escopos e as rotas estão no documento da API (/api/docs).',
      'Com o escopo pedidos:escrever o aplicativo envia pedidos à cozinha da loja (POST /api/pedidos), uma vez por pedidoId.',
    ],
  }),
  s('integrations', 'appIntegracaoDelivery', 'Integração com delivery', undefined, {
    paraQue: 'As lojas nos apps de delivery (iFood e outros): credenciais, situação da loja, mapeamento dos itens e os pedidos recebidos, que viram vendas.',
    passos: [
      'Clique em Novo, escolha o marketplace, informe o código da loja (merchantId), o terminal e a forma de pagamento das vendas.',
      'Salve e defina o segredo do webhook (o mesmo configurado no marketplace).',
      'Em Mapeamento, ligue cada item do app a um produto; os itens de pedidos recebidos sem mapeamento aparecem ali.',
      'Em Pedidos, aceite ou recuse os pedidos que chegaram (ou marque o aceite automático).',
    ],
    regras: [
      'Um pedido com assinatura inválida é recusado (401) e não fica guardado; o mesmo evento enviado duas vezes é guardado uma vez.',
      'Pedido aceito vira venda do canal Delivery: baixa o estoque, entra nos recebíveis e vai para a cozinha (KDS).',
      'Um pedido só pode ser aceito com todos os itens mapeados.',
      'Com a carteira do app escolhida, cada pedido aceito lança nela o bruto, a comissão e as campanhas da loja: o saldo é o líquido que o app vai repassar. Um cancelamento estorna os lançamentos.',
      'O segredo fica guardado cifrado e nunca é mostrado de novo.',
      'Eventos demais de uma loja num minuto são recusados com 429 (o marketplace reenvia depois).',
      'Com o endereço da API do marketplace preenchido, o aceite, a recusa, o Pronto e o Saiu para entrega voltam ao app; fora do ar, tentamos de novo em 1, 5, 30 e 120 minutos, e o pedido mostra o que foi avisado.',
    ],
  }),
  s('integrations', 'qrCode', 'QR Code (app do garçom)', undefined, {
    paraQue: 'Os pedidos feitos pelo cliente no celular, lendo o QR Code da mesa: o cardápio e os preços que as mesas veem, a taxa de serviço, as mesas com seus QR Codes para imprimir e os pedidos e chamadas de garçom de agora.',
    passos: [
      'Escolha o cardápio (a versão publicada é a que o cliente vê), a tabela de preços se houver e a taxa de serviço; salve.',
      'Cadastre as mesas (número, nome, área) e clique em Imprimir QR Codes para a folha A4 de recortar.',
      'Deixe a tela aberta: os pedidos das mesas aparecem aqui e vão para a cozinha (KDS); marque as chamadas de garçom como atendidas.',
    ],
    regras: [
      'Os preços são sempre os do servidor no momento do pedido; item esgotado ou fora do cardápio é recusado.',
      'O mesmo pedido enviado duas vezes (rede instável) fica gravado uma vez.',
      'Novo endereço troca o QR Code da mesa: o impresso antes deixa de funcionar.',
      'Com um Provedor de OTP ativo, o cliente pode entrar na página da mesa com um código no e-mail: os pedidos ficam no nome dele (aparece abaixo da mesa) e ele entra no cadastro de pessoas.',
    ],
  }),
  s('integrations', 'whatsAppPage', 'WhatsApp', undefined, {
    paraQue: 'O robô de WhatsApp da rede (WhatsApp Cloud API da Meta): a conexão do número, as conversas com os clientes e as respostas.',
    passos: [
      'Em Conexão do robô, informe o Phone number ID, o número, o token de acesso, a chave secreta do app e um token de verificação; salve.',
      'No painel da Meta, cadastre o endereço do webhook mostrado aqui com o mesmo token de verificação.',
      'As mensagens dos clientes chegam nas conversas; abra uma, responda e encerre quando terminar.',
    ],
    regras: [
      'Aberta: o cliente escreveu e espera resposta. Aguardando: respondemos e esperamos o cliente. Encerrada: volta a abrir se o cliente escrever.',
      'Uma mensagem que a API não aceitou fica na fila e é tentada de novo (1, 5, 30 minutos e 2 horas); recusada de vez, mostra o motivo e pode ser tentada à mão.',
      'Webhook sem a assinatura da Meta é recusado e não fica guardado; a mesma mensagem recebida duas vezes fica uma vez.',
      'O token e a chave secreta ficam guardados cifrados e nunca são mostrados de novo.',
    ],
  }),
  s('integrations', 'mensagemAutomatica', 'Mensagens automáticas', undefined, {
    paraQue: 'As mensagens que o robô manda sozinho ao cliente quando o pedido é recebido, aceito, sai para entrega, é entregue ou cancelado.',
    passos: ['Clique em Novo, escolha o evento e escreva a mensagem com as variáveis do pedido.', 'Clique em Ver prévia para ler a mensagem com o último pedido da loja; salve.'],
    regras: [
      'Variáveis: {nome}, {pedido}, {status}, {previsao}, {loja}, {total} e {itens}; outra é recusada, com o nome dela.',
      'Só recebe quem tem telefone no pedido (apps de delivery que o informam) ou no cadastro do cliente da venda; cada evento de um pedido manda uma mensagem só.',
      'Sem o robô conectado nada é enviado e o pedido segue normalmente.',
    ],
  }),
  s('integrations', 'recuperadorDeVenda', 'Recuperador de vendas', undefined, {
    paraQue: 'Traz de volta clientes que pararam de pedir: encontra quem pediu várias vezes e sumiu, manda um cupom pelo WhatsApp e mostra quem voltou e quanto vendeu.',
    passos: [
      'Informe há quantos dias o cliente não pede e o mínimo de pedidos que ele fez; clique em Buscar clientes.',
      'Dê um nome à campanha, escolha o cupom (cadastrado em Vouchers e cupons), a duração e a mensagem com {cupom}; para quem está fora das 24 horas do WhatsApp, escolha o modelo aprovado e o que vai em cada {{n}}; envie.',
      'Acompanhe em Campanhas e resultado quem voltou, os pedidos (com cupom entre parênteses) e a receita recuperada; clique numa campanha para ver cada cliente.',
    ],
    regras: [
      'Recebe a campanha só quem tem telefone no cadastro; o cliente padrão fica de fora.',
      'Conta como recuperado o pedido (não cancelado) feito depois do envio e dentro da duração da campanha, com ou sem o cupom.',
      'O cupom precisa estar ativo e valer até o fim da campanha.',
      'Texto livre só chega a quem escreveu para a loja nas últimas 24 horas (regra da Meta); os outros recebem o modelo aprovado escolhido, ou a mensagem deles fica registrada como não enviada.',
    ],
  }),
  s('integrations', 'provedorOTP', 'Provedor de OTP', undefined, {
    paraQue: 'Como o cliente das páginas de QR Code e delivery recebe o código de acesso (OTP): canal, dígitos, validade, tentativas e limite por hora.',
    passos: [
      'Clique em Novo, escolha o canal (e-mail pelo SMTP do sistema, WhatsApp pelo robô, ou SMS pelo provedor de SMS) e ajuste dígitos, validade e tentativas.',
      'Para SMS, abra o cadastro salvo e defina o token do provedor de SMS (ele é guardado cifrado e não aparece de novo).',
      'Escreva a mensagem com {codigo} (e, se quiser, {minutos} e {empresa}) e salve.',
      'Em Testar o provedor ativo, envie um código ao seu e-mail, digite-o e confira se vale.',
    ],
    regras: [
      'Só o resumo (hash) do código é guardado; ele vale uma vez, até expirar ou acabarem as tentativas.',
      'Um mesmo e-mail ou telefone pede no máximo o limite por hora.',
      'WhatsApp envia pelo robô da rede (sem o robô conectado, o envio diz isso): em texto, só a quem escreveu para a loja nas últimas 24 horas (regra da Meta); com um modelo de autenticação aprovado no cadastro, a qualquer cliente. SMS envia pelo provedor de SMS com o token definido no cadastro (se o provedor recusar ou não responder, o envio diz isso e nenhum código vale).',
      'O cliente que entra com o código na página da mesa fica conectado por 2 horas só naquela página; a sessão não abre o sistema.',
    ],
  }),

  s('dashboards', 'dashboardDefault', 'Painel do dia', undefined, {
    paraQue: 'O painel do dia da loja ativa: vendas, ticket médio, canais e produtos.',
    passos: ['Veja os números de hoje comparados com o mesmo dia da semana passada.', 'Use as setas para ver outro dia.'],
    regras: ['Vendas canceladas não entram nos totais.'],
  }),
  s('dashboards', 'dashboardDefault2', 'Painel do grupo', undefined, {
    paraQue: 'O painel do grupo: as vendas de todas as lojas lado a lado.',
    passos: ['Escolha o dia.', 'Compare as lojas pelo total e pelo ticket médio.'],
  }),
];
