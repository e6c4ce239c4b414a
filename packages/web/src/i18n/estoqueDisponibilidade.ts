/** Texts of availability by stock (Esgotado on the menus) and of adding a product to a count. */
export const textosEstoqueDisponibilidade = {
  estoqueDisponibilidade: {
    esgotado: 'Esgotado',
    titulo_one: '{{count}} produto aparece como Esgotado nos cardápios por falta de estoque',
    titulo_other: '{{count}} produtos aparecem como Esgotado nos cardápios por falta de estoque',
    explicacao:
      'O cardápio, o totem e o QR Code mostram estes produtos apagados, como Esgotado, pelo saldo em {{local}} (o local que baixa as vendas). Voltam sozinhos quando uma entrada, transferência ou produção repõe o que falta.',
    semSaldo: 'sem saldo no local ({{saldo}})',
    falta: '{{ingrediente}}: uma unidade leva {{necessario}}, há {{saldo}}',
    desligar: 'Para não marcar nada automaticamente, desmarque "Esgotado automático nos cardápios" em',
    configuracoes: 'Empresa → Configurações → Estoque.',
  },
  inventarioInclusao: {
    botao: 'Incluir produto',
    incluirEste: 'Incluir na contagem',
    titulo: 'Incluir produto na contagem',
    explicacao:
      'Para um produto achado na prateleira que não entrou no congelamento. A linha começa com o saldo que o local tinha no congelamento (zero, se não tinha nenhum); o que for contado entra como sobra na aprovação.',
    custo:
      'A sobra é valorizada pelo custo médio do produto nesta empresa; se ele nunca teve custo aqui, pelo último custo de entrada no grupo; senão, pelo custo do cadastro da empresa. A linha mostra qual foi usado.',
    local: 'Local',
    codigo: 'Código ou código de barras',
    codigoPlaceholder: 'Leia ou digite o código',
    ouBusque: 'Ou busque o produto',
    contado: 'Quantidade contada',
    contadoAjuda: 'Opcional: pode contar depois, na linha.',
    contadoInvalido: 'Use um número maior ou igual a zero, com até 4 casas.',
    escolhaLocal: 'Escolha o local.',
    escolhaProduto: 'Leia o código ou busque o produto.',
    voltar: 'Voltar',
    incluir: 'Incluir',
    incluidaOk: '{{produto}} incluído na contagem de {{local}}.',
    incluida: 'Incluído na contagem',
    incluidaPor: 'Incluído por {{quem}} em {{quando}}',
    custo_medio: 'Valorizado pelo custo médio ({{custo}})',
    custo_ultimo: 'Sem custo médio: valorizado pelo último custo de entrada ({{custo}})',
    custo_cadastro: 'Sem custo médio nem entradas: valorizado pelo custo do cadastro ({{custo}})',
    custo_semCusto: 'Sem custo: a sobra entra com custo zero',
  },
};
