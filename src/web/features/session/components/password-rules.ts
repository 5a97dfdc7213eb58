/** The contracts' minimum (resetPasswordRequest / changePasswordRequest: min 8), checked before sending. */
export const MIN_PASSWORD_LENGTH = 8;
