import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { garantir, type CatalogoDemo } from './catalogoDemo.ts';
import { cederAoUso } from './cederAoUso.ts';

/** The kitchen's preparation sectors and the product groups each one makes. */
const SETORES: { descricao: string; cor: string; agrupadores: string[] }[] = [
  { descricao: 'Cozinha quente', cor: '#c0392b', agrupadores: ['Pratos'] },
  { descricao: 'Chapa', cor: '#d35400', agrupadores: ['Lanches', 'Café da manhã'] },
  { descricao: 'Pizzaria', cor: '#8e44ad', agrupadores: ['Pizzas'] },
  { descricao: 'Fritura', cor: '#b7950b', agrupadores: ['Porções'] },
  { descricao: 'Bar e copa', cor: '#1f618d', agrupadores: ['Bebidas', 'Sobremesas'] },
];

/** Each store's screens: two kitchen stations, the bar, the pass that gathers them all. */
const ESTACOES = [
  { descricao: 'Cozinha e chapa', setores: ['Cozinha quente', 'Chapa', 'Fritura'], colunas: 4, minutosAlerta: 10, minutosAtraso: 18, som: 'Campainha' },
  { descricao: 'Pizzaria', setores: ['Pizzaria'], colunas: 3, minutosAlerta: 15, minutosAtraso: 25, som: 'Sino' },
  { descricao: 'Bar', setores: ['Bar e copa'], colunas: 5, minutosAlerta: 4, minutosAtraso: 8, som: 'Bipe' },
];

const MONTAGENS: Record<string, [string, string, number][]> = {
  'Xis salada': [['Grelhar o hambúrguer e o ovo', 'Chapa', 6], ['Montar com alface, tomate e milho', 'Chapa', 2]],
  'Hambúrguer artesanal': [['Grelhar o blend ao ponto', 'Chapa', 8], ['Tostar o pão brioche', 'Chapa', 1], ['Montar e embalar', 'Chapa', 2]],
  'Pizza média calabresa': [['Abrir a massa e rechear', 'Pizzaria', 4], ['Assar no forno a lenha', 'Pizzaria', 9], ['Cortar e embalar', 'Pizzaria', 1]],
  'Filé à parmegiana': [['Empanar e fritar o filé', 'Fritura', 7], ['Gratinar com molho e queijo', 'Cozinha quente', 6]],
};

/** [description, kind, station shown]: the store's kitchen TVs, the counter POS and the kiosk. */
const APARELHOS: readonly [string, string, string | null][] = [
  ['TV da cozinha e chapa', 'KDS', 'Cozinha e chapa'],
  ['Tablet do bar', 'KDS', 'Bar'],
  ['PDV do balcão', 'PDV', null],
  ['Totem da entrada', 'Totem', null],
];

/**
 * The kitchen display setup of every demonstration store (sectors, group → sector, stations, the pass,
 * assembly steps, a bump bar, the devices), found or created through the resource engine, one store per transaction.
 */
