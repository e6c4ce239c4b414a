import { z } from 'zod';
import { defineRecurso } from '../define.ts';
import { camposEtiqueta, linguagensEtiqueta, marcadoresDesconhecidos, MODELO_ZPL_PADRAO } from './etiqueta.ts';

export const resolucoesEtiqueta = ['203', '300', '600'] as const;

const medida = (rotulo: string, max: number) =>
  z.number({ error: `Informe ${rotulo}.` }).int('Informe milímetros inteiros.').min(10, 'No mínimo 10 mm.').max(max, `No máximo ${max} mm.`);

/**
 * A label model of the group (SPEC.md §3 session field modeloEtiqueta): the printer's own language
 * with {placeholders}, the label size and the printer resolution for the preview.
 */
export const modeloEtiqueta = defineRecurso({
  nome: 'modeloEtiqueta',
  tela: 'gerenciarEtiquetas',
  rotulo: 'Modelo de etiqueta',
  rotuloPlural: 'Modelos de etiqueta',
  escopo: 'grupo',
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(80, 'No máximo 80 caracteres.'),
    linguagem: z.enum(linguagensEtiqueta, { error: 'Escolha a linguagem da impressora (ZPL, EPL ou PPLA).' }).default('ZPL'),
    largura: medida('a largura', 200).default(75),
    altura: medida('a altura', 300).default(40),
    resolucao: z.enum(resolucoesEtiqueta, { error: 'Escolha a resolução (203, 300 ou 600 dpi).' }).default('203'),
    codigo: z.string({ error: 'Informe o código do modelo.' }).trim().min(1, 'Informe o código do modelo.').max(20000, 'No máximo 20.000 caracteres.').default(MODELO_ZPL_PADRAO),
    validadeDias: z.number().int('Informe um número inteiro de dias.').min(0, 'A validade não pode ser negativa.').max(3650, 'No máximo 3650 dias.').nullable().default(null),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Gôndola 75×40, balança, validade…' },
    linguagem: { rotulo: 'Linguagem', tipo: 'opcao', opcoes: linguagensEtiqueta, ajuda: 'A linguagem da impressora: Zebra (ZPL), Eltron/Zebra (EPL), Argox (PPLA).' },
    largura: { rotulo: 'Largura (mm)', tipo: 'inteiro' },
    altura: { rotulo: 'Altura (mm)', tipo: 'inteiro' },
    resolucao: {
      rotulo: 'Resolução',
      tipo: 'opcao',
      opcoes: resolucoesEtiqueta,
      rotulosOpcoes: { '203': '203 dpi (8 pontos/mm)', '300': '300 dpi (12 pontos/mm)', '600': '600 dpi (24 pontos/mm)' },
    },
    codigo: {
      rotulo: 'Código do modelo',
      tipo: 'textoLongo',
      ajuda: `Comandos da impressora com campos entre chaves: ${Object.keys(camposEtiqueta).map((c) => `{${c}}`).join(' ')}.`,
    },
    validadeDias: { rotulo: 'Validade (dias)', tipo: 'inteiro', ajuda: 'Dias somados à data de fabricação para {validade}. Vazio: informada na impressão.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'linguagem', 'largura', 'altura', 'ativo'],
  busca: ['descricao'],
  filtros: ['linguagem', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
  regras: (d) => {
    const erros: { campo: 'codigo'; mensagem: string }[] = [];
    const desconhecidos = marcadoresDesconhecidos(d.codigo);
    if (desconhecidos.length) {
      erros.push({ campo: 'codigo', mensagem: `Campo desconhecido: ${desconhecidos.map((c) => `{${c}}`).join(', ')}. Use ${Object.keys(camposEtiqueta).map((c) => `{${c}}`).join(', ')}.` });
    } else if (d.linguagem === 'ZPL' && !(/^\s*\^XA/i.test(d.codigo) && /\^XZ\s*$/i.test(d.codigo))) {
      erros.push({ campo: 'codigo', mensagem: 'Um modelo ZPL começa com ^XA e termina com ^XZ.' });
    }
    return erros;
  },
});
