import { findRecurso, type Venda } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { naoEncontrado } from '../resources/record.ts';
import { codigosFiscais, type CodigosFiscais, type LinhaIcms } from './codigosFiscaisItem.ts';
import type { TerminalAutenticado } from './credencial.ts';

/** A field of the order that names a record, and the resource it must be. */
interface Referencia {
  campo: string;
  id: string;
  recurso: string;
}

function referenciasDa(venda: Venda): Referencia[] {
  const refs: Referencia[] = [];
  const add = (campo: string, id: string | null, recurso: string) => id && refs.push({ campo, id, recurso });
  add('periodo', venda.periodo, 'periodo');
  add('garcom', venda.garcom, 'usuario');
  add('operador', venda.operador, 'usuario');
  add('entregador', venda.entregador, 'usuario');
  add('cliente', venda.cliente, 'pessoa');
  add('descontoMotivo', venda.descontoMotivo, 'descontoMotivo');
  venda.itens.forEach((item, i) => {
    add(`itens.${i}.produto`, item.produto, 'produtoGeral');
    add(`itens.${i}.descontoMotivo`, item.descontoMotivo, 'descontoMotivo');
    item.modificadores.forEach((m, j) => add(`itens.${i}.modificadores.${j}.produto`, m.produto, 'produtoGeral'));
  });
  venda.transferencias.forEach((tr, i) => add(`transferencias.${i}.usuario`, tr.usuario, 'usuario'));
  venda.pagamentos.forEach((p, i) => {
    add(`pagamentos.${i}.formaPagamento`, p.formaPagamento, 'formaPagamento');
    add(`pagamentos.${i}.bandeira`, p.bandeira, 'tipoPagamentoBandeira');
    add(`pagamentos.${i}.operadora`, p.operadora, 'operadora');
  });
  return refs;
}

/**
 * The records an order names, found in one query, with each product's tax configuration in the company.
 * Run inside the batch's first statement (ingestao.ts), so it shares that round trip; the statement is
 * prepared, so PostgreSQL plans this four-way join of registro, with its many partial indexes, once per
 * connection. Records trashed since are still valid (the sale happened).
 */
const consulta = (t: TerminalAutenticado, ids: string[]) => sql`
  select r.id, r.recurso, c.dados->'icms' as icms, e.dados as empresa,
         case when r.recurso = 'empresa' then r.dados->>'cnpj' end as cnpj
  from registro r
  left join registro pe on r.recurso = 'produtoGeral' and pe.grupo_empresarial_id = r.grupo_empresarial_id and pe.recurso = 'produtoGeralEmpresa'
    -- as the unique index of the company's product (registro_u_produtoGeralEmpresa_produtoGeral) is written,
    -- so the join is an index lookup, not a scan of the company's whole catalogue
    and coalesce(pe.empresa_id, '') = ${t.empresa} and pe.lixo = false and lower(pe.dados->>'produtoGeral') = lower(r.id)
  left join registro c on c.grupo_empresarial_id = pe.grupo_empresarial_id and c.recurso = 'configuracaoImposto' and c.id = pe.dados->>'configuracaoImposto'
  left join registro e on e.grupo_empresarial_id = c.grupo_empresarial_id and e.recurso = 'empresa' and e.id = ${t.empresa}
  where r.grupo_empresarial_id = ${t.grupoEmpresarial} and r.id = any(${sql.param(ids)}::text[]) and (r.empresa_id is null or r.empresa_id = ${t.empresa})`;

/** A record found: what the query answers per id. */
export interface RegistroAchado {
  id: string;
  recurso: string;
  icms: LinhaIcms[] | null;
  empresa: Record<string, unknown> | null;
  cnpj: string | null;
}

export interface Referencias {
  /** The fields whose record was not found, with the message. */
  ausentes: Record<string, string>;
  /** The terminal's store CNPJ, read in the same query when an order brings a fiscal document (see emitente.ts). */
  cnpjDaLoja: string | null;
  /** Per product: the CFOP and CST/CSOSN of its tax configuration in the company, for items sent without them. */
  codigos: Map<string, CodigosFiscais>;
}

/**
 * The records a batch of orders names, checked with one query that runs as a CTE of the batch's first
 * statement: `consulta` answers rows `RegistroAchado` (the store rides along when an order brings a fiscal
 * document: its CNPJ checks the notes' keys without another round trip); `conferir` reads them. Every
 * record must exist in the terminal's group (and company, for per-company resources); it answers the
 * fields whose record was not found (the first order's fields, or prefixed by its index in a batch), each
 * product's NFC-e codes in the company (its produtoGeralEmpresa's configuracaoImposto and the company's UF
 * and CRT) and the store's CNPJ.
 */
export function referenciasDasVendas(t: TerminalAutenticado, vendas: readonly Venda[]) {
  const refs = vendas.length === 1 ? referenciasDa(vendas[0]!) : vendas.flatMap((v, i) => referenciasDa(v).map((r) => ({ ...r, campo: `pedidos.${i}.${r.campo}` })));
  const ids = [...new Set([...refs.map((r) => r.id), ...(vendas.some((v) => v.documentoFiscal) ? [t.empresa] : [])])];
  return {
    consulta: consulta(t, ids),
    conferir(achados: readonly RegistroAchado[]): Referencias {
      const existe = new Set(achados.map((a) => `${a.recurso}:${a.id}`));
      const codigos = new Map<string, CodigosFiscais>();
      for (const a of achados) {
        const c = a.icms ? codigosFiscais({ icms: a.icms, empresa: a.empresa }) : null;
        if (c) codigos.set(a.id, c);
      }
      const ausentes: Record<string, string> = {};
      for (const r of refs) {
        if (existe.has(`${r.recurso}:${r.id}`)) continue;
        ausentes[r.campo] ??= naoEncontrado(findRecurso(r.recurso)!, r.id);
      }
      const loja = achados.find((a) => a.recurso === 'empresa' && a.id === t.empresa);
      return { ausentes, codigos, cnpjDaLoja: loja?.cnpj ?? null };
    },
  };
}
