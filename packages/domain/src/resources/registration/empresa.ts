import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';
import { horaHHMM } from './periodoPorHora.ts';
import { cnpjSchema, emailOpcional, idOpcional, textoOpcional } from './documento.ts';
import { camposEndereco, enderecoSchema } from './endereco.ts';

/** Código de Regime Tributário of the NF-e emitente (DOMAIN.md §1: CRT). */
export const crts = ['1', '2', '3', '4'] as const;
export const rotulosCrt: Record<(typeof crts)[number], string> = {
  '1': '1 - Simples Nacional',
  '2': '2 - Simples Nacional, excesso de sublimite',
  '3': '3 - Regime Normal',
  '4': '4 - MEI',
};
export const ambientesFiscais = ['Produção', 'Homologação'] as const;
export const tiposTaxaEntrega = ['Por distância', 'Por área'] as const;
export const diasSemana = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;

const centavos = (rotulo: string) =>
  z.number({ error: `Informe ${rotulo}.` }).int('Informe o valor em centavos.').min(0, 'O valor não pode ser negativo.');

const somenteDigitos = (v: string) => v.replace(/\D/g, '');

/** Settings read by the session and the store terminal (SPEC.md §3 field names kept). */
const configuracoesSchema = z.object({
  callCenter: z.boolean().default(false),
  empresasCallCenter: z.array(z.string().min(1)).default([]),
  expedicao: z.object({ setorImpressaoExpedicao: idOpcional.default(null) }).default({ setorImpressaoExpedicao: null }),
  googleKeyApi: textoOpcional(200).default(null),
  googleVersaoApi: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || 'quarterly')
    .default('quarterly'),
  ambienteNfe: z.enum(ambientesFiscais, { error: 'Escolha o ambiente da NF-e.' }).default('Homologação'),
  ambienteNfce: z.enum(ambientesFiscais, { error: 'Escolha o ambiente da NFC-e.' }).default('Homologação'),
  /** CSC (código de segurança do contribuinte) of the NFC-e QR code: its id and the token. */
  cscId: z
    .string()
    .nullish()
    .transform((v) => (v ? somenteDigitos(v) : null))
    .refine((v) => v === null || /^\d{1,6}$/.test(v), 'O identificador do CSC tem até 6 dígitos.')
    .default(null),
  cscToken: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^[0-9A-Za-z]{16,36}$/.test(v), 'O CSC tem de 16 a 36 letras e números.')
    .default(null),
  delivery: z
    .object({
      tipoTaxa: z.enum(tiposTaxaEntrega, { error: 'Escolha como a taxa de entrega é cobrada.' }).default('Por distância'),
      pedidoMinimo: centavos('o pedido mínimo').default(0),
      faixasDistancia: z
        .array(
          z.object({
            ateKm: decimalExato({ casas: 2, acimaDe: '0', max: '200', rotulo: 'a distância (km)' }),
            taxa: centavos('a taxa'),
          }),
        )
        .default([]),
      areas: z.array(z.object({ descricao: z.string({ error: 'Informe a área.' }).trim().min(1, 'Informe a área.').max(80), taxa: centavos('a taxa') })).default([]),
    })
    .default({ tipoTaxa: 'Por distância', pedidoMinimo: 0, faixasDistancia: [], areas: [] }),
  estoque: z
    .object({
      permitirNegativo: z.boolean().default(true),
      indisponivelAutomatico: z.boolean().default(true),
      /** A purchase order above this value (centavos) waits for approval before it goes to the supplier; none: no approval. */
      limiteAprovacaoPedidoCompra: centavos('o limite').nullish().transform((v) => v ?? null),
    })
    .default({ permitirNegativo: true, indisponivelAutomatico: true, limiteAprovacaoPedidoCompra: null }),
  horarios: z
    .array(z.object({ dia: z.enum(diasSemana, { error: 'Escolha o dia.' }), abertura: horaHHMM('a abertura'), fechamento: horaHHMM('o fechamento') }))
    .default([]),
  /** The chart accounts the cash closing posts a drawer's overage and shortage to; none: the default chart's (contasDiferencaCaixaPadrao). */
  financeiro: z
    .object({ planoContaSobraCaixa: idOpcional.default(null), planoContaFaltaCaixa: idOpcional.default(null) })
    .default({ planoContaSobraCaixa: null, planoContaFaltaCaixa: null }),
  /** Supplier NF-e entry: take the recoverable ICMS, PIS and COFINS off the landed cost by default (CRT 3 only: DOMAIN.md §1). */
  fiscal: z.object({ creditarImpostosEntrada: z.boolean().default(false) }).default({ creditarImpostosEntrada: false }),
});
export type ConfiguracoesEmpresaRecurso = z.infer<typeof configuracoesSchema>;
export const configuracoesEmpresaPadraoRecurso = (): ConfiguracoesEmpresaRecurso => configuracoesSchema.parse({});

/** What the server shows of the A1 certificate; the file and its password never leave the server. */
export const certificadoResumoSchema = z.object({ subject: z.string(), cnpj: z.string().nullable(), validade: z.string() });
export type CertificadoResumo = z.infer<typeof certificadoResumoSchema>;

