import { findRecurso, recursos } from '@retaguarda/domain';
import type { Database } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { publicarCardapio } from '../products/publicarCardapio.ts';
import { findById } from '../resources/repository.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { garantir, type CatalogoDemo } from './catalogoDemo.ts';
import { cederAoUso } from './cederAoUso.ts';

/** The menu's sections in the order the customer reads them (the products' agrupadores). */
const SECOES = ['Café da manhã', 'Pratos', 'Lanches', 'Pizzas', 'Porções', 'Sobremesas', 'Bebidas'];

/**
 * What a store shows its customers besides prices: a published menu (cardápio, every section of the
 * catalogue), two combos and two promotions, a label model and printer, created through the resource engine
 * and the publish step the screens use, found by description when already there. `desde` is the promotions' start.
 */
export async function prepararVitrineDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo, desde: string): Promise<void> {
  const id = (descricao: string) => catalogo.produtos.find((p) => p.descricao === descricao)!.id;
  const ids = (...descricoes: string[]) => descricoes.map(id);
  // The group's price-label model (/gerenciarEtiquetas), once for every store.
  await withTenant(db, s, (tx) => garantir(tx, s, 'modeloEtiqueta', 'descricao', { descricao: 'Preço de gôndola', validadeDias: 3 }));
  for (const loja of catalogo.lojas) {
    const sessao = { ...s, empresa: loja.empresa };
    await cederAoUso(db);
    await withTenant(db, sessao, async (tx) => {
      const combo = (descricao: string, preco: number, etapas: [string, string[]][]) =>
        garantir(tx, sessao, 'produtoCombo', 'descricao', { descricao, tipoPreco: 'Preço fixo', preco, agrupadores: etapas.map(([etapa, produtos]) => ({ descricao: etapa, produtos: ids(...produtos) })) }, loja.empresa);
      await combo('Combo Xis + bebida', 3490, [
        ['Escolha o lanche', ['Xis salada', 'Xis bacon', 'Hambúrguer artesanal']],
        ['Escolha a bebida', ['Refrigerante lata', 'Suco natural de laranja', 'Água mineral']],
      ]);
      await combo('Café da manhã completo', 1790, [
        ['Escolha o salgado', ['Pão de queijo', 'Misto quente', 'Pão na chapa']],
        ['Escolha a bebida', ['Café com leite', 'Café expresso', 'Suco natural de laranja']],
      ]);
      const dias = ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta'];
      await garantir(tx, sessao, 'produtoPromocao', 'descricao', {
        descricao: 'Happy hour',
        tipo: 'Preço promocional',
        validoDe: desde,
        diasSemana: dias,
        horaInicio: '17:00',
        horaFim: '20:00',
        produtos: [
          { produto: id('Cerveja long neck'), precoPromocional: 990 },
          { produto: id('Caipirinha'), precoPromocional: 1690 },
        ],
      }, loja.empresa);
      await garantir(tx, sessao, 'produtoPromocao', 'descricao', {
        descricao: 'Terça da pizza',
        tipo: 'Percentual de desconto',
        percentual: '20.00',
        validoDe: desde,
        diasSemana: ['Terça'],
        produtos: ids('Pizza média calabresa', 'Pizza média marguerita').map((produto) => ({ produto })),
      }, loja.empresa);

      // Each store's label printer on USB (/gerenciarEtiquetas gives the file to download).
      await garantir(tx, sessao, 'impressora', 'descricao', { descricao: 'Etiquetas do balcão', modelo: 'Zebra ZD220', conexao: 'USB' }, loja.empresa);

      const secoes = SECOES.map((nome) => ({ nome, produtos: catalogo.produtos.filter((p) => p.agrupador === nome).map((p) => p.id) }));
      const cardapio = await garantir(tx, sessao, 'cardapio', 'descricao', { descricao: 'Cardápio da casa', secoes }, loja.empresa);
      const def = findRecurso('cardapio')!;
      const row = (await findById(tx, def, sessao, cardapio))!;
      if (!recursos.cardapio.schema.parse(row.dados).publicado) await publicarCardapio(tx, sessao, cardapio, row.version);
    });
  }
}
