/**
 * The channel's own replies (linking and failures); everything about finances comes from the
 * assistant (packages/assistant's replies and the ledger service).
 */
export const texts = {
  linked: (name: string | null) =>
    `${name ? `Olá, ${name}! ` : ''}✅ Pronto: este WhatsApp está vinculado à sua conta do Equilibraí.\n\n` +
    'Agora é só me mandar seus gastos e receitas, por exemplo: *gastei 45,90 no mercado*. ' +
    'Mande *ajuda* para ver tudo o que eu entendo.',
  linkInvalid: (dashboardUrl: string) =>
    'Esse código não vale ou já expirou. Gere um novo no seu painel e mande de novo: ' +
    dashboardUrl,
  linkHowTo: (dashboardUrl: string) =>
    `Para vincular este WhatsApp, abra o seu painel (${dashboardUrl}), toque em ` +
    '*Vincular WhatsApp* e mande a mensagem com o código que aparece lá.',
  linkTooManyAttempts: () =>
    'Muitas tentativas de vincular com código errado. Espere uma hora e gere um novo código no ' +
    'seu painel.',
  simulatorLink: () =>
    'No simulador você já está conectado à sua conta: não precisa vincular. Mande um gasto, por ' +
    'exemplo: *gastei 45,90 no mercado*.',
  failed: () =>
    'Desculpe, não consegui processar sua mensagem agora. Tente de novo em alguns minutos.',
}
