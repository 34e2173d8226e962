/** How many sign-in and reset attempts are allowed; tests pass smaller numbers through the config. */
export interface AuthLimits {
  windowMs: number;
  /** Failed logins per client IP (successful ones are not counted). */
  loginFailuresPerIp: number;
  /** Failed logins per email address, whether or not an account has it. */
  loginFailuresPerAccount: number;
  forgotPasswordPerIp: number;
  forgotPasswordPerAccount: number;
  /** Wrong current passwords per signed-in user on a password change. */
  passwordChangeFailuresPerUser: number;
}

declare module '../../config' {
  interface Config {
    authLimits?: Partial<AuthLimits>;
  }
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  windowMs: 15 * 60 * 1000,
  loginFailuresPerIp: 10,
  loginFailuresPerAccount: 5,
  forgotPasswordPerIp: 10,
  forgotPasswordPerAccount: 5,
  passwordChangeFailuresPerUser: 5,
};
