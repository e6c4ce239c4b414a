/** Texts of the provedorOTP screen's test panel (issue 17). */
export const textosProvedorOtp = {
  provedorOtp: {
    testarTitulo: 'Testar o provedor ativo',
    testarAjuda: 'Envie um código ao seu e-mail (ou telefone, conforme o canal), digite-o e veja se o provedor confere como o cliente veria. O teste conta no limite por hora do destino.',
    destino: 'Destino',
    destinoExemplo: 'seu.email@restaurante.com.br',
    enviar: 'Enviar código',
    enviado: 'Código enviado para {{destino}}; vale até {{hora}}.',
    codigo: 'Código recebido',
    conferir: 'Conferir',
    valido: 'Código válido: o cliente entraria.',
    invalido: 'Código recusado: {{mensagem}}',
  },
};
