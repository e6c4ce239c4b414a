/** Texts of the kitchen's prep-time report (relatorioKdsTempoPreparo, issue 17). */
export const textosKdsTempoPreparo = {
  relatorioKdsTempoPreparo: {
    titulo: 'Tempo de preparo',
    explicacao:
      'Quanto a cozinha leva do item chegar às telas ao toque de pronto, por estação, produto e hora de chegada. O p90 é o tempo em que 9 de cada 10 itens ficaram prontos; atrasado é o item que passou dos minutos de atraso da estação.',
    estacao: 'Estação',
    todasEstacoes: 'Todas as estações',
    itens: 'Itens concluídos',
    media: 'Tempo médio',
    p90: 'p90',
    maximo: 'Máximo',
    atrasados: 'Atrasados',
    atrasadosDetalhe: '{{percentual}} dos itens',
    porEstacao: 'Por estação',
    porProduto: 'Por produto (os mais demorados primeiro)',
    porHora: 'Por hora de chegada',
    mediaPorHora: 'Tempo médio por hora de chegada (minutos)',
    vazio: 'Nenhum item concluído no período',
    vazioAjuda: 'Os tempos aparecem quando as estações do KDS concluem itens. Escolha outro período ou estação.',
  },
};
