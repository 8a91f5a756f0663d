-- Identity verification of players. With WITHDRAW_VERIFICATION_REQUIRED on, an unverified
-- player is sent to personal data by the withdraw check and cannot create a withdrawal;
-- support or an admin marks the player verified in the backoffice (audited).
ALTER TABLE users ADD COLUMN is_verified boolean NOT NULL DEFAULT false;