/**
 * A company of the group (SPEC.md §3). The record lives in `registro`; the typed empresa table that
 * sign-in and the session read is a projection kept by the hooks (docs/decisions/0006).
 */
export const empresa = defineRecurso({
  nome: 'empresa',
  rotulo: 'Empresa',
  rotuloPlural: 'Empresas',
  feminino: true,
  escopo: 'grupo',
  schema: () => z.object({
    razaoSocial: z.string({ error: 'Informe a razão social.' }).trim().min(1, 'Informe a razão social.').max(120, 'No máximo 120 caracteres.'),
    nomeFantasia: z.string({ error: 'Informe o nome fantasia.' }).trim().min(1, 'Informe o nome fantasia.').max(80, 'No máximo 80 caracteres.'),
    cnpj: cnpjSchema,
    inscricaoEstadual: z
      .string()
      .nullish()
      .transform((v) => {
        const t = (v ?? '').toUpperCase().replace(/[\s./-]/g, '');
        return t ? t : null;
      })
      .refine((v) => v === null || v === 'ISENTO' || /^\d{2,14}$/.test(v), 'Inscrição estadual: de 2 a 14 dígitos, ou ISENTO.')
      .default(null),
    inscricaoMunicipal: textoOpcional(20).default(null),
    cnae: z
      .string()
      .nullish()
      .transform((v) => (v ? somenteDigitos(v) : null))
      .refine((v) => v === null || /^\d{7}$/.test(v), 'O CNAE tem 7 dígitos (ex.: 5611-2/01).')
      .default(null),
    crt: z.enum(crts, { error: 'Escolha o regime tributário.' }),
    endereco: enderecoSchema,
    contato: z
      .object({
        telefone: z
          .string()
          .nullish()
          .transform((v) => (v ? somenteDigitos(v) : null))
          .refine((v) => v === null || /^\d{10,11}$/.test(v), 'Telefone com DDD: 10 ou 11 dígitos.')
          .default(null),
        email: emailOpcional.default(null),
        site: textoOpcional(200).default(null),
      })
      .default({ telefone: null, email: null, site: null }),
    logo: idOpcional.default(null),
    certificado: certificadoResumoSchema.nullable().default(null),
    configuracoes: configuracoesSchema.default(configuracoesEmpresaPadraoRecurso),
  }),
  campos: {
    razaoSocial: { rotulo: 'Razão social', tipo: 'texto' },
    nomeFantasia: { rotulo: 'Nome fantasia', tipo: 'texto' },
    cnpj: { rotulo: 'CNPJ', tipo: 'cpfCnpj' },
    inscricaoEstadual: { rotulo: 'Inscrição estadual', tipo: 'texto', ajuda: 'Somente números, ou ISENTO.' },
    inscricaoMunicipal: { rotulo: 'Inscrição municipal', tipo: 'texto' },
    cnae: { rotulo: 'CNAE', tipo: 'texto', ajuda: 'Atividade principal, 7 dígitos (5611-2/01 restaurantes).' },
    crt: { rotulo: 'Regime tributário (CRT)', tipo: 'opcao', opcoes: crts, rotulosOpcoes: rotulosCrt },
    endereco: { rotulo: 'Endereço', tipo: 'objeto', campos: camposEndereco },
    contato: {
      rotulo: 'Contato',
      tipo: 'objeto',
      campos: {
        telefone: { rotulo: 'Telefone', tipo: 'telefone' },
        email: { rotulo: 'E-mail', tipo: 'texto' },
        site: { rotulo: 'Site', tipo: 'texto' },
      },
    },
    logo: { rotulo: 'Logotipo', tipo: 'imagem', ajuda: 'PNG, JPEG ou WebP até 1 MB.' },
    certificado: {
      rotulo: 'Certificado digital A1',
      tipo: 'objeto',
      somenteLeitura: true,
      campos: {
        subject: { rotulo: 'Titular', tipo: 'texto' },
        cnpj: { rotulo: 'CNPJ do certificado', tipo: 'cpfCnpj' },
        validade: { rotulo: 'Validade', tipo: 'data' },
      },
    },
    configuracoes: {
      rotulo: 'Configurações',
      tipo: 'objeto',
      campos: {
        callCenter: { rotulo: 'Call center', tipo: 'booleano', ajuda: 'Esta empresa atende pedidos de outras.' },
        empresasCallCenter: { rotulo: 'Empresas atendidas pelo call center', tipo: 'referencias' },
        expedicao: {
          rotulo: 'Expedição',
          tipo: 'objeto',
          campos: { setorImpressaoExpedicao: { rotulo: 'Setor de impressão da expedição', tipo: 'referencia' } },
        },
        googleKeyApi: { rotulo: 'Chave da API do Google Maps', tipo: 'texto' },
        googleVersaoApi: { rotulo: 'Versão da API do Google Maps', tipo: 'texto', ajuda: 'Padrão: quarterly.' },
        ambienteNfe: { rotulo: 'Ambiente da NF-e', tipo: 'opcao', opcoes: ambientesFiscais },
        ambienteNfce: { rotulo: 'Ambiente da NFC-e', tipo: 'opcao', opcoes: ambientesFiscais },
        cscId: { rotulo: 'Identificador do CSC', tipo: 'texto', ajuda: 'idToken da NFC-e, como 000001.' },
        cscToken: { rotulo: 'CSC (token)', tipo: 'texto' },
        delivery: {
          rotulo: 'Entrega',
          tipo: 'objeto',
          campos: {
            tipoTaxa: { rotulo: 'Taxa de entrega', tipo: 'opcao', opcoes: tiposTaxaEntrega },
            pedidoMinimo: { rotulo: 'Pedido mínimo', tipo: 'dinheiro' },
            faixasDistancia: {
              rotulo: 'Taxa por distância',
              tipo: 'lista',
              campos: { ateKm: { rotulo: 'Até (km)', tipo: 'decimal' }, taxa: { rotulo: 'Taxa', tipo: 'dinheiro' } },
            },
            areas: { rotulo: 'Taxa por área', tipo: 'lista', campos: { descricao: { rotulo: 'Bairro ou área', tipo: 'texto' }, taxa: { rotulo: 'Taxa', tipo: 'dinheiro' } } },
          },
        },
        estoque: {
          rotulo: 'Estoque',
          tipo: 'objeto',
          campos: {
            permitirNegativo: {
              rotulo: 'Permite estoque negativo',
              tipo: 'booleano',
              ajuda: 'Desmarcado, uma saída maior que o saldo do local é recusada.',
            },
            indisponivelAutomatico: {
              rotulo: 'Esgotado automático nos cardápios',
              tipo: 'booleano',
              ajuda: 'Marcado, um produto sem estoque (ou com um ingrediente da ficha técnica em falta) no local que baixa as vendas aparece como Esgotado no cardápio, no totem e no QR Code, e volta sozinho quando o estoque volta.',
            },
            limiteAprovacaoPedidoCompra: {
              rotulo: 'Pedido de compra: aprovação acima de',
              tipo: 'dinheiro',
              ajuda: 'Um pedido de compra de valor maior espera a aprovação de quem tem a permissão Aprovar em Pedidos de compra antes de ir ao fornecedor. Vazio: nenhum pedido precisa de aprovação.',
            },
          },
        },
        financeiro: {
          rotulo: 'Financeiro',
          tipo: 'objeto',
          campos: {
            planoContaSobraCaixa: { rotulo: 'Sobra de caixa: conta do plano', tipo: 'referencia', ajuda: 'Onde o fechamento de caixa lança a sobra da gaveta. Vazio: 1.04 Outras receitas.' },
            planoContaFaltaCaixa: { rotulo: 'Falta de caixa: conta do plano', tipo: 'referencia', ajuda: 'Onde o fechamento de caixa lança a falta da gaveta. Vazio: 6 Despesas administrativas.' },
          },
        },
        fiscal: {
          rotulo: 'Fiscal',
          tipo: 'objeto',
          campos: {
            creditarImpostosEntrada: {
              rotulo: 'Entrada de NF-e: creditar ICMS, PIS e COFINS no custo',
              tipo: 'booleano',
              ajuda: 'Marcado, o custo de entrada das notas de compra sai sem o ICMS, o PIS e a COFINS recuperáveis (empresa do regime normal, lucro real). Só vale com o regime tributário CRT 3; no Simples Nacional o custo leva os impostos. A entrada de cada nota pode mudar a escolha.',
            },
          },
        },
        horarios: {
          rotulo: 'Horário de funcionamento',
          tipo: 'lista',
          campos: { dia: { rotulo: 'Dia', tipo: 'opcao', opcoes: diasSemana }, abertura: { rotulo: 'Abre', tipo: 'hora' }, fechamento: { rotulo: 'Fecha', tipo: 'hora' } },
        },
      },
    },
  },
  colunas: ['nomeFantasia', 'razaoSocial', 'cnpj', 'crt'],
  busca: ['nomeFantasia', 'razaoSocial', 'cnpj'],
  filtros: ['crt', 'cnpj'],
  ordenacao: { campo: 'nomeFantasia', direcao: 'asc' },
  relacoes: {
    'configuracoes.empresasCallCenter': 'empresa',
    'configuracoes.expedicao.setorImpressaoExpedicao': 'setorImpressao',
    'configuracoes.financeiro.planoContaSobraCaixa': 'financeiroPlanoConta',
    'configuracoes.financeiro.planoContaFaltaCaixa': 'financeiroPlanoConta',
  },
  unicos: [['cnpj']],
  avisos: [
    'Ambiente, CSC e certificado A1 ficam guardados para a emissão de NF-e e NFC-e, que ainda não foi construída: nenhuma nota é emitida por enquanto.',
    'Taxas de entrega, pedido mínimo e horário de funcionamento ficam guardados; serão aplicados quando os pedidos de delivery existirem.',
  ],
});
