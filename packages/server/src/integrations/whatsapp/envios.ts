import type { SituacaoEnvios } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** How the robot's sends are really going (the domain's SituacaoEnvios), from their last results. */
export async function situacaoDosEnvios(tx: Executor, grupo: string): Promise<SituacaoEnvios> {
  const [l] = (
    await tx.execute<{ sucesso: string | null; falha: string | null; erro: string | null; falhas: number }>(sql`
      with sucesso as (
        select max(situacao_em) em from whatsapp_mensagem
         where grupo_empresarial_id = ${grupo} and direcao = 'saida' and situacao in ('enviada', 'entregue', 'lida')
      ), falhas as (
        select updated_at em, ultimo_erro from whatsapp_mensagem
         where grupo_empresarial_id = ${grupo} and direcao = 'saida' and ultimo_erro is not null and situacao in ('pendente', 'falhou') and tentativas > 0
      )
      select (select em from sucesso)::text sucesso,
             (select max(em) from falhas)::text falha,
             (select ultimo_erro from falhas order by em desc limit 1) erro,
             (select count(*)::int from falhas where em > coalesce((select em from sucesso), '-infinity'::timestamptz)) falhas`)
  ).rows;
  const sucesso = l?.sucesso ? new Date(l.sucesso) : null;
  const falha = l?.falha ? new Date(l.falha) : null;
  const estado = falha && (!sucesso || falha > sucesso) ? 'falhando' : sucesso ? 'ok' : 'semEnvios';
  return { estado, ultimoSucessoEm: sucesso?.toISOString() ?? null, ultimaFalhaEm: falha?.toISOString() ?? null, ultimoErro: estado === 'falhando' ? (l?.erro ?? null) : null, falhasDesdeSucesso: estado === 'falhando' ? Number(l?.falhas ?? 0) : 0 };
}
