import type { Amostra } from './resourceApi.ts';
import { empresasDaSessao, unico } from './resourceApi.ts';

/** Samples of the third parties' API clients (issue 17) for resources.test.ts. */
export const amostrasIntegracoes = {
  appTerceirosCadastro: {
    ordem: 'nome',
    async corpos(api) {
      const empresas = await empresasDaSessao(api);
      return [
        { nome: unico('Agência A'), contato: 'Marta', email: 'marta@contabil.com.br', escopos: ['vendas:ler', 'financeiro:ler'], empresas },
        { nome: unico('BI B'), escopos: ['produtos:ler'], empresas: empresas.slice(0, 1), limitePorMinuto: 120, ativo: false },
      ];
    },
    filtro: { escopos: 'vendas:ler', ativo: true },
    alteracao: { limitePorMinuto: 30 },
    invalido: async () => ({ body: { nome: 'Sem escopo', escopos: [] }, campo: 'escopos', rotulo: 'Escopos' }),
  },
} satisfies Record<string, Amostra>;
