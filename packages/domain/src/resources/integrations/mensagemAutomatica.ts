import { z } from 'zod';
import { conferirParametrosModelo, eventosPedido, VARIAVEIS_MENSAGEM_AUTOMATICA } from '../../integrations/whatsapp.ts';
import { conferirModelo } from '../../integrations/modeloMensagem.ts';
import { defineRecurso } from '../define.ts';

/**
 * An automatic WhatsApp message per order event (mensagemAutomatica): when an order of a customer with a
 * phone is received, accepted, leaves for delivery, is delivered or cancelled, the robot sends this text
 * with the order's values. One active message per event; a variable the order does not have is refused.
 * The text goes only within 24 hours of the customer's last message (Meta's rule); outside that window the
 * approved template chosen here goes instead, its {{n}} filled with the variables listed in order.
 */
export const mensagemAutomatica = defineRecurso({
  nome: 'mensagemAutomatica',
  rotulo: 'Mensagem automática',
  rotuloPlural: 'Mensagens automáticas',
  feminino: true,
  escopo: 'grupo',
  schema: () => z.object({
    evento: z.enum(eventosPedido, { error: 'Escolha o evento do pedido.' }),
    mensagem: z.string({ error: 'Escreva a mensagem.' }).trim().min(1, 'Escreva a mensagem.').max(1000, 'No máximo 1.000 caracteres.'),
    minutosPrevisao: z.number({ error: 'Informe os minutos.' }).int('Informe os minutos com um número inteiro.').min(0, 'No mínimo 0.').max(600, 'No máximo 600 minutos.').default(45),
    ativo: z.boolean().default(true),
    modeloNome: z.string().trim().max(512, 'No máximo 512 caracteres.').regex(/^[a-z0-9_]*$/, 'Use o nome do modelo como a Meta o mostra (letras minúsculas, números e _).').optional().default(''),
    modeloIdioma: z.string().trim().max(15, 'No máximo 15 caracteres.').optional().default(''),
    parametrosModelo: z.string().trim().max(500, 'No máximo 500 caracteres.').optional().default(''),
  }),
  campos: {
    evento: { rotulo: 'Evento', tipo: 'opcao', opcoes: eventosPedido, ajuda: 'Quando a mensagem sai: pedido recebido, aceito, saiu para entrega, entregue ou cancelado.' },
    mensagem: {
      rotulo: 'Mensagem',
      tipo: 'textoLongo',
      ajuda: 'Use {nome} (o cliente), {pedido} (o número), {status}, {previsao} (a hora prevista), {loja}, {total} e {itens}.',
    },
    minutosPrevisao: { rotulo: 'Previsão (minutos)', tipo: 'inteiro', ajuda: '{previsao} é a hora do evento mais estes minutos.' },
    ativo: { rotulo: 'Ativa', tipo: 'booleano' },
    modeloNome: { rotulo: 'Modelo aprovado (fora das 24 h)', tipo: 'texto', naSecaoDaTela: true, ajuda: 'Escolha abaixo entre os modelos aprovados da conta: vai no lugar do texto quando o cliente não escreve há mais de 24 horas.' },
    modeloIdioma: { rotulo: 'Idioma do modelo', tipo: 'texto', naSecaoDaTela: true, ajuda: 'pt_BR, como a Meta o lista.' },
    parametrosModelo: { rotulo: 'Parâmetros do modelo', tipo: 'texto', naSecaoDaTela: true, ajuda: 'As variáveis de {{1}}, {{2}}… em ordem, separadas por vírgula: {nome}, {pedido}.' },
  },
  colunas: ['evento', 'mensagem', 'ativo'],
  busca: ['mensagem'],
  filtros: ['evento', 'ativo'],
  ordenacao: { campo: 'evento', direcao: 'asc' },
  unicos: [['evento']],
  regras: (d) => {
    const erro = conferirModelo(d.mensagem, VARIAVEIS_MENSAGEM_AUTOMATICA);
    const erroParametros = conferirParametrosModelo(d.parametrosModelo ?? '', VARIAVEIS_MENSAGEM_AUTOMATICA);
    return [
      ...(erro ? [{ campo: 'mensagem' as const, mensagem: erro }] : []),
      ...(erroParametros ? [{ campo: 'parametrosModelo' as const, mensagem: erroParametros }] : []),
      ...(d.modeloNome && !d.modeloIdioma ? [{ campo: 'modeloIdioma' as const, mensagem: 'Informe o idioma do modelo (pt_BR).' }] : []),
    ];
  },
});
