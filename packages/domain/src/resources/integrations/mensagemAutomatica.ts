import { z } from 'zod';
import { eventosPedido, VARIAVEIS_MENSAGEM_AUTOMATICA } from '../../integrations/whatsapp.ts';
import { conferirModelo } from '../../integrations/modeloMensagem.ts';
import { defineRecurso } from '../define.ts';

/**
 * An automatic WhatsApp message per order event (mensagemAutomatica): when an order of a customer with a
 * phone is received, accepted, leaves for delivery, is delivered or cancelled, the robot sends this text
 * with the order's values. One active message per event; a variable the order does not have is refused.
 */
export const mensagemAutomatica = defineRecurso({
  nome: 'mensagemAutomatica',
  rotulo: 'Mensagem automática',
  rotuloPlural: 'Mensagens automáticas',
  feminino: true,
  escopo: 'grupo',
  schema: z.object({
    evento: z.enum(eventosPedido, { error: 'Escolha o evento do pedido.' }),
    mensagem: z.string({ error: 'Escreva a mensagem.' }).trim().min(1, 'Escreva a mensagem.').max(1000, 'No máximo 1.000 caracteres.'),
    minutosPrevisao: z.number({ error: 'Informe os minutos.' }).int('Informe os minutos com um número inteiro.').min(0, 'No mínimo 0.').max(600, 'No máximo 600 minutos.').default(45),
    ativo: z.boolean().default(true),
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
  },
  colunas: ['evento', 'mensagem', 'ativo'],
  busca: ['mensagem'],
  filtros: ['evento', 'ativo'],
  ordenacao: { campo: 'evento', direcao: 'asc' },
  unicos: [['evento']],
  regras: (d) => {
    const erro = conferirModelo(d.mensagem, VARIAVEIS_MENSAGEM_AUTOMATICA);
    return erro ? [{ campo: 'mensagem', mensagem: erro }] : [];
  },
});
