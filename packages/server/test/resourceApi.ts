import { cnpjCheckDigits, type NomeRecurso } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { amostrasIntegracoes } from './amostrasIntegracoes.ts';
import { amostrasKds } from './amostrasKds.ts';
import { amostrasPrecos } from './amostrasPrecos.ts';
import { withCookie } from './http.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in client of the API: JSON in, {status, body, headers} out. */
export function apiClient(app: FastifyInstance, token: string) {
  return async (method: Method, url: string, payload?: unknown) => {
    const res = await app.inject({ method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }), ...withCookie(token) });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
}
export type Api = ReturnType<typeof apiClient>;

export async function criar(api: Api, recurso: string, body: Record<string, unknown>): Promise<Record<string, unknown> & { _id: string; version: number }> {
  const res = await api('POST', `/${recurso}`, body);
  if (res.status !== 201) throw new Error(`POST /${recurso}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export interface Amostra {
  /** The field the two bodies sort by (default descricao), for resources without a descricao. */
  ordem?: string;
  /** Two valid bodies; the first sorts before the second by `ordem`. */
  corpos(api: Api): Promise<[Record<string, unknown>, Record<string, unknown>]>;
  /** A filter (besides _id) that matches the first body and not the second. */
  filtro: Record<string, unknown>;
  alteracao: Record<string, unknown>;
  /** An invalid body and the field label its message must name. */
  invalido(api: Api): Promise<{ body: Record<string, unknown>; campo: string; rotulo: string }>;
}

/** One counter for every sample file (resourceApi, amostrasPrecos, amostrasKds): names, codes and units never repeat in a run. */
let seq = 0;
export const proximo = () => ++seq;
export const unico = (texto: string) => `${texto} ${++seq}`;

/** Ids of the companies the signed-in user may use (the group's, for the demo admin). */
export async function empresasDaSessao(api: Api): Promise<string[]> {
  const res = await api('GET', '/sessao');
  return res.body.data.empresas.map((e: { _id: string }) => e._id);
}

async function programa(api: Api, canais?: string[]) {
  return criar(api, 'programaFidelidade', { nome: unico('Clube'), empresas: await empresasDaSessao(api), ...(canais ? { canais } : {}) });
}

/** A valid CNPJ not used before in this run (root 90000000 + a sequence, branch 0001). */
export function cnpjNovo(): string {
  const base = `9${String(++seq).padStart(7, '0')}0001`;
  return base + cnpjCheckDigits(base);
}

/** A company body the empresa schema accepts (the fields the wizard asks, plus the given ones). */
export function corpoEmpresa(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    razaoSocial: unico('Restaurante Teste Ltda'),
    nomeFantasia: unico('Restaurante Teste'),
    cnpj: cnpjNovo(),
    crt: '1',
    endereco: { cep: '01310-100', logradouro: 'Avenida Paulista', numero: '900', bairro: 'Bela Vista', uf: 'SP', codigoMunicipio: '3550308', municipio: 'São Paulo' },
    ...extra,
  };
}

/** Singletons (registroUnico: grupoEmpresarial) have their own test, grupoEmpresarial.test.ts. */
export type RecursoComAmostra = Exclude<NomeRecurso, 'grupoEmpresarial'>;

/** A valid CPF whose first nine digits come from `n`, so each call can have its own. */
export function cpfDe(n: number): string {
  const base = String(100000000 + (n % 800000000)).padStart(9, '0');
  const digito = (d: string) => {
    const resto = [...d].reduce((soma, c, i) => soma + Number(c) * (d.length + 1 - i), 0) % 11;
    return resto < 2 ? 0 : 11 - resto;
  };
  const primeiro = digito(base);
  return `${base}${primeiro}${digito(base + primeiro)}`;
}

/** A valid numeric CNPJ (branch 0001) whose root comes from `n`. */
export function cnpjDe(n: number): string {
  const base = `${String(10000000 + (n % 80000000)).padStart(8, '0')}0001`;
  return base + cnpjCheckDigits(base);
}

/** A Campinas (SP) address as the API takes it. */
export const enderecoCampinas = { tipo: 'Comercial', cep: '13015-002', logradouro: 'Rua Barão de Jaguara', numero: '1000', bairro: 'Centro', uf: 'SP', cidade: 'Campinas', codigoMunicipio: '3509502' };

/** A valid sample per catalogue resource: typed by NomeRecurso, so a new resource needs one here. */
export const amostras: Record<RecursoComAmostra, Amostra> = {
  acessoSistema: {
    ordem: 'nome',
    corpos: async () => [
      { nome: 'Atendente A', telas: { formaPagamento: ['ver', 'criar'], relatorioVenda: ['ver', 'exportar'] }, pdv: ['Abrir gaveta'] },
      { nome: 'Gerente B', observacao: 'Tudo do salão', telas: {} },
    ],
    filtro: { nome: 'Atendente A' },
    alteracao: { pdv: ['Reimprimir', 'Dar desconto'] },
    invalido: async () => ({ body: { nome: 'Relatório editável', telas: { relatorioVenda: ['editar'] } }, campo: 'telas', rotulo: 'Permissões por tela' }),
  },
  agrupador: {
    corpos: async () => [{ descricao: unico('Bebidas'), ordem: 2 }, { descricao: unico('Sobremesas'), ordem: 5, ativo: false }],
    filtro: { ativo: true },
    alteracao: { cor: '#336699' },
    invalido: async () => ({ body: { descricao: '' }, campo: 'descricao', rotulo: 'Descrição' }),
  },
  configuracaoImposto: {
    // The demo company is Simples Nacional (CRT 1) in SP: CSOSN, CFOP 5… for SP and 6… elsewhere.
    corpos: async () => [
      {
        descricao: unico('Simples tributado'),
        icms: [
          { uf: 'SP', cfop: '5102', csosn: '102', aliquotaFcp: '0' },
          { uf: 'RJ', cfop: '6102', csosn: '102' },
        ],
        ibsCbs: { cst: '000', cClassTrib: '000001' },
      },
      { descricao: unico('Substituição tributária'), icms: [{ uf: 'SP', cfop: '5405', csosn: '500' }], ativo: false },
    ],
    filtro: { ativo: true },
    alteracao: { ipi: { cst: '50', enquadramento: '999', aliquota: '6.5000' } },
    invalido: async () => ({ body: { descricao: 'Código fora da tabela', icms: [{ uf: 'SP', cfop: '5102', csosn: '104' }] }, campo: 'icms.0.csosn', rotulo: 'ICMS por UF de destino' }),
  },
  configuracaoImpostoFederal: {
    corpos: async () => [
      { descricao: unico('Lucro presumido'), cstPis: '01', aliquotaPis: '0,65', cstCofins: '01', aliquotaCofins: '3' },
      { descricao: unico('Lucro real'), cstPis: '01', aliquotaPis: '1,65', cstCofins: '01', aliquotaCofins: '7,6' },
    ],
    filtro: { aliquotaPis: { $lt: '1' } },
    alteracao: { cstPis: '49', aliquotaPis: '0.0000' },
    invalido: async () => ({ body: { descricao: 'Sem natureza', cstPis: '06', cstCofins: '06' }, campo: 'naturezaReceita', rotulo: 'Natureza da receita' }),
  },
  descontoMotivo: {
    // Sorted by an exact decimal: 9,50 before 10,00 (numeric, not the text order of '10.00' < '9.50').
    ordem: 'percentualMaximo',
    corpos: async () => [{ descricao: unico('Cortesia'), percentualMaximo: '9.50' }, { descricao: unico('Fidelidade'), percentualMaximo: '10.00', exigeAutorizacao: true }],
    filtro: { percentualMaximo: { $lt: '9,75' } },
    alteracao: { exigeAutorizacao: true },
    invalido: async () => ({ body: { descricao: 'Excesso', percentualMaximo: 150 }, campo: 'percentualMaximo', rotulo: 'Desconto máximo (%)' }),
  },
  impressora: {
    corpos: async () => [{ descricao: unico('Caixa'), conexao: 'Rede', endereco: '192.168.0.50:9100' }, { descricao: unico('Cozinha'), conexao: 'USB' }],
    filtro: { conexao: 'Rede' },
    alteracao: { colunas: 42 },
    invalido: async () => ({ body: { descricao: 'Sem conexão', conexao: 'Wi-Fi' }, campo: 'conexao', rotulo: 'Conexão' }),
  },
  balanca: {
    corpos: async () => [{ descricao: unico('Balança do açougue'), protocolo: 'Toledo' }, { descricao: unico('Balança do hortifrúti'), protocolo: 'Filizola', porta: 'COM2' }],
    filtro: { protocolo: 'Toledo' },
    alteracao: { porta: '192.168.0.60:4001' },
    invalido: async () => ({ body: { descricao: 'Prefixo errado', protocolo: 'Toledo', prefixoEan: '7' }, campo: 'prefixoEan', rotulo: 'Prefixo do EAN' }),
  },
  caixa: {
    corpos: async () => [{ descricao: unico('Caixa balcão'), fundoTroco: 10000 }, { descricao: unico('Caixa salão'), ativo: false }],
    filtro: { ativo: true },
    alteracao: { fundoTroco: 15050, contaFinanceira: 'Caixa loja' },
    invalido: async () => ({ body: { descricao: 'Centavos quebrados', fundoTroco: 10.5 }, campo: 'fundoTroco', rotulo: 'Fundo de troco' }),
  },
  empresa: {
    ordem: 'nomeFantasia',
    corpos: async () => [corpoEmpresa({ nomeFantasia: unico('A Empresa') }), corpoEmpresa({ nomeFantasia: unico('B Empresa'), crt: '3' })],
    filtro: { crt: '1' },
    alteracao: { inscricaoEstadual: '110042490114', contato: { telefone: '1133335555', email: 'loja@teste.com.br', site: null } },
    invalido: async () => ({ body: corpoEmpresa({ cnpj: '11.222.333/0001-82' }), campo: 'cnpj', rotulo: 'CNPJ' }),
  },
  empresaNumeroNota: {
    ordem: 'serie',
    corpos: async () => [{ modelo: '65', serie: ++seq, proximoNumero: 1 }, { modelo: '55', serie: ++seq, proximoNumero: 100 }],
    filtro: { modelo: '65' },
    alteracao: { proximoNumero: 42 },
    invalido: async () => ({ body: { modelo: '65', serie: 1000, proximoNumero: 1 }, campo: 'serie', rotulo: 'Série' }),
  },
  formaPagamento: {
    corpos: async () => [
      { descricao: unico('Dinheiro'), tipo: 'Dinheiro', permiteTroco: true },
      { descricao: unico('Visa crédito'), tipo: 'Cartão de Crédito', exigeOperadora: true, tef: true },
    ],
    filtro: { tef: false },
    alteracao: { permiteTroco: false },
    invalido: async () => ({ body: { descricao: 'Moeda estranha', tipo: 'Bitcoin' }, campo: 'tipo', rotulo: 'Tipo' }),
  },
  operadora: {
    ordem: 'nome',
    async corpos(api) {
      const elo = (await criar(api, 'tipoPagamentoBandeira', { descricao: unico('Elo'), tBand: '06' }))._id;
      const regras = [
        { produto: 'creditoParceladoLojista', bandeira: elo, parcelasDe: 2, parcelasAte: 6, dias: 30, contagem: 'corridos', taxa: '3,49', tarifa: 50 },
        { produto: 'voucherRefeicao', dias: 15, contagem: 'corridos', taxa: '3.6' },
      ];
      return [
        { nome: unico('Cielo'), cnpj: '11.222.333/0001-81', taxaCredito: '2,5', regras },
        { nome: unico('Stone'), cnpj: '12.ABC.345/01DE-35', ativo: false },
      ];
    },
    filtro: { ativo: true },
    alteracao: { taxaCredito: '3.19', diasCredito: 2 },
    invalido: async () => ({ body: { nome: 'CNPJ errado', cnpj: '11.222.333/0001-82' }, campo: 'cnpj', rotulo: 'CNPJ' }),
  },
  periodo: {
    ordem: 'dataAbertura',
    async corpos(api) {
      const caixa = await criar(api, 'caixa', { descricao: unico('Caixa do período') });
      return [
        { caixa: caixa._id, dataAbertura: '2026-03-01' },
        { caixa: caixa._id, dataAbertura: '2026-03-02', periodoAberto: false, dataFechamento: '2026-03-02' },
      ];
    },
    filtro: { periodoAberto: true },
    alteracao: { periodoAberto: false, dataFechamento: '2026-03-01' },
    invalido: async () => ({ body: { caixa: 'nao-existe', dataAbertura: '2026-13-40' }, campo: 'dataAbertura', rotulo: 'Abertura' }),
  },
  pessoa: {
    ordem: 'nome',
    corpos: async () => [
      { nome: unico('Ana Souza'), tipo: 'Física', cpfCnpj: cpfDe(++seq), sexo: 'Feminino', dataNascimento: '1990-05-20' },
      { nome: unico('Padaria Pão Quente'), tipo: 'Jurídica', cpfCnpj: cnpjDe(++seq), cliente: false, fornecedor: true, enderecos: [enderecoCampinas] },
    ],
    filtro: { tipo: 'Física' },
    alteracao: { limiteCredito: 15000, telefones: [{ tipo: 'Celular', numero: '11987654321' }] },
    invalido: async () => ({ body: { nome: 'Dígito errado', tipo: 'Física', cpfCnpj: '529.982.247-24' }, campo: 'cpfCnpj', rotulo: 'CPF / CNPJ' }),
  },
  pessoaConvenio: {
    async corpos(api) {
      const empresa = await criar(api, 'pessoa', { nome: unico('Hospital Central'), tipo: 'Jurídica', cpfCnpj: cnpjDe(++seq) });
      const membro = await criar(api, 'pessoa', { nome: unico('Enfermeira'), cpfCnpj: cpfDe(++seq) });
      return [
        { descricao: unico('Convênio Hospital'), pessoa: empresa._id, diaFechamento: 25, diaVencimento: 10, membros: [{ pessoa: membro._id, limiteCredito: 30000 }] },
        { descricao: unico('Convênio Prefeitura'), pessoa: empresa._id, diaFechamento: 1, diaVencimento: 15, ativo: false },
      ];
    },
    filtro: { ativo: true },
    alteracao: { desconto: '5.00', diaVencimento: 20 },
    invalido: async () => ({ body: { descricao: 'Dia errado', pessoa: 'x', diaFechamento: 31, diaVencimento: 10 }, campo: 'diaFechamento', rotulo: 'Dia do fechamento' }),
  },
  periodoPorHora: {
    corpos: async () => [
      { descricao: unico('Almoço'), horaInicio: '11:00', horaFim: '15:00' },
      { descricao: unico('Madrugada'), horaInicio: '23:00', horaFim: '04:00', ativo: false },
    ],
    filtro: { ativo: true },
    alteracao: { horaFim: '15:30' },
    invalido: async () => ({ body: { descricao: 'Vazio', horaInicio: '10:00', horaFim: '10:00' }, campo: 'horaFim', rotulo: 'Fim' }),
  },
  estoqueCadastro: {
    async corpos(api) {
      const setor = await criar(api, 'estoqueSetorCadastro', { descricao: unico('Cozinha') });
      return [{ descricao: unico('Câmara fria'), setor: setor._id }, { descricao: unico('Estoque seco'), baixaVendas: true }];
    },
    filtro: { baixaVendas: false },
    alteracao: { ativo: false },
    invalido: async () => ({ body: { descricao: 'Sem setor', setor: 'nao-existe' }, campo: 'setor', rotulo: 'Setor' }),
  },
  financeiroConta: {
    ordem: 'nome',
    corpos: async () => [
      { nome: unico('Banco Itaú'), tipo: 'Banco', banco: '341', agencia: '1234', numeroConta: '12345-6', saldoInicial: 150000, dataSaldoInicial: '2026-01-01' },
      { nome: unico('Caixa da loja'), tipo: 'Caixa', saldoInicial: -2550, dataSaldoInicial: '2026-01-01', ativo: false },
    ],
    filtro: { tipo: 'Banco' },
    alteracao: { agencia: '4321-0' },
    invalido: async () => ({ body: { nome: 'Banco sem código', tipo: 'Banco', banco: '34', dataSaldoInicial: '2026-01-01' }, campo: 'banco', rotulo: 'Banco (COMPE)' }),
  },
  financeiroPlanoConta: {
    ordem: 'codigo',
    async corpos(api) {
      const pai = await criar(api, 'financeiroPlanoConta', { codigo: `90.${++seq}`, nome: unico('Outras despesas'), natureza: 'Despesa' });
      return [
        { codigo: `91.${++seq}`, nome: unico('Eventos'), natureza: 'Receita', pai: pai._id },
        { codigo: `92.${++seq}`, nome: unico('Aportes dos sócios'), natureza: 'Outras', dre: false },
      ];
    },
    filtro: { natureza: 'Receita' },
    alteracao: { nome: 'Eventos e festas' },
    invalido: async () => ({ body: { codigo: '4-01', nome: 'Código com hífen', natureza: 'Despesa' }, campo: 'codigo', rotulo: 'Código' }),
  },
  estoqueFichaTecnica: {
    ordem: 'produto',
    async corpos(api) {
      const un = await criar(api, 'unidadeMedida', { sigla: `F${++seq}`, descricao: unico('Unidade da ficha') });
      const produto = async (descricao: string) => (await criar(api, 'produtoGeral', { descricao: unico(descricao), unidade: un._id }))._id;
      const [prato, molho, tomate, sal] = [await produto('Almoço executivo'), await produto('Molho'), await produto('Tomate'), await produto('Sal')];
      return [
        { produto: prato, itens: [{ produto: molho, quantidade: '0,2' }, { produto: sal, quantidade: '0.005' }], modoPreparo: 'Servir quente.' },
        { produto: molho, rendimento: '3', itens: [{ produto: tomate, quantidade: '4', perda: '12,5' }], ativo: false },
      ];
    },
    filtro: { ativo: true },
    alteracao: { rendimento: '2.0000' },
    invalido: async () => ({ body: { produto: 'x', itens: [] }, campo: 'itens', rotulo: 'Ingredientes' }),
  },
  estoqueProdutoFatorConversao: {
    ordem: 'produto',
    async corpos(api) {
      const un = await criar(api, 'unidadeMedida', { sigla: `L${++seq}`, descricao: unico('Lata') });
      const cx = await criar(api, 'unidadeMedida', { sigla: `C${++seq}`, descricao: unico('Caixa') });
      const a = await criar(api, 'produtoGeral', { descricao: unico('Chá gelado'), unidade: un._id });
      const b = await criar(api, 'produtoGeral', { descricao: unico('Refrigerante'), unidade: un._id });
      return [{ produto: a._id, unidade: cx._id, fator: '12', gtin: '7891234567895' }, { produto: b._id, unidade: cx._id, fator: '6' }];
    },
    filtro: { fator: '12.000000' },
    alteracao: { fator: '24.000000' },
    invalido: async () => ({ body: { produto: 'x', unidade: 'y', fator: '0' }, campo: 'fator', rotulo: 'Fator' }),
  },
  estoqueProdutoFornecedor: {
    ordem: 'codigo',
    async corpos(api) {
      const un = await criar(api, 'unidadeMedida', { sigla: `PF${++seq}`, descricao: unico('Pacote') });
      const produto = await criar(api, 'produtoGeral', { descricao: unico('Farinha de trigo'), unidade: un._id });
      const fornecedor = await criar(api, 'pessoa', { nome: unico('Moinho Paulista'), tipo: 'Jurídica', cpfCnpj: cnpjNovo(), cliente: false, fornecedor: true });
      return [
        { fornecedor: fornecedor._id, codigo: unico('FT-A25'), produto: produto._id, descricao: 'FARINHA TRIGO 25KG', unidadeCompra: 'sc', fator: '25' },
        { fornecedor: fornecedor._id, codigo: unico('FT-B05'), produto: produto._id, gtin: '7891234567895' },
      ];
    },
    filtro: { fator: '25.000000' },
    alteracao: { descricao: 'FARINHA DE TRIGO TIPO 1 25KG' },
    invalido: async () => ({ body: { fornecedor: 'x', codigo: '', produto: 'y' }, campo: 'codigo', rotulo: 'Código no fornecedor' }),
  },
  estoqueSetorCadastro: {
    corpos: async () => [{ descricao: unico('Almoxarifado') }, { descricao: unico('Bar'), ativo: false }],
    filtro: { ativo: true },
    alteracao: { ativo: false },
    invalido: async () => ({ body: { descricao: '' }, campo: 'descricao', rotulo: 'Descrição' }),
  },
  setorImpressao: {
    async corpos(api) {
      const impressora = await criar(api, 'impressora', { descricao: unico('Impressora do setor'), conexao: 'Rede' });
      return [{ descricao: unico('Bar'), impressora: impressora._id }, { descricao: unico('Cozinha'), impressora: impressora._id, copias: 2 }];
    },
    filtro: { copias: 1 },
    alteracao: { copias: 3 },
    invalido: async () => ({ body: { descricao: 'Sem impressora', impressora: 'nao-existe' }, campo: 'impressora', rotulo: 'Impressora' }),
  },
  setorImpressaoProducao: {
    async corpos(api) {
      const impressora = await criar(api, 'impressora', { descricao: unico('Impressora da produção'), conexao: 'Rede' });
      return [{ descricao: unico('Confeitaria'), impressora: impressora._id }, { descricao: unico('Padaria'), impressora: impressora._id, copias: 2 }];
    },
    filtro: { copias: 1 },
    alteracao: { copias: 3 },
    invalido: async () => ({ body: { descricao: 'Sem impressora', impressora: 'nao-existe' }, campo: 'impressora', rotulo: 'Impressora' }),
  },
  smartPos: {
    ordem: 'serial',
    async corpos(api) {
      const terminal = await criar(api, 'terminal', { descricao: unico('Terminal do POS'), tipo: 'Garçom' });
      return [{ serial: unico('A-SN'), adquirente: 'Stone', terminal: terminal._id }, { serial: unico('B-SN'), adquirente: 'Cielo' }];
    },
    filtro: { adquirente: 'Stone' },
    alteracao: { adquirente: 'Stone Pagamentos' },
    invalido: async () => ({ body: { serial: '' }, campo: 'serial', rotulo: 'Número de série' }),
  },
  terminal: {
    async corpos(api) {
      const caixa = await criar(api, 'caixa', { descricao: unico('Caixa do terminal') });
      return [{ descricao: unico('PDV balcão'), tipo: 'PDV', configuracoes: { caixa: caixa._id } }, { descricao: unico('Totem entrada'), tipo: 'Totem' }];
    },
    filtro: { tipo: 'PDV' },
    alteracao: { tipo: 'KDS' },
    invalido: async () => ({ body: { descricao: 'Caixa sumido', tipo: 'PDV', configuracoes: { caixa: 'nao-existe' } }, campo: 'configuracoes.caixa', rotulo: 'Caixa' }),
  },
  tipoPagamentoBandeira: {
    corpos: async () => [{ descricao: unico('Elo'), tBand: '06' }, { descricao: unico('Visa'), tBand: '01' }],
    filtro: { tBand: '06' },
    alteracao: { tBand: '99' },
    invalido: async () => ({ body: { descricao: 'Código errado', tBand: '10' }, campo: 'tBand', rotulo: 'Código na NF-e (tBand)' }),
  },
  voucherECupomDesconto: {
    ordem: 'codigo',
    async corpos(api) {
      const agrupador = await criar(api, 'agrupador', { descricao: unico('Pizzas do cupom') });
      return [
        { codigo: `BEMVINDO${++seq}`, tipoDesconto: 'Percentual', percentual: 10, validoDe: '2026-01-01', agrupadores: [agrupador._id], canais: ['Delivery', 'App'] },
        { codigo: `FRETE${++seq}`, tipoDesconto: 'Valor', valor: 1500, pedidoMinimo: 5000, validoDe: '2026-01-01', validoAte: '2026-01-31', limiteUsoTotal: 100, canais: ['Salão', 'Balcão'] },
      ];
    },
    filtro: { canais: 'App' },
    alteracao: { validoAte: '2026-12-31', limiteUsoTotal: 500 },
    invalido: async () => ({ body: { codigo: 'MUITO', tipoDesconto: 'Percentual', percentual: 150, validoDe: '2026-01-01' }, campo: 'percentual', rotulo: 'Desconto (%)' }),
  },
  produtoGeral: {
    async corpos(api) {
      const un = await criar(api, 'unidadeMedida', { sigla: `U${++seq}`, descricao: unico('Unidade do produto') });
      const agrupador = await criar(api, 'agrupador', { descricao: unico('Lanches') });
      return [
        { descricao: unico('Batata frita'), unidade: un._id, agrupador: agrupador._id, gtin: '7891000315507', ncm: '2004.10.00', origem: '0', complementos: [{ nome: 'Molhos', minimo: 0, maximo: 2, itens: [{ descricao: 'Cheddar', precoAdicional: 350 }] }] },
        { descricao: unico('Xis salada'), unidade: un._id, tipoProduto: 'produzido', ncm: '21069090', cest: '17.999.00' },
      ];
    },
    filtro: { tipoProduto: 'normal' },
    alteracao: { descricaoCupom: 'BATATA', ativo: false },
    invalido: async () => ({ body: { descricao: 'Código de barras errado', unidade: 'x', gtin: '7891000315508' }, campo: 'gtin', rotulo: 'GTIN/EAN' }),
  },
  produtoGeralEmpresa: {
    ordem: 'custo',
    async corpos(api) {
      const un = await criar(api, 'unidadeMedida', { sigla: `E${++seq}`, descricao: unico('Unidade da empresa') });
      const a = await criar(api, 'produtoGeral', { descricao: unico('Refrigerante'), unidade: un._id });
      const b = await criar(api, 'produtoGeral', { descricao: unico('Cerveja'), unidade: un._id });
      return [
        { produtoGeral: a._id, preco: 600, custo: 250, modosVenda: ['Salão', 'Delivery'], controlaEstoque: true, estoqueMinimo: '12', estoqueMaximo: '120,5' },
        { produtoGeral: b._id, preco: 1200, custo: 400, modosVenda: ['Balcão'] },
      ];
    },
    filtro: { modosVenda: 'Delivery' },
    alteracao: { preco: 650, estoqueMinimo: '10.000' },
    invalido: async (api) => ({
      body: { produtoGeral: (await criar(api, 'produtoGeral', { descricao: unico('Sem preço'), unidade: (await criar(api, 'unidadeMedida', { sigla: `F${++seq}`, descricao: unico('Un') }))._id }))._id },
      campo: 'preco',
      rotulo: 'Preço',
    }),
  },
  programaFidelidade: {
    ordem: 'nome',
    async corpos(api) {
      const empresas = await empresasDaSessao(api);
      return [
        { nome: unico('Clube A'), empresas, canais: ['Salão', 'Delivery'] },
        { nome: unico('Clube B'), empresas: empresas.slice(0, 1), ativo: false },
      ];
    },
    filtro: { canais: 'Salão', ativo: true },
    alteracao: { regulamento: 'A cada R$ 1,00 um ponto.' },
    invalido: async () => ({ body: { nome: 'Sem empresas', empresas: [] }, campo: 'empresas', rotulo: 'Empresas participantes' }),
  },
  programaFidelidadePontos: {
    async corpos(api) {
      const p = await programa(api);
      return [
        { programa: p._id, descricao: unico('Ganhe pontos'), pontosPorReal: 1, recompensas: [{ descricao: 'R$ 10 de desconto', pontos: 100, tipo: 'Desconto', desconto: 1000 }] },
        { programa: p._id, descricao: unico('Pontos em dobro'), pontosPorReal: 2, validadeDias: null, ativo: false },
      ];
    },
    filtro: { pontosPorReal: 1 },
    alteracao: { pontosPorReal: '1.50', compraMinima: 2000 },
    invalido: async (api) => ({
      body: { programa: (await programa(api))._id, descricao: 'Fração', pontosPorReal: 0.125 },
      campo: 'pontosPorReal',
      rotulo: 'Pontos por real',
    }),
  },
  programaFidelidadeCashBack: {
    async corpos(api) {
      const p = await programa(api);
      return [
        { programa: p._id, descricao: unico('Cashback delivery'), percentuais: [{ canal: 'Delivery', percentual: 5 }], limitePorCompra: 2000 },
        { programa: p._id, descricao: unico('Cashback salão'), percentuais: [{ canal: 'Salão', percentual: 2.5 }], minimoResgate: 1000 },
      ];
    },
    filtro: { limitePorCompra: 2000 },
    alteracao: { validadeDias: 30 },
    invalido: async (api) => ({
      body: { programa: (await programa(api))._id, descricao: 'Demais', percentuais: [{ canal: 'App', percentual: 120 }] },
      campo: 'percentuais.0.percentual',
      rotulo: 'Cashback por canal',
    }),
  },
  usuario: {
    ordem: 'nome',
    async corpos(api) {
      const empresas = ((await api('GET', '/sessao')).body.data.empresas as { _id: string }[]).map((e) => e._id);
      const perfil = await criar(api, 'acessoSistema', { nome: unico('Perfil do garçom'), telas: { formaPagamento: ['ver'] } });
      const n = ++seq;
      return [
        { nome: `Ana ${n}`, login: `ana${n}@demo.com.br`, email: `ana${n}@demo.com.br`, atribuicaoSistema: 'Garçom', acessoSistema: perfil._id, empresas, empresaPadrao: empresas[0], senha: 'senha1234', pin: '1234' },
        { nome: `Bruno ${n}`, login: `bruno${n}`, atribuicaoSistema: 'Gerente', administrador: true, senha: 'senha1234' },
      ];
    },
    filtro: { atribuicaoSistema: 'Garçom' },
    alteracao: { atribuicaoSistema: 'Cozinha' },
    invalido: async () => ({ body: { nome: 'Sem login', login: '', atribuicaoSistema: 'Caixa', senha: 'senha1234' }, campo: 'login', rotulo: 'Login' }),
  },
  cardapio: {
    corpos: async () => [
      { descricao: unico('Almoço'), canais: ['Salão'], secoes: [{ nome: 'Pratos' }], disponibilidade: [{ dias: ['Segunda', 'Terça'], horaInicio: '11:00', horaFim: '15:00' }] },
      { descricao: unico('Delivery noite'), canais: ['Delivery', 'App'], ativo: false },
    ],
    filtro: { canais: 'Salão' },
    alteracao: { secoes: [{ nome: 'Pratos', descricao: '', produtos: [] }, { nome: 'Sobremesas', descricao: 'Da casa', produtos: [] }] },
    invalido: async () => ({ body: { descricao: 'Sem canal', canais: [] }, campo: 'canais', rotulo: 'Canais' }),
  },
  cardapioBuffet: {
    async corpos(api) {
      const almoco = await criar(api, 'periodoPorHora', { descricao: unico('Almoço do buffet'), horaInicio: '11:00', horaFim: '15:00' });
      return [
        { descricao: unico('Buffet almoço'), tara: '0,350', precos: [{ dias: ['Segunda', 'Terça'], periodo: almoco._id, precoKg: 6990 }] },
        { descricao: unico('Buffet fim de semana'), tara: 0.4, precos: [{ dias: ['Sábado', 'Domingo'], precoKg: 8990 }] },
      ];
    },
    filtro: { ativo: true, tara: '0.350' },
    alteracao: { tara: '0.420' },
    invalido: async () => ({ body: { descricao: 'Sem preço', precos: [] }, campo: 'precos', rotulo: 'Preços por quilo' }),
  },
  conversaoTotem: {
    ordem: 'categoria',
    async corpos(api) {
      const un = await criar(api, 'unidadeMedida', { sigla: `T${++seq}`, descricao: unico('Unidade do totem') });
      const a = await criar(api, 'produtoGeral', { descricao: unico('Suco no totem'), unidade: un._id });
      const b = await criar(api, 'produtoGeral', { descricao: unico('Lanche no totem'), unidade: un._id });
      return [
        { produtoGeral: a._id, categoria: unico('Bebidas'), nome: 'Suco natural', destaque: true },
        { produtoGeral: b._id, categoria: unico('Lanches'), ordem: 3 },
      ];
    },
    filtro: { destaque: true },
    alteracao: { descricao: 'Laranja espremida na hora.', ordem: 1 },
    invalido: async () => ({ body: { produtoGeral: 'nao-existe', categoria: '' }, campo: 'categoria', rotulo: 'Categoria' }),
  },
  modeloEtiqueta: {
    corpos: async () => [
      { descricao: unico('Gôndola 75x40') },
      { descricao: unico('Validade 40x25'), linguagem: 'EPL', largura: 40, altura: 25, codigo: 'N\nA10,10,0,3,1,1,N,"{descricao}"\nP1', validadeDias: 3 },
    ],
    filtro: { linguagem: 'ZPL' },
    alteracao: { resolucao: '300', validadeDias: 5 },
    invalido: async () => ({ body: { descricao: 'Campo errado', codigo: '^XA^FD{precoo}^FS^XZ' }, campo: 'codigo', rotulo: 'Código do modelo' }),
  },
  relatorioCriado: {
    ordem: 'nome',
    corpos: async () => [
      { nome: unico('A vendas por dia'), conjunto: 'vendas', colunas: ['dia', 'vendas', 'total'] },
      { nome: unico('B itens por produto'), conjunto: 'itensVendidos', colunas: ['produto', 'quantidade', 'total'], compartilhado: true },
    ],
    filtro: { conjunto: 'vendas' },
    alteracao: { descricao: 'Conferência do caixa' },
    invalido: async () => ({ body: { nome: 'Errado', conjunto: 'vendas', colunas: ['dia', 'produto', 'total'] }, campo: 'colunas', rotulo: 'Colunas' }),
  },
  relatorioFavorito: {
    ordem: 'tela',
    // Each test run marks its own pair; the same user cannot mark a report twice.
    corpos: async () => [{ tela: 'relatorioVenda' }, { tela: 'relatorioVendaProdutos' }],
    filtro: { tela: 'relatorioVenda' },
    alteracao: { posicao: 2 },
    invalido: async () => ({ body: { tela: 'naoExiste' }, campo: 'tela', rotulo: 'Relatório' }),
  },
  unidadeMedida: {
    corpos: async () => [{ sigla: `C${++seq}`, descricao: unico('Caixa') }, { sigla: `K${++seq}`, descricao: unico('Quilograma'), fracionado: true }],
    filtro: { fracionado: false },
    alteracao: { fracionado: true },
    invalido: async () => ({ body: { sigla: 'MUITOLONGA', descricao: 'x' }, campo: 'sigla', rotulo: 'Sigla' }),
  },
  ...amostrasKds,
  ...amostrasIntegracoes,
  ...amostrasPrecos,
};
