import { findRecurso, rotulosCrt, usaCsosn } from '@retaguarda/domain';
import { findById } from '../repository.ts';
import { ValidacaoError } from '../validacao.ts';
import type { ResourceHooks } from './types.ts';

interface Linha {
  uf: string;
  cfop: string;
  cst: string | null;
  csosn: string | null;
}

/**
 * What only the company can tell: CST or CSOSN follows its CRT (Simples Nacional and MEI use CSOSN),
 * and the row of its own UF is an operation inside the state (CFOP 5…) while the others leave it (6…).
 */
export const configuracaoImposto: ResourceHooks = {
  async beforeSave(dados, { tx, sessao, def }) {
    const empresa = await findById(tx, findRecurso('empresa')!, sessao, sessao.empresa);
    const crt = typeof empresa?.dados.crt === 'string' ? empresa.dados.crt : null;
    const uf = (empresa?.dados.endereco as { uf?: unknown } | undefined)?.uf;
    // '1 - Simples Nacional' → 'Simples Nacional (CRT 1)'.
    const regime = crt ? `${((rotulosCrt as Record<string, string>)[crt] ?? '').replace(/^\d+ - /, '')} (CRT ${crt})` : null;
    const erros: Record<string, string> = {};
    (dados.icms as Linha[]).forEach((l, i) => {
      if (crt && usaCsosn(crt) && l.cst) erros[`icms.${i}.cst`] ??= `O regime da empresa é ${regime}: informe o CSOSN, não o CST.`;
      if (crt && !usaCsosn(crt) && l.csosn) erros[`icms.${i}.csosn`] ??= `O regime da empresa é ${regime}: informe o CST, não o CSOSN.`;
      if (typeof uf === 'string' && l.uf === uf && !l.cfop.startsWith('5')) erros[`icms.${i}.cfop`] ??= `${uf} é a UF da empresa: venda dentro do estado usa CFOP 5… (ex.: 5102).`;
      if (typeof uf === 'string' && l.uf !== uf && l.cfop.startsWith('5')) erros[`icms.${i}.cfop`] ??= `${l.uf} é outra UF: venda interestadual usa CFOP 6… (ex.: 6102).`;
    });
    if (Object.keys(erros).length) throw new ValidacaoError(def, erros);
  },
};
