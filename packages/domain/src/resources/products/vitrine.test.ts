import { describe, expect, it } from 'vitest';
import { comGruposEsgotados, montarVitrine, motivosPendencia, produtosDaVitrine, produtosDasOpcoes, produtosPublicados, secoesComDisponibilidade, secoesParaPublicar, type ItemPublicado, type PrecoFonte, type ProdutoFonte } from './vitrine.ts';

const produtos = new Map<string, ProdutoFonte>([
  ['burger', { _id: 'burger', descricao: 'X-Burger', imagens: [{ arquivo: 'img1' }], complementos: [{ nome: 'Ponto', minimo: 1, maximo: 1, itens: [{ descricao: 'Ao ponto' }, { produto: 'bacon', precoAdicional: 400 }] }] }],
  ['bacon', { _id: 'bacon', descricao: 'Bacon extra' }],
  ['suco', { _id: 'suco', descricao: 'Suco', ativo: false }],
  ['agua', { _id: 'agua', descricao: 'Água' }],
  ['cha', { _id: 'cha', descricao: 'Chá' }],
  ['acucar', { _id: 'acucar', descricao: 'Açúcar' }],
]);
const precos = new Map<string, PrecoFonte>([
  ['burger', { preco: 2990 }],
  ['suco', { preco: 900 }],
  ['cha', { preco: 700, ativo: false }],
  ['acucar', { preco: 100, modosVenda: [] }],
]);

