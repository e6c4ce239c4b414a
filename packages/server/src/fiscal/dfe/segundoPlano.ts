import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { agendarTarefa } from '../../tarefaPeriodica.ts';
import { baixarDocumentos, type ResultadoDownload } from './distribuicao.ts';
import { empresaDfe, type EmpresaDfe } from './empresaDfe.ts';

export interface DownloadAutomatico {
  grupoEmpresarial: string;
  empresa: string;
  resultado: ResultadoDownload | null;
  erro: string | null;
}

/** The background's stand-in for a session: the company's own tenant, no user. */
const sessaoDoSistema = (grupoEmpresarial: string, empresa: string): SessaoRequest => ({ id: 'dfe-automatico', usuario: 'sistema', grupoEmpresarial, empresa, permissoes: { administrador: true, telas: {}, pdv: [] } });

/**
 * One round of the background DF-e download: every company (of every group) with a valid A1 whose next
 * call is due gets baixarDocumentos, one company at a time, under the same rules as the button (the kept
 * ultNSU, the hour after 137 or ultNSU = maxNSU, so never a 656). A company that fails (SEFAZ down, a
 * broken certificate) is reported and the others go on. `empresaDe` builds the gateway (the tests' double).
 */
export async function baixarDfeDasEmpresas(
  ctx: Pick<AppContext, 'db' | 'armazenamento' | 'chaveSegredos'>,
  agora: () => Date = () => new Date(),
  empresaDe: (s: SessaoRequest) => Promise<EmpresaDfe> = (s) => empresaDfe(ctx, s),
): Promise<DownloadAutomatico[]> {
  // As the owner (across groups): only which companies are due; each download runs inside its own tenant.
  const { rows } = await ctx.db.execute<{ grupo: string; empresa: string }>(sql`
    select c.grupo_empresarial_id as grupo, c.id as empresa from empresa_certificado c
      left join dfe_controle d on d.grupo_empresarial_id = c.grupo_empresarial_id and d.id = c.id
     where c.validade > ${agora().toISOString()}::timestamptz
       and (d.proxima_consulta is null or d.proxima_consulta <= ${agora().toISOString()}::timestamptz)
     order by c.grupo_empresarial_id, c.id`);
  const feitos: DownloadAutomatico[] = [];
  for (const r of rows) {
    const s = sessaoDoSistema(r.grupo, r.empresa);
    try {
      feitos.push({ grupoEmpresarial: r.grupo, empresa: r.empresa, resultado: await baixarDocumentos(ctx, s, await empresaDe(s), agora), erro: null });
    } catch (erro) {
      feitos.push({ grupoEmpresarial: r.grupo, empresa: r.empresa, resultado: null, erro: erro instanceof Error ? erro.message : String(erro) });
    }
  }
  return feitos;
}

/** Minutes between rounds (SEFAZ_DFE_INTERVALO_MIN, default 15; 0 turns the background download off). */
export function intervaloDfeMin(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.SEFAZ_DFE_INTERVALO_MIN ?? '15');
  return Number.isFinite(n) && n >= 0 ? n : 15;
}

/** Starts the rounds: the first five minutes after the server is ready, then every interval. */
export function agendarDfeAutomatico(app: FastifyInstance, ctx: AppContext): void {
  const minutos = intervaloDfeMin();
  if (minutos === 0) return;
  agendarTarefa(app, { primeiraMs: 5 * 60_000, intervaloMs: minutos * 60_000, falha: 'Falha na rodada automática de download de DF-e' }, async () => {
    for (const f of await baixarDfeDasEmpresas(ctx)) {
      if (f.erro) app.log.warn({ grupo: f.grupoEmpresarial, empresa: f.empresa }, `DF-e automático: ${f.erro}`);
      else if (f.resultado?.novos) app.log.info({ grupo: f.grupoEmpresarial, empresa: f.empresa, novos: f.resultado.novos }, 'DF-e automático: documentos novos');
    }
  });
}
