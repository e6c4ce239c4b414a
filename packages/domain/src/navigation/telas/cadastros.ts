import { s, type Screen } from './tela.ts';

/** Cadastros and KDS (SPEC.md §2), with the extra KDS prep-time report. */
export const telasCadastros: readonly Screen[] = [
  s('registration', 'pessoa', 'Pessoas', undefined, {
    paraQue: 'Clientes, fornecedores, funcionários e entregadores do grupo, num só cadastro.',
    passos: ['Clique em Novo, escolha Física ou Jurídica e preencha nome e CPF/CNPJ.', 'Marque os papéis da pessoa (cliente, fornecedor, funcionário…) e salve.'],
    regras: ['O CPF/CNPJ é conferido pelo dígito e não pode se repetir no grupo.', 'A cidade vem da lista do IBGE da UF escolhida.'],
  }),
  s('registration', 'pessoaConvenio', 'Convênios', undefined, {
    paraQue: 'Convênios de empresas clientes, cujas compras são cobradas depois.',
    passos: ['Clique em Novo e escolha a pessoa jurídica do convênio.', 'Defina as condições e salve.'],
    regras: ['Um convênio removido vai para a lixeira e pode ser restaurado.'],
  }),
  s('registration', 'grupoEmpresarial', 'Grupo empresarial', undefined, {
    paraQue: 'Os dados do grupo empresarial: nome e o que vale para todas as lojas.',
    passos: ['Confira o nome do grupo.', 'Altere o que precisar e salve.'],
    regras: ['Tudo o que é cadastrado pertence ao grupo; as outras empresas do grupo veem os mesmos cadastros.'],
  }),
  s('registration', 'empresa', 'Empresas', undefined, {
    paraQue: 'As lojas (empresas) do grupo, com seus dados fiscais e endereço.',
    passos: ['Clique em Novo e informe CNPJ, razão social e nome fantasia.', 'Preencha endereço, regime tributário e salve.'],
    regras: ['O CNPJ é conferido pelo dígito.', 'A empresa ativa é escolhida no seletor do topo da tela.'],
  }),
  s('registration', 'empresaNumeroNota', 'Numeração de notas', undefined, {
    paraQue: 'A numeração das notas fiscais de cada empresa: modelo, série e próximo número.',
    passos: ['Clique em Novo e escolha modelo (55 ou 65) e série.', 'Informe o próximo número a emitir e salve.'],
    regras: ['Cada modelo e série tem uma só numeração por empresa.'],
  }),
  s('registration', 'empresaSimplificado', 'Empresa simplificada', undefined, {
    paraQue: 'Um cadastro rápido de empresa, com o mínimo para começar a vender.',
    passos: ['Informe CNPJ, nome e endereço.', 'Salve; os detalhes fiscais podem ser completados em Empresas.'],
  }),
  s('registration', 'agrupador', 'Agrupadores', undefined, {
    paraQue: 'Os grupos de produtos (bebidas, lanches, sobremesas…) usados nos cardápios e relatórios.',
    passos: ['Clique em Novo e dê um nome ao agrupador.', 'Depois, escolha o agrupador em cada produto.'],
    regras: ['Os relatórios de vendas somam por agrupador.'],
  }),
  s('registration', 'formaPagamento', 'Formas de pagamento', undefined, {
    paraQue: 'Como o cliente paga: dinheiro, cartões, Pix, vale…',
    passos: ['Clique em Novo, dê um nome e escolha o tipo.', 'Marque se permite troco ou exige operadora e salve.'],
    regras: ['O tipo decide como a forma aparece nos relatórios e na conciliação.'],
  }),
  s('registration', 'tipoPagamentoBandeira', 'Bandeiras de cartão', undefined, {
    paraQue: 'As bandeiras de cartão (Visa, Mastercard, Elo…) aceitas nas vendas.',
    passos: ['Clique em Novo e informe a bandeira.', 'Salve; ela aparece para escolha no pagamento com cartão.'],
  }),
  s('registration', 'unidadeMedida', 'Unidades de medida', undefined, {
    paraQue: 'As unidades de medida dos produtos: UN, KG, L…',
    passos: ['Clique em Novo e informe sigla e descrição.', 'Marque “fracionado” quando a unidade aceita quantidades com vírgula (KG, L).'],
    regras: ['A sigla não pode se repetir no grupo.'],
  }),
  s('registration', 'caixa', 'Caixas', undefined, {
    paraQue: 'Os caixas (gavetas de dinheiro) das lojas, com o fundo de troco.',
    passos: ['Clique em Novo e dê um nome ao caixa.', 'Informe o fundo de troco e a conta financeira e salve.'],
  }),
  s('registration', 'terminal', 'Terminais', undefined, {
    paraQue: 'Os computadores e aparelhos que vendem: PDV, totem, app do garçom.',
    passos: ['Clique em Novo, escolha o tipo e dê um nome.', 'Escolha o caixa do terminal e salve.'],
    regras: ['As vendas chegam identificadas pelo terminal que as fez.'],
  }),
  s('registration', 'smartPos', 'Smart POS', undefined, {
    paraQue: 'As maquininhas Smart POS que vendem e recebem cartão na mesa.',
    passos: ['Clique em Novo e informe o número de série.', 'Associe a maquininha ao terminal e salve.'],
  }),
  s('registration', 'operadora', 'Operadoras de cartão', undefined, {
    paraQue: 'As operadoras de cartão (adquirentes) e suas taxas.',
    passos: ['Clique em Novo e informe nome e CNPJ.', 'Informe as taxas de crédito e débito e salve.'],
    regras: ['As taxas são usadas para prever o valor líquido a receber.'],
  }),
  s('registration', 'setorImpressao', 'Setores de impressão', undefined, {
    paraQue: 'Para onde vai cada pedido impresso: cozinha, bar, copa.',
    passos: ['Cadastre a impressora em Impressoras.', 'Clique em Novo, dê um nome ao setor e escolha a impressora.'],
    regras: ['Cada produto diz em Setores dos produtos para qual setor é impresso.'],
  }),
  s('registration', 'setorImpressaoProducao', 'Setores de impressão da produção', undefined, {
    paraQue: 'Os setores que imprimem as ordens de produção.',
    passos: ['Clique em Novo e dê um nome ao setor.', 'Escolha a impressora e salve.'],
  }),
  s('registration', 'periodoPorHora', 'Períodos por hora', undefined, {
    paraQue: 'Faixas de horário (almoço, jantar…) para ler as vendas por período.',
    passos: ['Clique em Novo e dê um nome ao período.', 'Informe hora de início e de fim e salve.'],
    regras: ['Os relatórios de vendas podem ser filtrados por estes períodos.'],
  }),
  s('registration', 'voucherECupomDesconto', 'Vouchers e cupons de desconto', undefined, {
    paraQue: 'Vouchers e cupons que dão desconto ao cliente.',
    passos: ['Clique em Novo e escolha desconto em valor ou percentual.', 'Defina validade e quantidade e salve.'],
    regras: ['Um cupom usado não pode ser usado de novo.'],
  }),
  s('registration', 'programaFidelidade', 'Programa de fidelidade', undefined, {
    paraQue: 'O programa de fidelidade do grupo: como o cliente acumula e resgata.',
    passos: ['Escolha o tipo de programa (pontos ou cashback).', 'Defina as regras e salve.'],
  }),
  s('registration', 'programaFidelidadePontos', 'Fidelidade: pontos', undefined, {
    paraQue: 'As regras do programa de pontos.',
    passos: ['Informe quantos pontos cada real gasto vale.', 'Defina o que os pontos resgatam e salve.'],
  }),
  s('registration', 'programaFidelidadeCashBack', 'Fidelidade: cashback', undefined, {
    paraQue: 'As regras do cashback: quanto volta ao cliente em cada compra.',
    passos: ['Informe o percentual devolvido.', 'Defina validade e valor mínimo e salve.'],
  }),
  s('registration', 'impressora', 'Impressoras', undefined, {
    paraQue: 'As impressoras das lojas: de pedidos, de conta e de etiquetas.',
    passos: ['Clique em Novo, dê um nome e escolha o modelo.', 'Escolha a conexão (rede, USB) e informe o endereço.'],
    regras: ['Uma impressora de rede é informada como IP:porta, por exemplo 10.0.0.9:9100.'],
  }),
  s('registration', 'balanca', 'Balanças', undefined, {
    paraQue: 'As balanças que pesam produtos vendidos por quilo.',
    passos: ['Clique em Novo e escolha o modelo.', 'Informe a conexão e salve.'],
  }),
  s('registration', 'descontoMotivo', 'Motivos de desconto', undefined, {
    paraQue: 'Os motivos que o operador escolhe ao dar um desconto.',
    passos: ['Clique em Novo e descreva o motivo (cortesia, cliente fiel…).', 'Salve; o motivo aparece no PDV ao dar desconto.'],
    regras: ['O relatório de descontos soma por motivo.'],
  }),
  s('registration', 'acessoSistema', 'Perfis de acesso', undefined, {
    paraQue: 'Os perfis de acesso: o que cada função pode ver e fazer em cada tela.',
    passos: ['Clique em Novo e dê um nome ao perfil (Caixa, Gerente…).', 'Marque, tela a tela, ver, criar, editar, excluir e exportar.'],
    regras: ['O servidor confere o perfil em toda chamada, não só a tela.'],
  }),
  s('registration', 'usuarios', 'Usuários', undefined, {
    paraQue: 'Quem entra no sistema, com seu perfil e suas lojas.',
    passos: ['Clique em Novo e informe nome e e-mail.', 'Escolha o perfil de acesso e as empresas que a pessoa pode usar.'],
    regras: ['Um administrador vê todas as empresas do grupo.'],
  }),

  s('kds', 'kdsEstacao', 'Estações KDS', undefined, {
    paraQue: 'As telas da cozinha (TV ou tablet): que setores cada uma mostra, em quantas colunas, e quando um pedido fica amarelo ou vermelho.',
    passos: ['Cadastre antes os setores KDS.', 'Clique em Novo, dê um nome à estação e escolha os setores que ela mostra.', 'Ajuste colunas, minutos de alerta e de atraso e o som, e salve.'],
    regras: ['O atraso deve vir depois do alerta.', 'Cada estação vale para a empresa ativa.'],
  }),
  s('kds', 'kdsExpedicao', 'Expedição KDS', undefined, {
    paraQue: 'A tela do passe: reúne os setores de cada pedido e mostra o andamento de cada um até o pedido sair.',
    passos: ['Clique em Novo e escolha os setores que a expedição reúne.', 'Ajuste os minutos de alerta e de atraso e salve.'],
    regras: ['O atraso deve vir depois do alerta.'],
  }),
  s('kds', 'kdsSetor', 'Setores KDS', undefined, {
    paraQue: 'Os setores de preparo da cozinha (chapa, fritura, pizzaria, bar…): onde cada item é feito.',
    passos: ['Clique em Novo, dê o nome do setor e, se quiser, uma cor.', 'Depois, ligue os agrupadores aos setores em Setor KDS por grupo.'],
    regras: ['O nome do setor não se repete na empresa.'],
  }),
  s('kds', 'kdsMontagem', 'Montagem KDS', undefined, {
    paraQue: 'Os passos de montagem de um produto, em ordem, cada um no seu setor.',
    passos: ['Clique em Novo e escolha o produto.', 'Acrescente os passos na ordem, com o setor e os minutos de cada um, e salve.'],
    regras: ['Um produto tem uma só montagem por empresa.'],
  }),
  s('kds', 'kdsTeclado', 'Teclado KDS', undefined, {
    paraQue: 'O que cada tecla do teclado da cozinha (bump bar) faz na tela: concluir, voltar o último, andar entre pedidos.',
    passos: ['Clique em Novo e dê um nome ao teclado.', 'Escolha a estação (ou deixe vazio para todas) e acrescente as teclas com suas ações.'],
    regras: ['Uma tecla aparece uma só vez em cada teclado.'],
  }),
  s('kds', 'kdsSetorCadastroGrupo', 'Setor KDS por grupo', undefined, {
    paraQue: 'Em que setor KDS são preparados os produtos de cada agrupador (Lanches na chapa, Pizzas na pizzaria).',
    passos: ['Clique em Novo, escolha o agrupador e o setor KDS, e salve.'],
    regras: ['Cada agrupador vai para um só setor na empresa.', 'Os pedidos chegam às estações que mostram o setor do produto.'],
  }),

  {
    area: 'kds',
    name: 'relatorioKdsTempoPreparo',
    label: 'Tempo de preparo',
    extra: true,
    ajuda: {
      paraQue: 'Quanto a cozinha leva para preparar: do item chegar às telas ao toque de pronto, por estação, produto e hora.',
      passos: ['Escolha o período e, se quiser, uma estação.', 'Compare a média e o p90 (o tempo em que 9 de cada 10 itens ficaram prontos) entre estações e horários.', 'Veja na lista de produtos os mais demorados.'],
      regras: ['Atrasado é o item que passou dos minutos de atraso da estação que o concluiu.', 'Só entram itens concluídos; a hora é a de chegada, no fuso da loja.'],
    },
  },
];
