/** pt-BR messages of the accounts API; the account-blocked text is spec point 4/8, byte for byte. */
export const AUTH_MESSAGES = {
  accountBlocked: 'Conta bloqueada. Contate o suporte.',
  invalidCredentials: 'E-mail ou senha inválidos.',
  tooManyAttempts: 'Muitas tentativas de acesso. Tente novamente em alguns minutos.',
  emailInUse: 'Este e-mail já está cadastrado.',
  sessionEnded: 'Sessão encerrada. Entre novamente.',
  invalidRefreshToken: 'Token de atualização inválido ou expirado.',
  wrongCurrentPassword: 'A senha atual está incorreta.',
} as const;
