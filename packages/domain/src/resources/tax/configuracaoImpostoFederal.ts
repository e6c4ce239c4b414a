import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { cstsPisCofins, rotulosCstPisCofins } from '../../tax/codigosFiscais.ts';
import { defineRecurso } from '../define.ts';
import { textoObrigatorio } from '../registration/texto.ts';
import { aliquota, codigoOpcional } from './campos.ts';
import { regrasConfiguracaoImpostoFederal } from './regrasImposto.ts';

/** vAliqProd of PISQtde/COFINSQtde (CST 03): reais per unit sold, 4 places as the NF-e (TDec_1104v). */
const porUnidade = (rotulo: string) => decimalExato({ casas: 4, min: '0', max: '99999999999.9999', rotulo }).default('0.0000');

const cst = (tributo: string) => z.enum(cstsPisCofins, { error: `CST ${tributo}: escolha um código da tabela (01, 04, 06, 49, 99…).` });

/**
 * PIS and COFINS of a product's sale (per company: the rates depend on its regime, cumulative 0,65% and
 * 3% or non-cumulative 1,65% and 7,6%). Monophasic, zero-rate, exempt and suspended sales (CST 04–09)
 * carry no rate but need the natureza da receita of the EFD-Contribuições. CST 03 (beverages, fuels…)
 * charges reais per unit sold instead of a percentage (PISQtde/COFINSQtde, DOMAIN.md).
 */
export const configuracaoImpostoFederal = defineRecurso({
  nome: 'configuracaoImpostoFederal',
  rotulo: 'Configuração de PIS/COFINS',
  rotuloPlural: 'Configurações de PIS/COFINS',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    descricao: textoObrigatorio('Informe a descrição.', 80),
    cstPis: cst('do PIS'),
    aliquotaPis: aliquota('a alíquota do PIS').default('0.0000'),
    valorPisPorUnidade: porUnidade('o valor do PIS por unidade'),
    cstCofins: cst('da COFINS'),
    aliquotaCofins: aliquota('a alíquota da COFINS').default('0.0000'),
    valorCofinsPorUnidade: porUnidade('o valor da COFINS por unidade'),
    naturezaReceita: codigoOpcional(/^\d{3}$/, 'Natureza da receita: 3 dígitos das tabelas 4.3.10 a 4.3.16 da EFD-Contribuições.'),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Ex.: Tributado cumulativo, Monofásico (bebidas frias).' },
    cstPis: { rotulo: 'CST do PIS', tipo: 'opcao', opcoes: cstsPisCofins, rotulosOpcoes: rotulosCstPisCofins },
    aliquotaPis: { rotulo: 'Alíquota do PIS', tipo: 'percentual', ajuda: 'Lucro presumido (cumulativo): 0,65%. Lucro real (não cumulativo): 1,65%. Simples Nacional: 0 (CST 49 ou 99).' },
    valorPisPorUnidade: { rotulo: 'PIS por unidade (R$)', tipo: 'decimal', visivelSe: { cstPis: '03' }, ajuda: 'CST 03: reais por unidade vendida (vAliqProd), até 4 casas decimais.' },
    cstCofins: { rotulo: 'CST da COFINS', tipo: 'opcao', opcoes: cstsPisCofins, rotulosOpcoes: rotulosCstPisCofins },
    aliquotaCofins: { rotulo: 'Alíquota da COFINS', tipo: 'percentual', ajuda: 'Lucro presumido (cumulativo): 3%. Lucro real (não cumulativo): 7,6%.' },
    valorCofinsPorUnidade: { rotulo: 'COFINS por unidade (R$)', tipo: 'decimal', visivelSe: { cstCofins: '03' }, ajuda: 'CST 03: reais por unidade vendida (vAliqProd), até 4 casas decimais.' },
    naturezaReceita: {
      rotulo: 'Natureza da receita',
      tipo: 'texto',
      ajuda: 'Código de 3 dígitos da EFD-Contribuições, obrigatório com CST 04 a 09 (monofásico, alíquota zero, isenção, sem incidência, suspensão).',
    },
    ativo: { rotulo: 'Ativa', tipo: 'booleano' },
  },
  // CST COFINS is almost always the CST of the PIS: left out of the list, which its long labels would widen.
  colunas: ['descricao', 'cstPis', 'aliquotaPis', 'aliquotaCofins', 'naturezaReceita', 'ativo'],
  busca: ['descricao', 'naturezaReceita'],
  filtros: ['cstPis', 'cstCofins', 'aliquotaPis', 'aliquotaCofins', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
  regras: regrasConfiguracaoImpostoFederal,
});
