/** Headings of the help panel; each screen's help itself is beside its declaration (domain navigation/screens.ts). */
export const textosAjudaTela = {
  ajudaTela: {
    primeirosPassos: 'Primeiros passos',
    bomSaber: 'Bom saber',
    semAjuda: 'Esta tela ainda está em construção: a ajuda chega com ela.',
  },
};
