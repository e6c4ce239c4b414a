import type { EmailMessage } from '../mail/mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The password-reset e-mail, in Portuguese, text and HTML. */
export function recoveryEmail(to: { nome: string; email: string; grupoNome: string }, link: string): EmailMessage {
  const texto = [
    `Olá, ${to.nome}.`,
    '',
    `Recebemos um pedido para redefinir a sua senha do Retaguarda (${to.grupoNome}).`,
    'Para escolher uma nova senha, abra o link abaixo. Ele vale por 1 hora e só pode ser usado uma vez:',
    '',
    link,
    '',
    'Se não foi você quem pediu, ignore este e-mail: a sua senha continua a mesma.',
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(to.nome)}.</p>
<p>Recebemos um pedido para redefinir a sua senha do Retaguarda (${escapeHtml(to.grupoNome)}).</p>
<p><a href="${escapeHtml(link)}">Escolher uma nova senha</a> — o link vale por 1 hora e só pode ser usado uma vez.</p>
<p>Se não foi você quem pediu, ignore este e-mail: a sua senha continua a mesma.</p>`;
  return { para: to.email, assunto: 'Retaguarda: redefinição de senha', texto, html };
}
