/** Social sign-in channels (the spec's firebaseChannel values) and the switch of each. */
export const FIREBASE_CHANNELS = {
  google: "GOOGLELOGIN3",
  facebook: "FACEBOOKLOGIN3",
  twitter: "TWITTERLOGIN3",
  line: "LINELOGIN3",
} as const;

export type FirebaseChannel = keyof typeof FIREBASE_CHANNELS;

/** Brand names, the same in every language. */
export const PROVIDER_NAMES: Record<FirebaseChannel, string> = {
  google: "Google",
  facebook: "Facebook",
  // Twitter is X since 2023 and shows only the X mark; the old name helps those who still know it by it.
  twitter: "X (Twitter)",
  line: "LINE",
};

/** The identity service's web configuration as the operator hands it out (public by design). */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** Test and demo only: the Firebase Auth emulator. */
  emulatorUrl?: string;
}

/** The Telegram Login fields, in the order Telegram names them. */
export const TELEGRAM_FIELDS = ["id", "first_name", "last_name", "username", "photo_url", "auth_date", "hash"] as const;
