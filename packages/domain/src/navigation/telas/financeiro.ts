import { s, type Screen } from './tela.ts';

/** Financeiro (SPEC.md §2), with the extra card fee audit. */
export const telasFinanceiro: readonly Screen[] = [
  s('finance', 'financeiroResumo', 'Resumo financeiro', undefined, {
    paraQue: 'O painel do dinheiro: o saldo de cada conta, o que vence hoje e o que está vencido, e o fluxo de caixa realizado dos últimos 30 dias e previsto para os próximos 60.',
    passos: ['Escolha as lojas (ou todas).', 'Clique em um número de vencidos ou de hoje para abrir a agenda filtrada.', 'Passe o mouse no gráfico para ver as entradas, saídas e o saldo de cada dia.'],
    regras: ['O realizado são os movimentos das contas, sem saldos iniciais nem transferências entre contas.', 'O previsto são as parcelas em aberto pelo vencimento e os recebíveis de cartão e voucher previstos pelas regras das operadoras.'],
  }),
  s('finance', 'financeiroConciliacaoBancaria', 'Conciliação bancária', undefined, {
    paraQue: 'Traz o extrato do banco (arquivo OFX) para a conta, sem repetir linhas já importadas, e confere cada linha com os movimentos do financeiro.',
    passos: [
      'Escolha a conta bancária e arraste o arquivo OFX exportado do banco: as linhas com movimento de mesmo valor, a soma de um dia ou um recebível de cartão previsto são conciliadas na hora.',
      'Para uma linha em aberto, marque-a e marque os movimentos que somam o valor dela; ou crie o movimento a partir da linha.',
      'Salve regras ("histórico contém TARIFA → Tarifas bancárias") e confira o saldo conciliado de cada dia contra o do banco.',
    ],
  }),
  s('finance', 'calendarioRecebimento', 'Calendário de recebimentos', 'calendario', {
    paraQue: 'Quanto entra em cada dia do mês: os recebíveis de cartão, voucher e Pix previstos pelas regras de cada operadora.',
    passos: ['Escolha o mês.', 'Clique em um dia para ver cada recebível: venda, parcela, bruto, taxa e líquido.', 'Confira os avisos de voucher acima do limite do PAT.'],
  }),
  s('finance', 'calendarioPagamento', 'Calendário de pagamentos', 'calendario', {
    paraQue: 'O mesmo calendário do mês, aberto pelos pagamentos: as contas a pagar e a receber de cada dia, as vencidas em vermelho, o que foi baixado e os recebíveis de cartão previstos.',
    passos: ['Escolha o mês.', 'Clique em um dia para ver as contas que vencem nele e os recebíveis previstos.', 'Clique numa conta para abri-la na agenda e baixá-la.'],
  }),
  s('finance', 'financeiroAgenda', 'Contas a pagar e receber', undefined, {
    paraQue: 'As contas a pagar e a receber da loja, parcela por parcela: o que vence, o que está atrasado e o que já foi pago.',
    passos: ['Escolha A pagar ou A receber e o período de vencimento.', 'Clique em Nova conta, informe o valor total, as parcelas e o primeiro vencimento; repita todo mês ou semana se for recorrente.', 'Clique em Baixar quando pagar ou receber: escolha a conta e informe juros, multa ou desconto.'],
    regras: ['O valor é dividido ao centavo; os centavos que sobram ficam na primeira parcela.', 'Cada baixa movimenta a conta financeira na hora; um erro se desfaz com o estorno da baixa, nunca apagando.', 'Uma parcela não paga depois do vencimento aparece como Vencida.'],
  }),
  s('finance', 'financeiroConta', 'Contas financeiras', undefined, {
    paraQue: 'As contas onde o dinheiro da loja fica: bancos, caixas, carteiras de operadoras e de apps de entrega.',
    passos: ['Clique em Novo e escolha o tipo da conta.', 'Informe banco, agência e conta quando for um banco.', 'Informe o saldo inicial e a data dele.'],
  }),
  s('finance', 'financeiroPlanoConta', 'Plano de contas', undefined, {
    paraQue: 'A árvore de receitas e despesas que classifica cada movimento e monta a DRE; todo grupo começa com o plano padrão de restaurante.',
    passos: ['Abra os ramos da árvore para ver as contas.', 'Clique em uma conta para editá-la ou mudá-la de lugar.', 'Clique em Novo para criar uma conta abaixo de outra.'],
  }),
  s('finance', 'financeiroMovimentacao', 'Movimentações', undefined, {
    paraQue: 'Entradas, saídas e transferências entre contas, com o saldo de cada conta dia a dia.',
    passos: ['Escolha o período e, se quiser, uma conta para ver o saldo linha a linha.', 'Clique em Novo movimento para lançar uma entrada, uma saída ou uma transferência.', 'Um lançamento errado é estornado, nunca apagado.'],
  }),
  s('finance', 'relatorioFinanceiroPlanoDeContas', 'DRE por plano de contas', undefined, {
    paraQue: 'O resultado da loja ou do grupo mês a mês: receitas, custos e despesas pela árvore do plano de contas, no regime de caixa ou de competência.',
    passos: ['Escolha os meses, as lojas e o regime (caixa ou competência).', 'Mostre as colunas por mês ou por loja.', 'Clique em um valor para ver os movimentos e títulos que o formam; exporte em CSV, XLSX ou PDF.'],
    regras: ['Caixa: os movimentos pela data em que o dinheiro entrou ou saiu.', 'Competência: os títulos pela data de emissão, pagos ou não, e os movimentos sem título; títulos cancelados ficam fora.', 'Transferências entre contas não entram no resultado.'],
  }),
  s('finance', 'relatorioFinanceiroPlanoDeContasTeste', 'DRE por plano de contas (nova versão)', undefined, {
    paraQue: 'A próxima versão da DRE, calculada direto dos movimentos e títulos, ao lado da versão atual, com as diferenças destacadas.',
    passos: ['Escolha os meses, as lojas e o regime, como na DRE.', 'Compare as duas colunas: as células diferentes aparecem destacadas e contadas.'],
    regras: ['Sem diferenças, a tela diz que todas as células conferem ao centavo.'],
  }),
  s('finance', 'relatorioFinanceiroAgenda', 'Relatório da agenda financeira', undefined, {
    paraQue: 'O aging das contas a pagar e a receber: quanto cada fornecedor ou cliente tem em aberto, a vencer e atrasado de 1 a 30, 31 a 60, 61 a 90 e mais de 90 dias.',
    passos: ['Escolha A pagar ou A receber e a data de referência.', 'Filtre por loja, plano de contas ou pessoa.', 'Exporte em CSV, XLSX ou PDF.'],
    regras: ['Em aberto na data é o valor da parcela menos as baixas até ela; contas canceladas ficam fora.'],
  }),
  {
    area: 'finance',
    name: 'relatorioFinanceiroTaxasCartao',
    label: 'Auditoria de taxas de cartão',
    extra: true,
    ajuda: {
      paraQue: 'Confere se cada operadora cobrou a taxa do contrato: por bandeira e dia, a taxa prevista pelas regras da operadora contra a que de fato ficou, pelo crédito conciliado no banco.',
      passos: ['Escolha o período (até três meses) e, se quiser, a operadora.', 'Concilie o extrato do banco antes: só os créditos casados com o recebível previsto entram.', 'Procure as diferenças em vermelho: a operadora ficou com mais que o contrato.'],
      regras: ['O banco paga um crédito por operadora e dia; ele é repartido entre as bandeiras do dia pelo líquido previsto de cada uma.'],
    },
  },
];
