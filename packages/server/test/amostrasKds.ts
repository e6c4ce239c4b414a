import type { Amostra } from './resourceApi.ts';
import { criar, proximo, unico } from './resourceApi.ts';

/** Ids the KDS samples create in corpos and their filters and changes name afterwards. */
const kds: Record<string, any> = {};

/** Samples of the kitchen display resources, the devices that show them and the OTP provider (issue 17) for resources.test.ts. */
export const amostrasKds = {
  provedorOTP: {
    corpos: async () => [
      { descricao: unico('E-mail da loja'), canal: 'E-mail', tamanhoCodigo: 6, validadeMinutos: 5 },
      { descricao: unico('Robô do WhatsApp'), canal: 'WhatsApp', mensagem: 'Seu código: {codigo}', ativo: false },
    ],
    filtro: { canal: 'E-mail' },
    alteracao: { validadeMinutos: 10 },
    invalido: async () => ({ body: { descricao: 'Sem código', mensagem: 'Olá {nome}' }, campo: 'mensagem', rotulo: 'Mensagem' }),
  },
  appSistema: {
    async corpos(api) {
      const chapa = await criar(api, 'kdsSetor', { descricao: unico('Chapa do aparelho') });
      const estacao = await criar(api, 'kdsEstacao', { descricao: unico('Estação do aparelho'), setores: [chapa._id] });
      return [{ descricao: unico('PDV do balcão'), tipo: 'PDV' }, { descricao: unico('TV da chapa'), tipo: 'KDS', estacao: estacao._id }];
    },
    filtro: { tipo: 'PDV' },
    alteracao: { ativo: false },
    invalido: async () => ({ body: { descricao: 'TV sem estação', tipo: 'KDS' }, campo: 'estacao', rotulo: 'Estação KDS' }),
  },
  kdsSetor: {
    corpos: async () => [{ descricao: unico('Chapa'), cor: '#c0392b' }, { descricao: unico('Fritura'), ativo: false }],
    filtro: { ativo: true },
    alteracao: { cor: '#2e86c1' },
    invalido: async () => ({ body: { descricao: '' }, campo: 'descricao', rotulo: 'Descrição' }),
  },
  kdsSetorCadastroGrupo: {
    ordem: 'agrupador',
    async corpos(api) {
      const lanches = await criar(api, 'agrupador', { descricao: unico('Lanches do KDS'), ordem: 1 });
      const pizzas = await criar(api, 'agrupador', { descricao: unico('Pizzas do KDS'), ordem: 2 });
      const chapa = await criar(api, 'kdsSetor', { descricao: unico('Chapa do grupo') });
      const forno = await criar(api, 'kdsSetor', { descricao: unico('Forno do grupo') });
      kds.chapa = chapa._id;
      kds.forno = forno._id;
      return [{ agrupador: lanches._id, setor: chapa._id }, { agrupador: pizzas._id, setor: forno._id }];
    },
    // Read after corpos: the sectors' ids exist only then.
    get filtro() {
      return { setor: kds.chapa };
    },
    get alteracao() {
      return { setor: kds.forno };
    },
    invalido: async () => ({ body: { agrupador: 'nao-existe', setor: 'nao-existe' }, campo: 'agrupador', rotulo: 'Agrupador' }),
  },
  kdsEstacao: {
    async corpos(api) {
      const chapa = await criar(api, 'kdsSetor', { descricao: unico('Chapa da estação') });
      const bar = await criar(api, 'kdsSetor', { descricao: unico('Bar da estação') });
      return [{ descricao: unico('Bar'), setores: [bar._id], colunas: 3, som: 'Bipe' }, { descricao: unico('Cozinha quente'), setores: [chapa._id, bar._id], minutosAlerta: 10, minutosAtraso: 20 }];
    },
    filtro: { colunas: 3 },
    alteracao: { minutosAtraso: 25 },
    invalido: async () => ({ body: { descricao: 'Tempos trocados', setores: [], minutosAlerta: 10, minutosAtraso: 5 }, campo: 'setores', rotulo: 'Setores mostrados' }),
  },
  kdsExpedicao: {
    async corpos(api) {
      const chapa = await criar(api, 'kdsSetor', { descricao: unico('Chapa da expedição') });
      const bar = await criar(api, 'kdsSetor', { descricao: unico('Bar da expedição') });
      return [{ descricao: unico('Balcão do delivery'), setores: [chapa._id], som: 'Nenhum' }, { descricao: unico('Passe do salão'), setores: [chapa._id, bar._id] }];
    },
    filtro: { som: 'Nenhum' },
    alteracao: { minutosAlerta: 15 },
    invalido: async () => ({ body: { descricao: 'Tempos trocados', setores: ['x'], minutosAlerta: 10, minutosAtraso: 10 }, campo: 'minutosAtraso', rotulo: 'Atraso (minutos)' }),
  },
  kdsMontagem: {
    ordem: 'produto',
    async corpos(api) {
      const un = await criar(api, 'unidadeMedida', { sigla: `K${proximo()}`, descricao: unico('Unidade da montagem') });
      const xis = await criar(api, 'produtoGeral', { descricao: unico('Hambúrguer da montagem'), unidade: un._id });
      const pizza = await criar(api, 'produtoGeral', { descricao: unico('Pizza da montagem'), unidade: un._id });
      const chapa = await criar(api, 'kdsSetor', { descricao: unico('Chapa da montagem') });
      const forno = await criar(api, 'kdsSetor', { descricao: unico('Forno da montagem') });
      kds.produto = xis._id;
      kds.passos = [{ descricao: 'Montar o pão e servir', setor: chapa._id, minutos: 3 }];
      return [
        { produto: xis._id, passos: [{ descricao: 'Grelhar o hambúrguer', setor: chapa._id, minutos: 6 }, { descricao: 'Montar o pão', setor: chapa._id, minutos: 2 }] },
        { produto: pizza._id, passos: [{ descricao: 'Abrir a massa e rechear', setor: forno._id, minutos: 4 }, { descricao: 'Assar', setor: forno._id, minutos: 9 }] },
      ];
    },
    get filtro() {
      return { produto: kds.produto };
    },
    get alteracao() {
      return { passos: kds.passos };
    },
    invalido: async () => ({ body: { produto: 'x', passos: [] }, campo: 'passos', rotulo: 'Passos' }),
  },
  kdsTeclado: {
    async corpos(api) {
      const chapa = await criar(api, 'kdsSetor', { descricao: unico('Chapa do teclado') });
      const estacao = await criar(api, 'kdsEstacao', { descricao: unico('Estação do teclado'), setores: [chapa._id] });
      kds.estacao = estacao._id;
      return [
        { descricao: unico('Bump bar da chapa'), estacao: estacao._id, teclas: [{ tecla: '1', acao: 'Concluir' }, { tecla: '0', acao: 'Voltar último' }] },
        { descricao: unico('Teclado numérico'), teclas: [{ tecla: 'Enter', acao: 'Concluir' }] },
      ];
    },
    get filtro() {
      return { estacao: kds.estacao };
    },
    alteracao: { teclas: [{ tecla: 'F1', acao: 'Concluir' }, { tecla: 'F2', acao: 'Voltar último' }] },
    invalido: async () => ({ body: { descricao: 'Tecla repetida', teclas: [{ tecla: '1', acao: 'Concluir' }, { tecla: '1', acao: 'Próximo' }] }, campo: 'teclas.1.tecla', rotulo: 'Teclas' }),
  },
} satisfies Record<string, Amostra>;
