/** Interface text of the living demonstration's notice (the background fill after the first start), merged into pt-BR. */
export const textosDemo = {
  demo: {
    preenchendo: 'Gerando os dados de demonstração',
    preenchendoAjuda: 'Vendas, estoque e relatórios de {{feitos}} de {{total}} dias já prontos. Os números sobem sozinhos até terminar.',
  },
};
