/** Interface text of the living demonstration's notice (the background fill after the first start), merged into pt-BR. */
export const textosDemo = {
  demo: {
    preenchendo: 'Gerando os dados de demonstração',
    preenchendoAjuda: 'Vendas, estoque e relatórios de {{feitos}} de {{total}} dias já prontos. Os números sobem sozinhos até terminar.',
    // Today is filled first: once one day is ready, it is today's.
    hojePronto: 'As vendas de hoje já estão aqui; os dias anteriores chegam aos poucos ({{feitos}} de {{total}} dias já prontos). Os números sobem sozinhos até terminar.',
  },
};
