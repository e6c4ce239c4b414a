import { and, count, eq } from 'drizzle-orm';
import { registro as registroTable } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { municipioDaUf, municipioNaoConfere } from '../../listas/municipios.ts';
import { projetarEmpresa } from '../../registration/projecao.ts';
import { rotuloDoCampo } from '../record.ts';
import type { HookContext, ResourceHooks } from './types.ts';

export const mensagensEmpresa = {
  emUso: 'A empresa em uso nesta sessão não pode ir para a lixeira: troque para outra empresa antes.',
  ultima: 'Esta é a única empresa do grupo: o grupo precisa de pelo menos uma empresa ativa.',
  setorDeOutra: 'Os setores de impressão são de cada empresa: troque para esta empresa para escolher o setor dela.',
  callCenterDesligado: 'Marque “Call center” para atender outras empresas.',
  callCenterSiMesma: 'Uma empresa não atende a si mesma pelo call center.',
};

const CAMPO_SETOR = 'configuracoes.expedicao.setorImpressaoExpedicao';
const CAMPO_CALL_CENTER = 'configuracoes.empresasCallCenter';

function recusar(ctx: HookContext, campo: string, mensagem: string): never {
  throw new HttpError(400, `${rotuloDoCampo(ctx.def, campo)}: ${mensagem}`, {}, { [campo]: mensagem });
}

const objeto = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * Companies (docs/decisions/0006): the record in `registro`, the typed empresa row kept by afterSave
 * and afterLixo in the same transaction. The certificate summary is written only by the certificate
 * routes, so a client can neither set nor clear it through the record.
 */
export const empresa: ResourceHooks = {
  beforeValidate(body, { anterior }) {
    return { ...body, certificado: anterior?.certificado ?? null };
  },

  beforeSave(dados, ctx) {
    const { anterior, sessao } = ctx;
    // The code must be a real city of the UF (it goes into every NF-e as cMun); the name is IBGE's.
    const endereco = objeto(dados.endereco);
    if (typeof endereco.codigoMunicipio === 'string' && typeof endereco.uf === 'string') {
      const municipio = municipioDaUf(endereco.codigoMunicipio, endereco.uf);
      if (!municipio) recusar(ctx, 'endereco.municipio', municipioNaoConfere(endereco.codigoMunicipio, endereco.uf));
      endereco.municipio = municipio.nome;
    }
    const cfg = objeto(dados.configuracoes);
    // Print sectors are per company and the reference was checked against the session's company.
    const setor = objeto(cfg.expedicao).setorImpressaoExpedicao ?? null;
    const setorAntes = objeto(objeto(anterior?.configuracoes).expedicao).setorImpressaoExpedicao ?? null;
    if (setor !== setorAntes && anterior?._id !== sessao.empresa) recusar(ctx, CAMPO_SETOR, mensagensEmpresa.setorDeOutra);
    const atendidas = Array.isArray(cfg.empresasCallCenter) ? cfg.empresasCallCenter : [];
    if (atendidas.length && cfg.callCenter !== true) recusar(ctx, CAMPO_CALL_CENTER, mensagensEmpresa.callCenterDesligado);
    if (anterior && atendidas.includes(anterior._id)) recusar(ctx, CAMPO_CALL_CENTER, mensagensEmpresa.callCenterSiMesma);
  },

  async afterSave(registro, { tx, sessao }) {
    await projetarEmpresa(tx, sessao.grupoEmpresarial, registro);
  },

  async beforeTrash(registro, { tx, sessao }) {
    if (registro._id === sessao.empresa) throw new HttpError(409, mensagensEmpresa.emUso);
    const [ativas] = await tx
      .select({ n: count() })
      .from(registroTable)
      .where(and(eq(registroTable.grupoEmpresarialId, sessao.grupoEmpresarial), eq(registroTable.recurso, 'empresa'), eq(registroTable.lixo, false)));
    if ((ativas?.n ?? 0) <= 1) throw new HttpError(409, mensagensEmpresa.ultima);
  },

  async afterLixo(registro, { tx, sessao }) {
    await projetarEmpresa(tx, sessao.grupoEmpresarial, registro);
  },
};
