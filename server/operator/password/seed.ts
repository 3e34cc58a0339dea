/** The reset mails the operator "sent" (tests read them at /__reference/password-mails). No demo rows. */

export const PASSWORD_SCHEMA = `
CREATE TABLE IF NOT EXISTS password_mails (
  id            INTEGER PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  member_id     INTEGER NOT NULL,
  username      TEXT NOT NULL,
  email         TEXT NOT NULL,
  created_at    INTEGER NOT NULL
);
`;
