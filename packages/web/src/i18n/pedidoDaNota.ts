/** A purchase order received from the supplier's NF-e (issue 16): the entry's items and the order's receipts. */
export const textosPedidoDaNota = {
  pedidoDaNota: {
    coluna: 'Pedido de compra',
    nenhum: 'Sem pedido',
    escolher: 'Pedido do item {{numero}}',
    opcao: 'Nº {{numero}}, linha {{linha}} ({{recebida}} de {{pedida}})',
    linha: 'Pedido nº {{numero}}, linha {{linha}}',
    aReceber: '{{quantidade}} a receber pelo pedido',
    divergenciaPreco: 'Preço {{nota}} (pedido {{pedido}})',
    divergenciaQuantidade: '{{quantidade}} além do pedido',
    semDivergencia: 'Confere com o pedido',
    ajuda: 'Ao lançar a nota, o pedido ligado a cada item é recebido por ela: o estoque entra uma vez, pela nota.',
    nota: 'NF-e nº {{numero}}',
    documento: 'Documento',
    manual: 'Recebido à mão',
  },
};