export async function prepararKdsDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo): Promise<void> {
  const produtos = new Map(catalogo.produtos.map((p) => [p.descricao, p.id]));
  for (const { empresa } of catalogo.lojas) {
    await cederAoUso(db);
    await withTenant(db, s, async (tx) => {
      const setores = new Map<string, string>();
      for (const setor of SETORES) {
        const id = await garantir(tx, s, 'kdsSetor', 'descricao', { descricao: setor.descricao, cor: setor.cor }, empresa);
        setores.set(setor.descricao, id);
        for (const descricao of setor.agrupadores) {
          const agrupador = await garantir(tx, s, 'agrupador', 'descricao', { descricao });
          await garantir(tx, s, 'kdsSetorCadastroGrupo', 'agrupador', { agrupador, setor: id }, empresa);
        }
      }
      const estacoes = new Map<string, string>();
      for (const e of ESTACOES) estacoes.set(e.descricao, await garantir(tx, s, 'kdsEstacao', 'descricao', { ...e, setores: e.setores.map((n) => setores.get(n)!) }, empresa));
      // The devices of the store (appSistema): the kitchen TVs show their stations; credentials are issued on the screen.
      for (const [descricao, tipo, estacao] of APARELHOS) await garantir(tx, s, 'appSistema', 'descricao', { descricao, tipo, ...(estacao ? { estacao: estacoes.get(estacao)! } : {}) }, empresa);
      await garantir(tx, s, 'kdsExpedicao', 'descricao', { descricao: 'Passe do salão e delivery', setores: [...setores.values()], minutosAlerta: 15, minutosAtraso: 25, som: 'Sino' }, empresa);
      for (const [descricao, passos] of Object.entries(MONTAGENS)) {
        const produto = produtos.get(descricao);
        if (!produto) continue;
        await garantir(tx, s, 'kdsMontagem', 'produto', { produto, passos: passos.map(([passo, setor, minutos]) => ({ descricao: passo, setor: setores.get(setor)!, minutos })) }, empresa);
      }
      await garantir(
        tx,
        s,
        'kdsTeclado',
        'descricao',
        {
          descricao: 'Bump bar da cozinha',
          estacao: estacoes.get('Cozinha e chapa')!,
          teclas: [
            { tecla: '1', acao: 'Concluir' },
            { tecla: '2', acao: 'Iniciar preparo' },
            { tecla: '4', acao: 'Anterior' },
            { tecla: '6', acao: 'Próximo' },
            { tecla: '0', acao: 'Voltar último' },
            { tecla: 'Enter', acao: 'Destacar' },
          ],
        },
        empresa,
      );
    });
  }
}

/**
 * The kitchen as it would be now: today's sales of the last hour reached the boards when they closed
 * (ingestion); those older than ten minutes were bumped by the station of their sector after a time on its
 * scale (from 60 % of its warning minutes to a minute past its late mark), those of four to ten minutes are
 * being made. The newest stay new.
 */
export async function cozinhaDemo(db: Database, s: SessaoRequest): Promise<void> {
  await withTenant(db, s, async (tx) => {
    // Bumped by the station that shows the item's sector, after a time on that station's scale (a drink in a few
    // minutes, a pizza in twenty): mostly within its late mark, now and then a minute or two past it.
    await tx.execute(sql`
      with feitos as (
        select i.id, e.id as estacao, e.base + abs(hashtext(i.id)) % greatest(1, e.atraso - e.base + 2) as minutos
        from kds_item i
        cross join lateral (
          select r.id, greatest(2, round(coalesce((r.dados->>'minutosAlerta')::int, 8) * 0.6)::int) as base, coalesce((r.dados->>'minutosAtraso')::int, 15) as atraso
          from registro r where r.grupo_empresarial_id = i.grupo_empresarial_id and r.recurso = 'kdsEstacao' and r.empresa_id = i.empresa_id
            and not r.lixo and r.dados->'setores' ? i.setor_id order by r.id limit 1) e
        where i.grupo_empresarial_id = ${s.grupoEmpresarial} and i.estado = 'novo' and i.setor_id is not null and i.chegou_em < now() - interval '10 minutes')
      update kds_item i set estado = 'pronto', iniciado_em = i.chegou_em + interval '1 minute', pronto_em = i.chegou_em + make_interval(mins => f.minutos), pronto_estacao = f.estacao
      from feitos f where i.grupo_empresarial_id = ${s.grupoEmpresarial} and i.id = f.id`);
    await tx.execute(sql`update kds_item i set estado = 'em_preparo', iniciado_em = i.chegou_em + interval '1 minute'
      where i.grupo_empresarial_id = ${s.grupoEmpresarial} and i.estado = 'novo' and i.setor_id is not null and i.chegou_em < now() - interval '4 minutes'`);
  });
}
