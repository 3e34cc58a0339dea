/** Social sign-in, Telegram and free play on the login page (built by the social-login work). */
export function OtherWaysIn(_props: { enabled: readonly string[]; redirectTo: string }) {
  return null;
}
