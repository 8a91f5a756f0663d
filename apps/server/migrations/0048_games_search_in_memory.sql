-- The catalog search matches in memory (modules/casino/games/search-index.ts): nothing reads
-- the trigram indexes on game titles and provider names any more, and each catalog write paid
-- for them. pg_trgm itself stays (the back office's e-mail search, 0002).
DROP INDEX IF EXISTS games_title_trgm;
DROP INDEX IF EXISTS game_providers_name_trgm;
