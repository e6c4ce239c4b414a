import { ID_CLIENTE_PADRAO, normalizeCnpj } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import { registro as registroTable } from '../../db/schema/index.ts';
import { municipioDaUf, municipioNaoConfere } from '../../listas/municipios.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { ValidacaoError } from '../validacao.ts';
import type { ResourceHooks } from './types.ts';

const clientePadraoFixo = 'definido pelo sistema; não pode ser alterado.';

interface Endereco {
  uf: string;
  cidade: string;
  codigoMunicipio: string;
}

export const pessoa: ResourceHooks = {
  beforeValidate(body, { anterior, def }) {
    // The default customer is the system's: no record gains the flag, the default customer keeps it.
    const atual = anterior?.clientePadrao === true;
    if (body.clientePadrao !== undefined && Boolean(body.clientePadrao) !== atual) throw new ValidacaoError(def, { clientePadrao: clientePadraoFixo });
    // An empty document is no document: several people may have none, so it must not collide as ''.
    if (typeof body.cpfCnpj === 'string' && normalizeCnpj(body.cpfCnpj) === '') return { ...body, cpfCnpj: null };
    return body;
  },

  beforeSave(dados, { def }) {
    // The UF of the code is a rule of the declaration; that the code is a real city, and its exact
    // name, come from the IBGE list kept on the server.
    const enderecos = (dados.enderecos ?? []) as Endereco[];
    enderecos.forEach((e, i) => {
      const municipio = municipioDaUf(e.codigoMunicipio, e.uf);
      if (!municipio) throw new ValidacaoError(def, { [`enderecos.${i}.cidade`]: municipioNaoConfere(e.codigoMunicipio, e.uf) });
      e.cidade = municipio.nome;
    });
  },

  async beforeTrash(registro, { tx, sessao }) {
    if (registro._id === ID_CLIENTE_PADRAO || registro.clientePadrao === true) {
      throw new HttpError(409, 'O cliente padrão não pode ir para a lixeira: as vendas sem cliente identificado usam ele.');
    }
    // A person an active agreement names (as the company or a member) would leave it pointing at nothing.
    const convenios = await tx
      .select({ descricao: sql<string>`${registroTable.dados}->>'descricao'` })
      .from(registroTable)
      .where(
        and(
          eq(registroTable.grupoEmpresarialId, sessao.grupoEmpresarial),
          eq(registroTable.recurso, 'pessoaConvenio'),
          eq(registroTable.lixo, false),
          sql`(${registroTable.dados}->>'pessoa' = ${registro._id} or ${registroTable.dados}->'membros' @> ${JSON.stringify([{ pessoa: registro._id }])}::jsonb)`,
        ),
      )
      .limit(3);
    if (convenios.length) {
      throw new HttpError(409, `Esta pessoa está no convênio ${convenios.map((c) => `“${c.descricao}”`).join(', ')}: tire-a do convênio (ou envie o convênio para a lixeira) antes.`);
    }
  },
};
