import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appTerceirosChamada, appTerceirosChave } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { emitirChave } from '../integrations/appTerceirosRoutes.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { garantir, type CatalogoDemo } from './catalogoDemo.ts';

/** [minutes ago, method, route, status, which key]: a day of the accounting firm's robot, a refusal and a burst included. */
const CHAMADAS: readonly [number, string, string, number, 'antiga' | 'atual'][] = [
  [60 * 26, 'POST', '/api/oauth/token', 401, 'antiga'],
  [60 * 25, 'POST', '/api/oauth/token', 200, 'atual'],
  [60 * 25 - 1, 'POST', '/api/relatorioVenda', 200, 'atual'],
  [60 * 25 - 2, 'POST', '/api/financeiroResumo', 200, 'atual'],
  [60 * 3, 'POST', '/api/oauth/token', 200, 'atual'],
  [60 * 3 - 1, 'GET', '/api/produtoGeral', 403, 'atual'],
  [60 * 3 - 2, 'POST', '/api/relatorioVenda', 200, 'atual'],
  [60 * 3 - 3, 'POST', '/api/relatorioVendaProdutos', 200, 'atual'],
  [60 * 3 - 4, 'POST', '/api/relatorioVenda', 429, 'atual'],
  [40, 'POST', '/api/oauth/token', 200, 'atual'],
  [39, 'POST', '/api/relatorioVenda', 200, 'atual'],
  [38, 'POST', '/api/financeiroResumo', 200, 'atual'],
];

/**
 * Two API clients of the group (the accounting firm reading sales and finance, the BI panel reading
 * products, sales and stock) and the group's OTP provider (by e-mail), through the resource engine; the firm's old key revoked and its new one
 * with a day of audited calls. Added once: a client that already has keys is left as it is.
 */
export async function prepararAppTerceirosDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo): Promise<void> {
  const empresas = catalogo.lojas.map((l) => l.empresa);
  await withTenant(db, s, async (tx) => {
    const contabilidade = await garantir(tx, s, 'appTerceirosCadastro', 'nome', {
      nome: 'Contabilidade Exata',
      contato: 'Marta Ribeiro',
      email: 'marta@contabilidadeexata.com.br',
      escopos: ['vendas:ler', 'financeiro:ler'],
      empresas,
      limitePorMinuto: 60,
    });
    // The robot's settings: the customers of the QR and delivery pages get their sign-in code by e-mail.
    await garantir(tx, s, 'provedorOTP', 'descricao', {
      descricao: 'Código de acesso por e-mail',
      canal: 'E-mail',
      tamanhoCodigo: 6,
      validadeMinutos: 10,
      tentativas: 5,
      limitePorHora: 5,
      mensagem: '{empresa}: seu código de acesso é {codigo}. Ele vale por {minutos} minutos; não o passe a ninguém.',
    });
    // An SMS provider ready for when the chain signs a gateway contract: inactive (the e-mail one above stays the one in use).
    await garantir(tx, s, 'provedorOTP', 'descricao', {
      descricao: 'Código de acesso por SMS (reserva)',
      canal: 'SMS',
      remetenteSms: 'Demo',
      tamanhoCodigo: 6,
      validadeMinutos: 5,
      tentativas: 3,
      limitePorHora: 3,
      mensagem: '{empresa}: seu código é {codigo}. Vale por {minutos} min.',
      ativo: false,
    });
    const bi = await garantir(tx, s, 'appTerceirosCadastro', 'nome', {
      nome: 'Painel BI da rede',
      contato: 'Equipe de dados',
      escopos: ['produtos:ler', 'vendas:ler', 'estoque:ler'],
      empresas: empresas.slice(0, 1),
      limitePorMinuto: 120,
    });
    const [jaTem] = await tx.select({ id: appTerceirosChave.id }).from(appTerceirosChave).where(and(eq(appTerceirosChave.grupoEmpresarialId, s.grupoEmpresarial), eq(appTerceirosChave.appTerceirosId, contabilidade))).limit(1);
    if (jaTem) return;
    const antiga = await emitirChave(tx, s, contabilidade, 'Robô fiscal (2025)');
    await tx
      .update(appTerceirosChave)
      .set({ createdAt: sql`now() - interval '90 days'`, revogadaEm: sql`now() - interval '2 days'`, revogadaPor: s.usuario })
      .where(and(eq(appTerceirosChave.grupoEmpresarialId, s.grupoEmpresarial), eq(appTerceirosChave.id, antiga.clientId)));
    const atual = await emitirChave(tx, s, contabilidade, 'Robô fiscal');
    await tx.update(appTerceirosChave).set({ createdAt: sql`now() - interval '2 days'` }).where(and(eq(appTerceirosChave.grupoEmpresarialId, s.grupoEmpresarial), eq(appTerceirosChave.id, atual.clientId)));
    await emitirChave(tx, s, bi, 'Servidor do BI');
    const chaves = { antiga: antiga.clientId, atual: atual.clientId };
    await tx.insert(appTerceirosChamada).values(
      CHAMADAS.map(([minutos, metodo, rota, status, chave]) => ({
        grupoEmpresarialId: s.grupoEmpresarial,
        appTerceirosId: contabilidade,
        chaveId: chaves[chave],
        empresaId: rota === '/api/oauth/token' ? null : empresas[0]!,
        metodo,
        rota,
        status,
        createdAt: new Date(Date.now() - minutos * 60_000),
      })),
    );
  });
}
