-- Interface languages offered by the player app's language picker (GET /api/v1/languages).
CREATE TABLE languages (
  code text PRIMARY KEY CHECK (code ~ '^[a-z]{2}$'),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
  -- URL of the flag shown next to the title, served by the API at /flags/{COUNTRY}.svg
  icon text NOT NULL CHECK (char_length(icon) BETWEEN 1 AND 500),
  position integer NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO languages (code, title, icon, position) VALUES
  ('en', 'English', '/flags/GB.svg', 10),
  ('ru', 'Русский', '/flags/RU.svg', 20),
  ('uk', 'Українська', '/flags/UA.svg', 30),
  ('kk', 'Қазақша', '/flags/KZ.svg', 40),
  ('az', 'Azərbaycan', '/flags/AZ.svg', 50),
  ('uz', 'Oʻzbekcha', '/flags/UZ.svg', 60),
  ('hi', 'हिन्दी', '/flags/IN.svg', 70),
  ('pl', 'Polski', '/flags/PL.svg', 80),
  ('id', 'Bahasa Indonesia', '/flags/ID.svg', 90);