describe('customer view of a menu', () => {
  it('shows photo, name, the company’s price and modifier groups in the draft’s order, and says why a product is left out', () => {
    const v = montarVitrine(
      [
        { nome: 'Lanches', descricao: '', produtos: ['burger', 'sumiu'] },
        { nome: 'Bebidas', descricao: 'Geladas', produtos: ['suco', 'agua', 'cha', 'acucar'] },
      ],
      produtos,
      precos,
    );
    expect(v.secoes).toEqual([
      {
        nome: 'Lanches',
        descricao: '',
        itens: [
          {
            produto: 'burger',
            descricao: 'X-Burger',
            imagem: 'img1',
            preco: 2990,
            complementos: [
              {
                nome: 'Ponto',
                minimo: 1,
                maximo: 1,
                opcoes: [
                  { produto: null, descricao: 'Ao ponto', precoAdicional: 0, disponivel: true, motivoIndisponivel: null },
                  { produto: 'bacon', descricao: 'Bacon extra', precoAdicional: 400, disponivel: true, motivoIndisponivel: null },
                ],
              },
            ],
            disponivel: true,
            motivoIndisponivel: null,
          },
        ],
      },
      { nome: 'Bebidas', descricao: 'Geladas', itens: [] },
    ]);
    expect(v.pendencias).toEqual([
      { secao: 'Lanches', produto: 'sumiu', descricao: 'sumiu', motivo: motivosPendencia.naoEncontrado },
      { secao: 'Bebidas', produto: 'suco', descricao: 'Suco', motivo: motivosPendencia.inativo },
      { secao: 'Bebidas', produto: 'agua', descricao: 'Água', motivo: motivosPendencia.semPreco },
      { secao: 'Bebidas', produto: 'cha', descricao: 'Chá', motivo: motivosPendencia.inativoNaEmpresa },
      { secao: 'Bebidas', produto: 'acucar', descricao: 'Açúcar', motivo: motivosPendencia.naoVendido },
    ]);
  });

  it('lists the products to load, options included', () => {
    expect(produtosDaVitrine([{ nome: 'L', descricao: '', produtos: ['burger', 'agua'] }], produtos).sort()).toEqual(['agua', 'bacon', 'burger']);
  });

  it('leaves out a product the company does not sell on any of the menu’s channels that are sale modes', () => {
    const soSalao = new Map<string, PrecoFonte>([['agua', { preco: 400, modosVenda: ['Salão'] }]]);
    const secoes = [{ nome: 'Bebidas', descricao: '', produtos: ['agua'] }];
    expect(montarVitrine(secoes, produtos, soSalao, ['Delivery', 'App']).pendencias.map((p) => p.motivo)).toEqual([motivosPendencia.foraDosCanais]);
    expect(montarVitrine(secoes, produtos, soSalao, ['Delivery', 'Salão']).secoes[0]!.itens).toHaveLength(1);
    // QR Code and App are not sale modes: nothing to compare with.
    expect(montarVitrine(secoes, produtos, soSalao, ['QR Code']).secoes[0]!.itens).toHaveLength(1);
  });

  it('keeps a product out of stock in its place, greyed with the reason; a publication freezes no availability, and reading it applies the live one', () => {
    const secoes = [{ nome: 'Lanches', descricao: '', produtos: ['burger'] }];
    const esgotado = montarVitrine(secoes, produtos, precos, [], new Map([['burger', { motivo: 'Esgotado' }]]));
    expect(esgotado.secoes[0]!.itens.map((i) => [i.produto, i.disponivel, i.motivoIndisponivel])).toEqual([['burger', false, 'Esgotado']]);
    expect(esgotado.pendencias).toEqual([]);
    const publicado = secoesParaPublicar(esgotado.secoes);
    expect(publicado[0]!.itens[0]).not.toHaveProperty('disponivel');
    expect(secoesComDisponibilidade(publicado, new Map())[0]!.itens[0]).toMatchObject({ produto: 'burger', disponivel: true, motivoIndisponivel: null });
  });

  describe('modifier options', () => {
    // A burger with a required sauce (one of two products) and optional extras (a product and a description).
    const comOpcoes = new Map<string, ProdutoFonte>([
      [
        'burger',
        {
          _id: 'burger',
          descricao: 'X-Burger',
          complementos: [
            { nome: 'Molho', minimo: 1, maximo: 1, itens: [{ produto: 'barbecue' }, { produto: 'maionese', descricao: 'Maionese da casa' }] },
            { nome: 'Adicionais', minimo: 0, maximo: 3, itens: [{ produto: 'bacon', precoAdicional: 400 }, { descricao: 'Sem cebola' }] },
          ],
        },
      ],
      ['barbecue', { _id: 'barbecue', descricao: 'Barbecue' }],
      ['maionese', { _id: 'maionese', descricao: 'Maionese' }],
      ['bacon', { _id: 'bacon', descricao: 'Bacon extra' }],
    ]);
    const secoes = [{ nome: 'Lanches', descricao: '', produtos: ['burger'] }];
    const esgotados = (...ids: string[]) => new Map(ids.map((id) => [id, { motivo: 'Esgotado' }]));
    /** [group, option, product, available, reason] of the one item. */
    const opcoes = (item: { complementos: { nome: string; opcoes: { produto: string | null; descricao: string; disponivel: boolean; motivoIndisponivel: string | null }[] }[] }) =>
      item.complementos.flatMap((g) => g.opcoes.map((o) => [g.nome, o.descricao, o.produto, o.disponivel, o.motivoIndisponivel]));

    it('an option whose product is out of stock is greyed with the reason; the item stays offered while its required groups can be filled', () => {
      const item = montarVitrine(secoes, comOpcoes, precos, [], esgotados('bacon', 'barbecue')).secoes[0]!.itens[0]!;
      expect(opcoes(item)).toEqual([
        ['Molho', 'Barbecue', 'barbecue', false, 'Esgotado'],
        ['Molho', 'Maionese da casa', 'maionese', true, null],
        ['Adicionais', 'Bacon extra', 'bacon', false, 'Esgotado'],
        ['Adicionais', 'Sem cebola', null, true, null],
      ]);
      expect(item).toMatchObject({ disponivel: true, motivoIndisponivel: null });
      expect(produtosDasOpcoes(comOpcoes.values()).sort()).toEqual(['bacon', 'barbecue', 'maionese']);
    });

    it('an item whose required group has fewer available options than its minimum cannot be ordered: Esgotado; an optional group emptied changes nothing', () => {
      const semMolho = montarVitrine(secoes, comOpcoes, precos, [], esgotados('barbecue', 'maionese')).secoes[0]!.itens[0]!;
      expect(semMolho).toMatchObject({ disponivel: false, motivoIndisponivel: 'Esgotado' });
      const semAdicionais = montarVitrine(secoes, comOpcoes, precos, [], esgotados('bacon')).secoes[0]!.itens[0]!;
      expect(semAdicionais).toMatchObject({ disponivel: true, motivoIndisponivel: null });
      // A group asking for two, with one left.
      const dois = new Map(comOpcoes);
      dois.set('burger', { ...comOpcoes.get('burger')!, complementos: [{ nome: 'Molhos', minimo: 2, maximo: 2, itens: [{ produto: 'barbecue' }, { produto: 'maionese' }, { descricao: 'Mostarda' }] }] });
      expect(montarVitrine(secoes, dois, precos, [], esgotados('barbecue')).secoes[0]!.itens[0]).toMatchObject({ disponivel: true });
      expect(montarVitrine(secoes, dois, precos, [], esgotados('barbecue', 'maionese')).secoes[0]!.itens[0]).toMatchObject({ disponivel: false, motivoIndisponivel: 'Esgotado' });
      // The kiosk shows no options but judges its items the same way.
      expect([...comGruposEsgotados(new Map([['burger', comOpcoes.get('burger')!]]), esgotados('barbecue', 'maionese')).keys()].sort()).toEqual(['barbecue', 'burger', 'maionese']);
      expect([...comGruposEsgotados(new Map([['burger', comOpcoes.get('burger')!]]), esgotados('bacon')).keys()]).toEqual(['bacon']);
    });

    it('a publication keeps each option’s product, never its availability; reading it judges options and required groups live', () => {
      const publicado = secoesParaPublicar(montarVitrine(secoes, comOpcoes, precos, [], esgotados('bacon')).secoes);
      const opcoesPublicadas = publicado[0]!.itens[0]!.complementos.flatMap((g) => g.opcoes);
      expect(opcoesPublicadas).toEqual([
        { produto: 'barbecue', descricao: 'Barbecue', precoAdicional: 0 },
        { produto: 'maionese', descricao: 'Maionese da casa', precoAdicional: 0 },
        { produto: 'bacon', descricao: 'Bacon extra', precoAdicional: 400 },
        { produto: null, descricao: 'Sem cebola', precoAdicional: 0 },
      ]);
      expect(produtosPublicados(publicado).sort()).toEqual(['bacon', 'barbecue', 'burger', 'maionese']);
      const agora = secoesComDisponibilidade(publicado, esgotados('barbecue', 'maionese'))[0]!.itens[0]!;
      expect(agora).toMatchObject({ disponivel: false, motivoIndisponivel: 'Esgotado' });
      expect(opcoes(agora).filter(([, , , disponivel]) => !disponivel).map(([, descricao]) => descricao)).toEqual(['Barbecue', 'Maionese da casa']);
      expect(opcoes(secoesComDisponibilidade(publicado, new Map())[0]!.itens[0]!).every(([, , , disponivel]) => disponivel)).toBe(true);
    });

    it('a version published before options kept their product offers every option (nothing to judge them by), and judges the item itself', () => {
      const antigo: ItemPublicado = {
        produto: 'burger',
        descricao: 'X-Burger',
        imagem: null,
        preco: 2990,
        complementos: [{ nome: 'Molho', minimo: 1, maximo: 1, opcoes: [{ descricao: 'Barbecue', precoAdicional: 0 }] }],
      };
      const secoesAntigas = [{ nome: 'Lanches', descricao: '', itens: [antigo] }];
      expect(produtosPublicados(secoesAntigas)).toEqual(['burger']);
      const agora = secoesComDisponibilidade(secoesAntigas, esgotados('barbecue'))[0]!.itens[0]!;
      expect(agora).toMatchObject({ disponivel: true, motivoIndisponivel: null });
      expect(opcoes(agora)).toEqual([['Molho', 'Barbecue', null, true, null]]);
      expect(secoesComDisponibilidade(secoesAntigas, esgotados('burger'))[0]!.itens[0]).toMatchObject({ disponivel: false, motivoIndisponivel: 'Esgotado' });
    });
  });
});
