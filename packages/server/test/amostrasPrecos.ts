import type { Amostra, Api } from './resourceApi.ts';
import { criar, empresasDaSessao, proximo, unico } from './resourceApi.ts';

/** Samples of the price resources (promotions, combos, price tables, upsell) for resources.test.ts. */

/** A product of the group's master (produtoGeral), with a unit of its own. */
export async function novoProduto(api: Api, descricao: string, extra: Record<string, unknown> = {}) {
  const unidade = await criar(api, 'unidadeMedida', { sigla: `P${proximo()}`, descricao: unico('Unidade de preço') });
  return criar(api, 'produtoGeral', { descricao: unico(descricao), unidade: unidade._id, ...extra });
}

export const amostrasPrecos = {
  produtoPromocao: {
    async corpos(api) {
      const pizza = await novoProduto(api, 'Pizza');
      const refri = await novoProduto(api, 'Refrigerante');
      return [
        { descricao: unico('A Terça da pizza'), validoDe: '2026-11-01', diasSemana: ['Terça'], horaInicio: '18:00', horaFim: '23:00', canais: ['Delivery'], produtos: [{ produto: pizza._id, precoPromocional: 3990 }] },
        { descricao: unico('B Happy hour'), tipo: 'Percentual de desconto', percentual: '15', validoDe: '2026-11-01', validoAte: '2026-12-31', produtos: [{ produto: refri._id }], habilitado: false },
      ];
    },
    filtro: { habilitado: true, canais: 'Delivery' },
    alteracao: { horaFim: '23:30', diasSemana: ['Terça', 'Quarta'] },
    invalido: async (api) => ({
      body: { descricao: 'Sem preço', validoDe: '2026-11-01', produtos: [{ produto: (await novoProduto(api, 'Lasanha'))._id }] },
      campo: 'produtos.0.precoPromocional',
      rotulo: 'Produtos',
    }),
  },
  produtoCombo: {
    async corpos(api) {
      const lanche = await novoProduto(api, 'X-Burger');
      const suco = await novoProduto(api, 'Suco');
      const etapas = [
        { descricao: 'Escolha o lanche', produtos: [lanche._id] },
        { descricao: 'Escolha a bebida', produtos: [suco._id], minimo: 0, maximo: 2, acrescimo: 300 },
      ];
      return [
        { descricao: unico('A Combo burger'), preco: 3990, agrupadores: etapas },
        { descricao: unico('B Combo leve'), tipoPreco: 'Desconto', desconto: '12.5', agrupadores: etapas.slice(1) },
      ];
    },
    filtro: { tipoPreco: 'Preço fixo' },
    alteracao: { preco: 4290, habilitado: false },
    invalido: async (api) => ({
      body: { descricao: 'Mínimo demais', preco: 1000, agrupadores: [{ descricao: 'Bebida', produtos: [(await novoProduto(api, 'Água'))._id], minimo: 3, maximo: 2 }] },
      campo: 'agrupadores.0.maximo',
      rotulo: 'Etapas',
    }),
  },
  tabelaVenda: {
    async corpos(api) {
      const pizza = await novoProduto(api, 'Pizza da tabela');
      return [
        { descricao: unico('A iFood'), validoDe: '2026-11-01', canais: ['App'], itens: [{ produto: pizza._id, tipo: 'Percentual', percentual: '12.5' }] },
        { descricao: unico('B Almoço'), validoDe: '2026-11-01', horaInicio: '11:00', horaFim: '15:00', prioridade: 2, itens: [{ produto: pizza._id, preco: 3500 }], ativo: false },
      ];
    },
    filtro: { ativo: true, canais: 'App' },
    alteracao: { prioridade: 5, validoAte: '2026-12-31' },
    invalido: async () => ({ body: { descricao: 'Horas pela metade', validoDe: '2026-11-01', horaInicio: '11:00', itens: [] }, campo: 'itens', rotulo: 'Preços por produto' }),
  },
  tabelaPrecoTransferenciasLojas: {
    async corpos(api) {
      const [origem, destino] = await empresasDaSessao(api);
      const molho = await novoProduto(api, 'Molho de tomate');
      return [
        { descricao: unico('A Cozinha central'), empresaOrigem: origem, empresasDestino: [destino], validoDe: '2026-11-01', itens: [{ produto: molho._id, preco: 1250 }] },
        { descricao: unico('B Entre lojas'), empresaOrigem: destino, validoDe: '2026-11-01', margemSobreCusto: '8.5' },
      ];
    },
    filtro: { margemSobreCusto: null },
    alteracao: { margemSobreCusto: '10.00', validoAte: '2027-01-31' },
    invalido: async (api) => {
      const [origem] = await empresasDaSessao(api);
      return { body: { descricao: 'Para si mesma', empresaOrigem: origem, empresasDestino: [origem], validoDe: '2026-11-01', margemSobreCusto: '5' }, campo: 'empresasDestino', rotulo: 'Lojas que recebem' };
    },
  },
  vendaSugestaoProduto: {
    ordem: 'mensagem',
    async corpos(api) {
      const burger = await novoProduto(api, 'Burger da sugestão');
      const batata = await novoProduto(api, 'Batata da sugestão');
      const refri = await novoProduto(api, 'Refri da sugestão');
      return [
        { produto: burger._id, mensagem: unico('A Que tal uma batata?'), sugestoes: [{ produto: batata._id, precoEspecial: 990 }], canais: ['Totem', 'App'] },
        { produto: batata._id, mensagem: unico('B Uma bebida gelada?'), sugestoes: [{ produto: refri._id }], canais: ['Salão', 'Balcão'], ativo: false },
      ];
    },
    filtro: { canais: 'Totem' },
    alteracao: { canais: ['Totem', 'Delivery'] },
    invalido: async (api) => {
      const p = await novoProduto(api, 'Sugere a si');
      return { body: { produto: p._id, mensagem: 'Ele mesmo', sugestoes: [{ produto: p._id }] }, campo: 'sugestoes.0.produto', rotulo: 'Oferecer' };
    },
  },
} satisfies Record<string, Amostra>;
