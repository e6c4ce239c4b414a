/** Texts of the provedorOTP screen's test panel (issue 17). */
export const textosProvedorOtp = {
  provedorOtp: {
    testarTitulo: 'Testar o provedor ativo',
    testarAjuda: 'Envie um código ao seu e-mail (ou celular com DDD, se o canal for WhatsApp ou SMS), digite-o e veja se o provedor confere como o cliente veria. O teste conta no limite por hora do destino.',
    destino: 'Destino',
    destinoExemplo: 'seu.email@restaurante.com.br',
    enviar: 'Enviar código',
    enviado: 'Código enviado para {{destino}}; vale até {{hora}}.',
    codigo: 'Código recebido',
    conferir: 'Conferir',
    valido: 'Código válido: o cliente entraria.',
    invalido: 'Código recusado: {{mensagem}}',
    tokenTitulo: 'Token do provedor de SMS',
    tokenExplicacao: 'O token da conta no provedor de SMS (API no formato da Zenvia). Guardamos cifrado e ele não aparece de novo; para trocar, digite outro.',
    tokenDefinidoEm: 'Definido em {{data}}',
    tokenAusente: 'Sem token: o SMS não sai',
    tokenSalvo: 'Token salvo.',
    novoToken: 'Novo token',
    salvarToken: 'Salvar token',
    salveAntes: 'Salve o provedor para definir o token.',
  },
};
